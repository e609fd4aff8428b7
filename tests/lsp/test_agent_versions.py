"""The editor's `agentVersions` setting: read from `initialize`'s options, it makes the
server judge by an older version of an agent where that version behaves otherwise. pi
before 0.63.1 (lab record pi-0.60.0) loads a `*.md` file directly in `.agents/skills` as a
skill; the newest observed pi does so in its `.pi` roots only, and then the server leaves
such a file alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import diagnostics_for, fresh_server, open_doc, scanned


def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    skills = root / ".agents" / "skills"
    skills.mkdir(parents=True)
    (root / ".git").mkdir()
    (skills / "notes.md").write_text("Summarise the notes.\n", "utf-8")
    return root


@pytest.mark.parametrize(("versions", "checked"), [({"pi": "0.60.0"}, True), (None, False)])
async def test_the_setting_chooses_the_version_judged_by(
    versions: dict[str, str] | None, checked: bool, tmp_path: Path
) -> None:
    root = project(tmp_path)
    settings: dict[str, object] = {"targetClients": ["pi"]}
    if versions is not None:
        settings["agentVersions"] = versions
    options = {"skillLs": settings, "workspaceTrusted": True}
    async with fresh_server("vscode", root, options=options, settings=settings) as client:
        await scanned(client)
        uri = open_doc(client, root / ".agents" / "skills" / "notes.md")
        codes = [str(d.code) for d in await diagnostics_for(client, uri)]
        assert ("SKL001" in codes) == checked, codes
