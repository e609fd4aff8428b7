"""A plugin marketplace opened in the editor: its manifests are checked as JSON documents
(exact ranges, pushed or pulled), and the catalog preview lists the plugins' skills as Claude
Code lists them once installed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from .support import (
    REPO,
    diagnostics_for,
    fresh_server,
    open_doc,
    replace_all,
    scanned,
)

MARKETPLACE = REPO / "tests" / "fixtures" / "plugin-marketplace"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "market"
    shutil.copytree(MARKETPLACE, root)
    return root


def _found(diagnostics: list[types.Diagnostic]) -> list[tuple[str, int, int, int, int, str]]:
    return [
        (
            str(d.code),
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            d.message,
        )
        for d in diagnostics
    ]


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_an_open_marketplace_is_checked_and_rechecked_on_edit(
    tmp_path: Path, profile: str
) -> None:
    root = _copy(tmp_path)
    manifest = root / ".claude-plugin" / "marketplace.json"
    async with fresh_server(profile, root) as client:
        uri = open_doc(client, manifest)
        found = _found(await diagnostics_for(client, uri, 1))
        assert found == [
            (
                "SKL604",
                16,
                16,
                16,
                33,
                "`./plugins/ghost` is not a folder below the marketplace root (a source is "
                "relative to the marketplace root, not to the marketplace file)",
            )
        ]
        # The unsaved buffer is what is checked: a space in a plugin's name.
        text = manifest.read_text(encoding="utf-8").replace('"writing"', '"my writing"', 1)
        replace_all(client, uri, text, 2)
        found = _found(await diagnostics_for(client, uri, 2))
        assert found == [
            (
                "SKL604",
                5,
                14,
                5,
                26,
                "Claude Code refuses the plugin name `my writing`: it must be at least one "
                "character, without spaces, control or bidirectional-formatting characters",
            ),
            (
                "SKL604",
                16,
                16,
                16,
                33,
                "`./plugins/ghost` is not a folder below the marketplace root (a source is "
                "relative to the marketplace root, not to the marketplace file)",
            ),
        ]


async def test_the_catalog_preview_lists_the_plugins_skills_as_installed(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    async with fresh_server("vscode", root) as client:
        await scanned(client)
        result: Any = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="skill-ls.previewCatalog", arguments=[root.as_uri(), "claude-code"]
            )
        )
        assert result is not None
        plugin_entries = [
            (entry["name"], entry["location"])
            for entry in result["entries"]
            if ":" in entry["name"]
        ]
        plugins = root / "plugins"
        assert plugin_entries == [
            ("writing:draft-notes", str(plugins / "writing/skills/draft-notes/SKILL.md")),
            ("writing:polish-prose", str(plugins / "writing/skills/polish-prose/SKILL.md")),
            ("review:check-diff", str(plugins / "review/skills/check-diff/SKILL.md")),
            ("review:summarise-pr", str(plugins / "review/extra-skills/summarise-pr/SKILL.md")),
        ]
        assert result["text"].startswith(
            "The following skills are available for use with the Skill tool:\n\n"
            "- writing:draft-notes: Draft meeting notes from a transcript. Use when the "
            "user pastes a transcript.\n"
            "- writing:polish-prose: Tighten wording and fix grammar in a draft. Use before "
            "sending any text.\n"
            "- review:check-diff: Review a diff for bugs and missing tests. Use when asked "
            "to review a change.\n"
            "- review:summarise-pr: Summarise a pull request for its reviewers. Use after a "
            "review.\n"
        )
