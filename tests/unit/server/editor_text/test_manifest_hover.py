"""Hover in bundle manifests, from the client rows' bundle formats and the bundle on disk: a
Gemini CLI extension (names not namespaced, `version` needed) and a Claude Code plugin's
skill paths; files that are not manifests, or too large, get neither hover nor completion."""

from __future__ import annotations

import json
from pathlib import Path

from skill_ls.diagnostics import Position
from skill_ls.rules.manifests import MAX_MARKETPLACE_ENTRIES
from skill_ls.server.editor_text.manifest_completion import manifest_completions
from skill_ls.server.editor_text.manifest_hover import manifest_hover


def skill(folder: Path, name: str) -> None:
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: Does {name}. Use when asked.\n---\n", encoding="utf-8"
    )


def position(text: str, needle: str, offset: int = 0) -> Position:
    before = text[: text.index(needle) + offset]
    return Position(before.count("\n"), len(before) - (before.rfind("\n") + 1))


def test_an_extensions_name_lists_its_skills_under_their_own_names(tmp_path: Path) -> None:
    skill(tmp_path / "skills" / "lint-docs", "lint-docs")
    manifest = tmp_path / "gemini-extension.json"
    text = json.dumps({"name": "doc-tools", "version": "1.0.0"}, indent=2)
    found = manifest_hover(str(manifest), text, position(text, "doc-tools"))
    assert found is not None
    assert found.text == (
        "**`name`**: the extension's name, `doc-tools`\n\n"
        "- Gemini CLI: lists its skills as `lint-docs`"
    )


def test_an_extension_without_a_version_is_refused_and_the_hover_says_so(tmp_path: Path) -> None:
    skill(tmp_path / "skills" / "lint-docs", "lint-docs")
    manifest = tmp_path / "gemini-extension.json"
    text = '{"name": "doc tools"}'
    found = manifest_hover(str(manifest), text, position(text, "name"))
    assert found is not None
    assert found.text.endswith(
        "- Gemini CLI: refuses this extension: the manifest has no `version`"
    )


def test_a_needed_key_says_who_needs_it(tmp_path: Path) -> None:
    manifest = tmp_path / "gemini-extension.json"
    text = '{"name": "doc-tools", "version": "1.0.0"}'
    found = manifest_hover(str(manifest), text, position(text, "version"))
    assert found is not None
    assert found.text == "**`version`**: Gemini CLI refuses the extension without it."


def test_skill_paths_that_load_nothing_say_why(tmp_path: Path) -> None:
    skill(tmp_path / "more" / "one", "one")
    manifest = tmp_path / ".claude-plugin" / "plugin.json"
    text = '{"name": "p", "skills": ["more", "./gone", "./more", "../outside"]}'
    found = manifest_hover(str(manifest), text, position(text, "skills"))
    assert found is not None
    assert found.text.splitlines()[2:] == [
        "- `more`: Claude Code reads no skill from it (a skill path is `.` or `./...`)",
        "- `./gone`: Claude Code reads no skill from it (no such folder in the bundle)",
        "- `./more`: Claude Code loads `p:one`",
        "- `../outside`: Claude Code reads no skill from it (a skill path is `.` or `./...`)",
    ]


def test_a_skill_path_through_a_link_out_of_the_plugin_reads_nothing(tmp_path: Path) -> None:
    root = tmp_path / "plugin"
    root.mkdir()
    skill(tmp_path / "elsewhere", "secret")
    (root / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    manifest = root / ".claude-plugin" / "plugin.json"
    text = '{"name": "p", "skills": "./linked"}'
    found = manifest_hover(str(manifest), text, position(text, "./linked", 2))
    assert found is not None
    assert found.text == (
        "- `./linked`: Claude Code reads no skill from it (no such folder in the bundle)"
    )


def test_text_that_is_not_json_gets_no_hover(tmp_path: Path) -> None:
    manifest = tmp_path / ".claude-plugin" / "plugin.json"
    assert manifest_hover(str(manifest), '{"name": "p",', Position(0, 3)) is None


def test_other_files_get_nothing(tmp_path: Path) -> None:
    other = tmp_path / "package.json"
    assert manifest_hover(str(other), '{"name": "p"}', Position(0, 3)) is None
    assert manifest_completions(str(other), '{"', 2) == []


def test_a_manifest_past_the_size_bound_gets_nothing_and_costs_no_walk(tmp_path: Path) -> None:
    manifest = tmp_path / ".claude-plugin" / "plugin.json"
    text = '{"name": "p", "description": "' + "x" * 2_000_000 + '", "'
    assert manifest_hover(str(manifest), text, Position(0, 3)) is None
    assert manifest_completions(str(manifest), text, len(text)) == []


def test_a_marketplace_entry_past_the_read_bound_says_so(tmp_path: Path) -> None:
    plugin = tmp_path / "p"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"name": "t"}', encoding="utf-8")
    skill(plugin / "skills" / "draft", "draft")
    manifest = tmp_path / ".claude-plugin" / "marketplace.json"
    entries = ",\n".join(['{"name": "t", "source": "./p"}'] * (MAX_MARKETPLACE_ENTRIES + 1))
    text = f'{{"name": "m", "owner": {{"name": "o"}}, "plugins": [\n{entries}\n]}}'
    first = manifest_hover(str(manifest), text, Position(1, 3))
    assert first is not None and "lists its skills as `t:draft`" in first.text
    last = manifest_hover(str(manifest), text, Position(MAX_MARKETPLACE_ENTRIES + 1, 3))
    assert last is not None
    assert last.text == (
        "**`name`**: The plugin's name: it installs as `name@marketplace`.\n\n"
        f"- skill-ls reads only the first {MAX_MARKETPLACE_ENTRIES} plugin entries; this is "
        f"entry {MAX_MARKETPLACE_ENTRIES + 1:,}"
    )
