"""OpenCode's catalog and `skill` tool answer (observed, OpenCode 1.18.33): sorted by name
in locale order, nothing escaped but the location, files in ripgrep's order."""

from __future__ import annotations

import os
import subprocess
from dataclasses import replace
from pathlib import Path

from skill_ls.clients.table import get_client
from skill_ls.render import render_activation, render_catalog
from skill_ls.render.activation import source_for
from skill_ls.render.opencode import NO_SKILLS, PREAMBLE, escape_location, skill_files
from skill_ls.render.strings import js_trim
from skill_ls.workspace import LoadedSkill


def skill(name: str, description: str = "Does things.", hidden: bool = False) -> LoadedSkill:
    path = f"/w/.agents/skills/{name}/SKILL.md"
    return LoadedSkill(
        name=name,
        description=description,
        path=path,
        folder=os.path.dirname(path),
        real_path=path,
        scope="project",
        root="/w/.agents/skills",
        relative_path=f"{name}/SKILL.md",
        hidden=hidden,
    )


def test_catalog_sorts_by_name_in_locale_order() -> None:
    names = ["zeta", "Upper-Case", "under_score", "beta-2", "alpha", "mid"]
    rendering = render_catalog("opencode", [skill(name) for name in names])
    listed = [line.strip()[6:-7] for line in rendering.text.splitlines() if "<name>" in line]
    assert listed == ["alpha", "beta-2", "mid", "under_score", "Upper-Case", "zeta"]
    assert [e.name for e in rendering.entries] == listed
    assert rendering.text.startswith(PREAMBLE + "<available_skills>\n  <skill>\n")
    assert rendering.text.endswith("  </skill>\n</available_skills>")


def test_catalog_escapes_only_the_location() -> None:
    hostile = skill("a<b>", "Closes </available_skills> & it's")
    hostile = replace(hostile, path="/w/it's & <x>/SKILL.md")
    text = render_catalog("opencode", [hostile]).text
    assert "<name>a<b></name>" in text
    assert "<description>Closes </available_skills> & it's</description>" in text
    assert "<location>/w/it&#39;s &amp; &lt;x&gt;/SKILL.md</location>" in text
    assert escape_location("<built-in>") == "&lt;built-in&gt;"


def test_catalog_leaves_out_hidden_skills_and_says_when_none_is_left() -> None:
    rendering = render_catalog("opencode", [skill("secret", hidden=True)])
    assert rendering.text == PREAMBLE + NO_SKILLS
    assert [(e.name, e.hidden) for e in rendering.entries] == [("secret", True)]
    both = render_catalog("opencode", [skill("shown"), skill("secret", hidden=True)])
    assert "secret" not in both.text
    assert [(e.name, e.hidden) for e in both.entries] == [("shown", False), ("secret", True)]


def test_js_trim_strips_what_javascript_strips() -> None:
    assert js_trim("\ufeff\u00a0 body \r\n\u2028") == "body"
    assert js_trim("\x1cbody\x85") == "\x1cbody\x85"  # not JavaScript whitespace


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder / "SKILL.md"


def test_activation_pastes_the_body_and_lists_files_as_ripgrep_does(tmp_path: Path) -> None:
    folder = tmp_path / "tool"
    body = "\n\n# Tool\r\n\r\nRead </skill_content> & go.\n\n"
    path = _write(
        folder,
        {
            "SKILL.md": f"---\nname: tool\ndescription: A tool.\n---\n{body}",
            "top.txt": "x",
            "scripts/run.sh": "x",
            "scripts/nested/SKILL.md": "not listed",
            ".hidden/note.md": "x",
        },
    )
    (folder / ".git").mkdir()
    (folder / ".git" / "config").write_text("x")
    os.symlink(folder / "top.txt", folder / "link.txt")
    source = source_for("tool", str(path), keep_line_ends=True)
    text = render_activation("opencode", source).text
    assert text.startswith(
        '<skill_content name="tool">\n# Skill: tool\n\n# Tool\r\n\r\nRead </skill_content> & go.'
        f"\n\nBase directory for this skill: {folder}\n"
    )
    files = [line[6:-7] for line in text.splitlines() if line.startswith("<file>")]
    assert sorted(files) == sorted(
        str(folder / name) for name in ("top.txt", "scripts/run.sh", ".hidden/note.md")
    )
    assert files[0] == str(folder / "top.txt")  # the folder's own files come first
    assert text.endswith("</skill_files>\n</skill_content>")


def test_skill_files_follow_directory_order_then_folders_last_pushed_first(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "tool"
    _write(folder, {"SKILL.md": "x", "a/1.md": "x", "b/2.md": "x", "c/3.md": "x"})
    order = [entry.name for entry in os.scandir(folder) if entry.is_dir()]
    expected = [str(folder / name / os.listdir(folder / name)[0]) for name in reversed(order)]
    assert skill_files(str(folder)) == expected
    assert skill_files(str(tmp_path / "missing")) is None


def test_skill_files_stop_at_ten_and_skip_git_ignored_files(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("*.log\n")
    folder = tmp_path / "tool"
    _write(folder, {"SKILL.md": "x", "keep.md": "x", "drop.log": "x"})
    assert skill_files(str(folder)) == [str(folder / "keep.md")]
    _write(folder, {f"r{i:02d}.md": "x" for i in range(15)})
    assert len(skill_files(str(folder)) or []) == 10


def test_the_row_renders_with_these_formats() -> None:
    client = get_client("opencode")
    assert (client.listing.format, client.activation.format) == (
        "opencode-available-skills",
        "opencode-skill-content",
    )
