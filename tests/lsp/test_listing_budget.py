"""SKL508 in the editor: a skill Claude Code's listing budget cuts gets the finding, pushed
or pulled; shortening another skill's description brings the listing under the budget and
clears it on the cut skill's open document."""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import (
    RecordingClient,
    diagnostics_for,
    fresh_server,
    open_doc,
    replace_all,
    scanned,
    wait_until,
)

COUNT = 45  # the whole listing is a few hundred characters over Claude Code's 30,000


def _text(number: int, description: str | None = None) -> str:
    description = description or "Handles task " + "x" * (480 + number) + "."
    return f"---\nname: skill-{number:02d}\ndescription: {description}\n---\n\n# Body\n"


def _workspace(root: Path) -> list[Path]:
    # The workspace's own file: clients without `workspace/configuration` read it too.
    (root / ".skill-ls.toml").write_text('targetClients = ["claude-code"]\n', encoding="utf-8")
    paths: list[Path] = []
    for number in range(COUNT):
        path = root / ".claude" / "skills" / f"skill-{number:02d}" / "SKILL.md"
        path.parent.mkdir(parents=True)
        path.write_text(_text(number), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_shortening_a_description_clears_it_elsewhere(profile: str, tmp_path: Path) -> None:
    paths = _workspace(tmp_path)
    async with fresh_server(profile, tmp_path) as client:
        await scanned(client)
        last = open_doc(client, paths[-1])
        [finding] = [d for d in await diagnostics_for(client, last) if d.code == "SKL508"]
        assert finding.message.startswith(
            "Claude Code lists this skill without its description: the "
        )
        assert (finding.range.start.line, finding.range.start.character) == (2, 13)
        first = open_doc(client, paths[0])
        assert [d for d in await diagnostics_for(client, first) if d.code == "SKL508"] == []

        replace_all(client, first, _text(0, "Short."), 2)
        assert [d for d in await diagnostics_for(client, first, 2) if d.code == "SKL508"] == []
        if client.pulls:
            after = await diagnostics_for(client, last)
        else:
            await _republished(client, last)
            after = list(client.published[last][-1].diagnostics)
        assert [d.code for d in after if d.code == "SKL508"] == []


async def _republished(client: RecordingClient, uri: str) -> None:
    """Wait for a push of `uri` without SKL508 (it had one before the change)."""

    def cleared() -> bool:
        latest = client.published.get(uri, [])
        return bool(latest) and not any(d.code == "SKL508" for d in latest[-1].diagnostics)

    await wait_until(cleared)
