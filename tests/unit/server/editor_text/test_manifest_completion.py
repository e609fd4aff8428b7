"""Completion in bundle manifests: the keys the client rows' bundle formats need, and skill
folders below the bundle's root only."""

from __future__ import annotations

from pathlib import Path

from skill_ls.server.editor_text.manifest_completion import manifest_completions


def skill(folder: Path, name: str) -> None:
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: Does {name}. Use when asked.\n---\n", encoding="utf-8"
    )


def test_an_extension_offers_the_keys_it_needs_and_no_skill_paths(tmp_path: Path) -> None:
    manifest = tmp_path / "gemini-extension.json"
    text = '{"name": "doc-tools", '
    labels = [item.label for item in manifest_completions(str(manifest), text, len(text))]
    assert labels == ["version"]


def test_folder_completion_stays_below_the_root_and_skips_hidden_and_linked_folders(
    tmp_path: Path,
) -> None:
    root = tmp_path / "plugin"
    skill(root / "more" / "one", "one")
    skill(root / ".hidden" / "two", "two")
    skill(tmp_path / "elsewhere" / "three", "three")
    (root / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    manifest = root / ".claude-plugin" / "plugin.json"
    text = '{"name": "p", "skills": "./'
    found = manifest_completions(str(manifest), text, len(text))
    assert [(item.label, item.detail) for item in found] == [
        ("./more", "1 skill"),
        ("./more/one", "a skill"),
    ]
