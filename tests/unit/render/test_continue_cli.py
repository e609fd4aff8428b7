"""Continue CLI's catalog (`continue-skills-tool`, the Skills tool's description) and that
tool's answer (`continue-skill`), beyond what the lab's goldens replay."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render import render_activation
from skill_ls.render.continue_cli import (
    HEADER,
    OTHER_INSTRUCTIONS,
    body_of,
    continue_catalog,
    continue_skill,
    skill_files,
)
from skill_ls.render.source import ActivationSource
from skill_ls.workspace.index_records import LoadedSkill
from tests.unit.render.skills import loaded_skill

CONTINUE = CLIENTS_BY_ID["continue"]


def _skill(name: str, description: str, hidden: bool = False) -> LoadedSkill:
    return loaded_skill(name, description, "/w/.continue/skills", hidden=hidden)


def _source(folder: Path, text: str, scope: str = "project") -> ActivationSource:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    return ActivationSource(
        name=folder.name,
        path=str(folder / "SKILL.md"),
        folder=str(folder),
        text=text,
        scope=scope,
    )


def test_entries_are_joined_by_commas_after_the_sentence() -> None:
    rendering = continue_catalog([_skill("a", "One."), _skill("b", "Two.\n")], CONTINUE)
    assert rendering.text == (
        f"{HEADER}\nname: a\ndescription: One.\n,\nname: b\ndescription: Two.\n\n"
    )
    first, second = "\nname: a\ndescription: One.\n", "\nname: b\ndescription: Two.\n\n"
    assert [e.characters for e in rendering.entries] == [len(first), len(second)]


def test_every_copy_of_a_name_is_listed_and_nothing_is_escaped() -> None:
    text = continue_catalog([_skill("t", "<b>&</b>"), _skill("t", "x")], CONTINUE).text
    assert text.count("name: t\n") == 2 and "description: <b>&</b>\n" in text


def test_the_sentence_stands_alone_without_skills() -> None:
    assert HEADER.endswith("listed below:\n")
    assert continue_catalog([], CONTINUE).text == HEADER
    hidden = continue_catalog([_skill("h", "x", hidden=True)], CONTINUE)
    assert hidden.text == HEADER and hidden.entries[0].hidden


def test_body_is_after_the_second_dashes_line_trimmed() -> None:
    assert body_of("---\nname: a\n---\n\n# A\r\nText\r\n\n") == "# A\nText"
    # Later `---` lines are joined back; trailing spaces after dashes still split.
    assert body_of("---\na: 1\n---  \nOne\n---\nTwo\n") == "One\n---\nTwo"
    # Fewer than two `---` lines: the whole text (Continue then finds no fields).
    assert body_of("no frontmatter\n") == "no frontmatter\n"


def test_activation_tags_and_no_files(tmp_path: Path) -> None:
    folder = tmp_path / "p" / ".continue" / "skills" / "a"
    source = _source(folder, "---\nname: a\ndescription: Does <a> & b.\n---\nBody $ARGUMENTS\n")
    assert continue_skill(source, "x y").text == (
        "<skill_name>a</skill_name>\n"
        "<skill_description>Does <a> & b.</skill_description>\n"
        "<skill_content>Body $ARGUMENTS</skill_content>"
    )


def test_files_are_relative_to_the_project_and_sorted_as_locale_compare(tmp_path: Path) -> None:
    folder = tmp_path / "p" / ".claude" / "skills" / "a"
    source = _source(folder, "---\nname: a\ndescription: d\n---\nb\n")
    for name in ("B.md", "a.md", "_u.md", ".hidden", "sub/SKILL.md", "sub/x.txt", "Z/z.md"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("x\n", encoding="utf-8")
    (folder / "empty").mkdir()
    os.symlink(folder / "Z", folder / "link")
    assert skill_files(str(folder)) == [
        "_u.md",
        ".hidden",
        "a.md",
        "B.md",
        "link",
        "sub/x.txt",
        "Z/z.md",
    ]
    lines = continue_skill(source).text.split("\n")
    prefix = ".claude/skills/a/"
    assert lines[-2] == (
        f"<skill_files>{prefix}_u.md,{prefix}.hidden,{prefix}a.md,{prefix}B.md,"
        f"{prefix}link,{prefix}sub/x.txt,{prefix}Z/z.md</skill_files>"
    )
    assert lines[-1] == f"<other_instructions>{OTHER_INSTRUCTIONS}</other_instructions>"


def test_a_user_skills_files_are_absolute(tmp_path: Path) -> None:
    folder = tmp_path / "home" / ".continue" / "skills" / "u"
    source = _source(folder, "---\nname: u\ndescription: d\n---\nb\n", scope="user")
    (folder / "ref.md").write_text("x\n", encoding="utf-8")
    text = render_activation("continue", source, "", "user").text
    assert f"<skill_files>{folder}/ref.md</skill_files>" in text
