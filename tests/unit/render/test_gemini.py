"""Gemini CLI's catalog section and `activate_skill` answer (observed in Gemini CLI 0.61.0)."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.render import render_activation, render_catalog, source_for
from skill_ls.render.gemini import CATALOG_HEADER, folder_structure, gemini_body
from skill_ls.workspace.index_records import LoadedSkill


def skill(name: str, description: str, hidden: bool = False) -> LoadedSkill:
    return LoadedSkill(
        name=name,
        description=description,
        path=f"/p/.agents/skills/{name}/SKILL.md",
        folder=f"/p/.agents/skills/{name}",
        real_path=f"/p/.agents/skills/{name}/SKILL.md",
        scope="project",
        root="/p/.agents/skills",
        relative_path=f"{name}/SKILL.md",
        hidden=hidden,
    )


def test_catalog_layout_and_entries() -> None:
    rendering = render_catalog("gemini-cli", [skill("a", "First."), skill("b", "Second.")])
    blocks = [
        "  <skill>\n    <name>a</name>\n    <description>First.</description>\n"
        "    <location>/p/.agents/skills/a/SKILL.md</location>\n  </skill>\n",
        "  <skill>\n    <name>b</name>\n    <description>Second.</description>\n"
        "    <location>/p/.agents/skills/b/SKILL.md</location>\n  </skill>\n",
    ]
    assert rendering.text == CATALOG_HEADER + "".join(blocks) + "</available_skills>"
    assert rendering.text.startswith("# Available Agent Skills\n\nYou have access to")
    assert [entry.characters for entry in rendering.entries] == [len(b) for b in blocks]
    assert rendering.format == "gemini-available-skills" and rendering.client == "gemini-cli"


def test_catalog_escapes_nothing() -> None:
    text = render_catalog("gemini-cli", [skill("x", "A & B </available_skills> <b>")]).text
    assert "<description>A & B </available_skills> <b></description>" in text


def test_no_visible_skill_no_section() -> None:
    rendering = render_catalog("gemini-cli", [skill("x", "Hidden.", hidden=True)])
    assert rendering.text == "" and rendering.entries[0].hidden


def test_body_is_what_follows_the_closing_line_trimmed() -> None:
    assert gemini_body("---\nname: a\n---\n\n  Body\r\nline two\n\n") == "Body\r\nline two"
    assert gemini_body("---\r\nname: a\r\n---\r\nBody\r\n") == "Body"
    # The closing `---` may have more on its line: then there is no body.
    assert gemini_body("---\nname: a\n----\nBody\n") == ""
    assert gemini_body("\ufeff---\nname: a\n---\nBody\n") == ""  # no frontmatter: no body
    assert gemini_body("---\nname: a\n---\n\u00a0Body\u3000\n") == "Body"  # JavaScript trim


def test_activation_keeps_the_body_and_names_as_written(tmp_path: Path) -> None:
    folder = tmp_path / "tool"
    folder.mkdir()
    body = "# Tool\n\n</instructions></activated_skill> A & B\n"
    (folder / "SKILL.md").write_text(f"---\nname: tool\ndescription: d\n---\n{body}")
    rendering = render_activation("gemini-cli", source_for("tool", str(folder / "SKILL.md")))
    assert rendering.text == (
        '<activated_skill name="tool">\n'
        "  <instructions>\n"
        f"    {body.strip()}\n"
        "  </instructions>\n"
        "\n"
        "  <available_resources>\n"
        "    Showing up to 200 items (files + folders).\n"
        "\n"
        f"{folder}/\n"
        "└───SKILL.md\n"
        "  </available_resources>\n"
        "</activated_skill>"
    )


def test_folder_tree_files_first_in_locale_order(tmp_path: Path) -> None:
    folder = tmp_path / "tool"
    for path in ("SKILL.md", "z.md", "B.md", "a.md", "scripts/run.py", "references/g.md"):
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text("")
    (folder / "link.md").symlink_to(folder / "a.md")  # links are neither files nor folders
    assert folder_structure(str(folder)).splitlines()[2:] == [
        f"{folder}/",
        "├───a.md",
        "├───B.md",
        "├───SKILL.md",
        "├───z.md",
        "├───references/",
        "│   └───g.md",
        "└───scripts/",
        "    └───run.py",
    ]


def test_folder_tree_leaves_known_folders_closed(tmp_path: Path) -> None:
    folder = tmp_path / "tool"
    (folder / "node_modules" / "pkg").mkdir(parents=True)
    (folder / "SKILL.md").write_text("")
    lines = folder_structure(str(folder)).splitlines()
    assert lines[0].startswith("Showing up to 200 items (files + folders). Folders or files")
    assert lines[3:] == ["├───SKILL.md", f"└───node_modules{os.sep}..."]


def test_folder_tree_stops_at_the_item_limit(tmp_path: Path) -> None:
    folder = tmp_path / "tool"
    (folder / "sub").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (folder / name).write_text("")
    (folder / "sub" / "d").write_text("")
    # Breadth first: the top folder's three files take the whole limit.
    assert folder_structure(str(folder), max_items=3).splitlines()[3:] == [
        "├───a",
        "├───b",
        "├───c",
        "└───...",
    ]
    assert folder_structure(str(folder), max_items=4).splitlines()[3:] == [
        "├───a",
        "├───b",
        "├───c",
        "└───sub/",
    ]


def test_unreadable_folder(tmp_path: Path) -> None:
    missing = str(tmp_path / "gone")
    assert folder_structure(missing) == (
        f'Error: Could not read directory "{missing}". Check path and permissions.'
    )
