"""A repository's files made hostile, over stdio: configuration nested 6,000 deep, with a
5,000-digit integer or of 3 GB still lets the server initialize, register pull diagnostics
and answer them (one warning about that file); a plugin manifest with a 5,000-digit number
still gets the workspace pull its skills' reports; a marketplace listing one plugin 26,000
times gets one bounded finding and a deduplicated Skills view."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from skill_ls.rules.manifests import MAX_MARKETPLACE_ENTRIES

from .support import codes, diagnostics_for, fresh_server, make_skill, open_doc, scanned, wait_until

pytestmark = pytest.mark.asyncio(loop_scope="function")

DIGITS = "9" * 5_000
BROKEN = "---\nname: Bad_Name\ndescription: Fills forms. Use when asked.\n---\n# Body\n"
GOOD = (
    "---\nname: {name}\ndescription: Drafts meeting notes from a transcript, with decisions "
    "and owners. Use when the user asks for notes of a meeting.\n---\n\nBody.\n"
)


@pytest.mark.parametrize(
    ("config", "why"),
    [
        ("select = " + "[" * 6_000, "the TOML nests too deep to read"),
        ("max-line = " + DIGITS, "a value in it is too large to read"),
        ("sparse", "the file is larger than 1,048,576 bytes, more than is read"),
    ],
)
async def test_a_configuration_that_cannot_be_read_costs_one_warning_not_initialize(
    tmp_path: Path, config: str, why: str
) -> None:
    path = tmp_path / ".skill-ls.toml"
    if config == "sparse":
        path.write_text('ignore = ["SKL106"]\n', encoding="utf-8")
        os.truncate(path, 3 * 1024**3)  # 3 GB of holes: nothing real is written
    else:
        path.write_text(config, encoding="utf-8")
    # The other file still applies.
    (tmp_path / "pyproject.toml").write_text('[tool.skill-ls.rules]\nSKL104 = "off"\n')
    async with fresh_server("vscode", tmp_path) as client:
        assert client.init_result is not None
        assert client.init_result.capabilities.diagnostic_provider is not None
        await wait_until(lambda: bool(client.messages))
        assert [(m.type, m.message) for m in client.messages] == [
            (
                types.MessageType.Warning,
                f"skill-ls: invalid settings ignored:\n{path}: cannot read configuration: {why}",
            )
        ]
        uri = open_doc(client, make_skill(tmp_path, BROKEN))
        found = codes(await diagnostics_for(client, uri))
        assert "SKL106" in found and "SKL104" not in found


async def test_a_plugin_manifest_with_a_5000_digit_number_keeps_the_workspace_pull(
    tmp_path: Path,
) -> None:
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / ".claude-plugin" / "plugin.json").write_text(
        f'{{"name": "tools", "version": {DIGITS}, "n": [-{DIGITS}]}}', encoding="utf-8"
    )
    skills = tmp_path / "skills"
    for name in ("draft", "polish"):
        (skills / name).mkdir(parents=True)
        (skills / name / "SKILL.md").write_text(GOOD.format(name=name), encoding="utf-8")
    (skills / "broken").mkdir()
    (skills / "broken" / "SKILL.md").write_text("---\nname: broken\n---\nNo description.\n")
    async with fresh_server("vscode", tmp_path) as client:
        await scanned(client)
        report = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(previous_result_ids=[])
        )
        by_uri = {item.uri: item for item in report.items}
        assert set(by_uri) == {
            (skills / name / "SKILL.md").as_uri() for name in ("draft", "polish", "broken")
        }
        broken = by_uri[(skills / "broken" / "SKILL.md").as_uri()]
        assert isinstance(broken, types.WorkspaceFullDocumentDiagnosticReport)
        assert "SKL111" in codes(broken.items)
        # The manifest itself: nothing wrong with a long number.
        manifest = open_doc(client, tmp_path / ".claude-plugin" / "plugin.json")
        assert await diagnostics_for(client, manifest) == []


def _marketplace(root: Path) -> Path:
    plugin = root / "p"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"name": "t"}', encoding="utf-8")
    (plugin / "skills" / "draft").mkdir(parents=True)
    (plugin / "skills" / "draft" / "SKILL.md").write_text(GOOD.format(name="draft"))
    listing = {
        "name": "market",
        "owner": {"name": "o"},
        "plugins": [{"name": "t", "source": "./p"}] * 26_000,
    }
    manifest = root / ".claude-plugin" / "marketplace.json"
    manifest.parent.mkdir()
    manifest.write_text(json.dumps(listing, separators=(",", ":")), encoding="utf-8")
    assert 700_000 < manifest.stat().st_size < 800_000
    return manifest


async def test_a_marketplace_listing_one_plugin_26000_times_is_bounded_and_deduplicated(
    tmp_path: Path,
) -> None:
    manifest = _marketplace(tmp_path)
    settings = {"targetClients": ["claude-code", "codex"]}
    async with fresh_server("vscode", tmp_path, settings=settings) as client:
        await scanned(client)
        result: Any = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.skillsView", arguments=[])
        )
        assert [(s["name"], s["scope"]) for s in result["skills"]] == [("t:draft", "plugin")]
        assert [(g["label"], len(g["items"])) for g in result["byFolder"]] == [("plugin t (p)", 1)]
        assert sorted((a["id"], len(a["items"])) for a in result["byAgent"]) == [
            ("claude-code", 1),
            ("codex", 1),
        ]
        # The open marketplace: one finding for the bound, then the checked entries only.
        uri = open_doc(client, manifest)
        found = await diagnostics_for(client, uri)
        bound = [d for d in found if d.code == "SKL604"]
        assert [d.message for d in bound] == [
            f"`plugins` lists 26,000 entries; only the first {MAX_MARKETPLACE_ENTRIES} are "
            "checked and read"
        ]
        assert codes(found) == ["SKL604"] + ["SKL605"] * (MAX_MARKETPLACE_ENTRIES - 1)
