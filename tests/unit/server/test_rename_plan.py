"""Rename plans as plain data: the `name`, its mentions, the folder, and moved links."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.diagnostics import Position, Range
from skill_ls.document import parse_document
from skill_ls.server.rename_plan import (
    FileEdit,
    RenamePlan,
    RenameRefused,
    called_by_name_edits,
    folder_rename_edits,
    link_edit,
    mention_ranges,
    name_value,
    plan_name_rename,
    quoted,
)
from skill_ls.yamltree import YScalar


def span(line: int, start: int, end: int) -> Range:
    return Range(Position(line, start), Position(line, end))


def read(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError:
        return None


def name_of(text: str) -> YScalar:
    value = name_value(parse_document(text))
    assert value is not None
    return value


def test_a_hyphenated_name_is_a_word() -> None:
    text = "Use pdf-tools, not pdf-tools-2 or my-pdf-tools.\n/pdf-tools\n"
    assert list(mention_ranges(text, "pdf-tools")) == [span(0, 4, 13), span(1, 1, 10)]


def test_a_one_word_name_only_as_command_code_or_path() -> None:
    text = "The pdf skill: /pdf, `pdf`, skills/pdf/x.\n"
    assert list(mention_ranges(text, "pdf")) == [span(0, 16, 19), span(0, 22, 25), span(0, 35, 38)]


def test_mentions_before_the_first_line_are_left_alone() -> None:
    assert list(mention_ranges("a-b\na-b\n", "a-b", first_line=1)) == [span(1, 0, 3)]


def test_the_new_name_keeps_the_quoting() -> None:
    assert quoted(name_of("---\nname: a\n---\n"), 'it\'s "x"') == 'it\'s "x"'
    assert quoted(name_of("---\nname: 'a'\n---\n"), "it's") == "'it''s'"
    assert quoted(name_of('---\nname: "a"\n---\n'), 'say "x"') == '"say \\"x\\""'


def test_block_names_cannot_be_renamed() -> None:
    assert name_value(parse_document("---\nname: |\n  a\n---\n")) is None
    assert name_value(parse_document("---\ndescription: x\n---\n")) is None


def make_skill(root: Path, name: str, body: str) -> Path:
    skill_md = root / name / "SKILL.md"
    skill_md.parent.mkdir(parents=True)
    skill_md.write_text(f"---\nname: {name}\n---\n{body}", encoding="utf-8")
    return skill_md


def test_rename_the_name_its_mentions_and_the_folder(tmp_path: Path) -> None:
    skill_md = make_skill(tmp_path, "pdf-tools", "Run /pdf-tools.\n")
    sibling = make_skill(tmp_path, "other", "See pdf-tools.\n")
    text = skill_md.read_text(encoding="utf-8")
    plan = plan_name_rename(
        str(skill_md), name_of(text), " pdf-kit ", lambda: [skill_md, sibling], read, True
    )
    assert plan == RenamePlan(
        [
            FileEdit(str(skill_md), span(1, 6, 15), "pdf-kit"),
            FileEdit(str(skill_md), span(3, 5, 14), "pdf-kit"),
            FileEdit(str(sibling), span(3, 4, 13), "pdf-kit"),
        ],
        folder_move=(str(skill_md.parent), str(tmp_path / "pdf-kit")),
    )


def test_no_folder_move_when_the_client_cannot(tmp_path: Path) -> None:
    skill_md = make_skill(tmp_path, "a-b", "")
    value = name_of(skill_md.read_text(encoding="utf-8"))
    plan = plan_name_rename(str(skill_md), value, "c-d", lambda: [], read, False)
    assert plan == RenamePlan([FileEdit(str(skill_md), span(1, 6, 9), "c-d")])


def test_refused_names_and_taken_folders(tmp_path: Path) -> None:
    skill_md = make_skill(tmp_path, "a-b", "")
    make_skill(tmp_path, "taken", "")
    value = name_of(skill_md.read_text(encoding="utf-8"))
    with pytest.raises(RenameRefused, match="cannot be a skill name"):
        plan_name_rename(str(skill_md), value, "x/y", lambda: [], read, True)
    with pytest.raises(RenameRefused, match="already exists"):
        plan_name_rename(str(skill_md), value, "taken", lambda: [], read, True)


def test_a_moved_folder_renames_a_matching_name(tmp_path: Path) -> None:
    skill_md = make_skill(tmp_path, "a-b", "Use a-b.\n")
    old, new = str(skill_md.parent), str(tmp_path / "c-d")
    assert folder_rename_edits(old, new, lambda md: [md], read) == [
        FileEdit(str(skill_md), span(1, 6, 9), "c-d"),
        FileEdit(str(skill_md), span(3, 4, 7), "c-d"),
    ]
    # Not a skill folder: nothing to rename.
    assert folder_rename_edits(str(tmp_path), str(tmp_path / "x"), lambda md: [md], read) == []


def test_links_follow_a_moved_file(tmp_path: Path) -> None:
    skill_md = make_skill(tmp_path, "pdf", "See [g](./docs/g.md).\n")
    ref = parse_document(skill_md.read_text(encoding="utf-8"), str(skill_md)).references[0]
    folder = skill_md.parent
    moved = link_edit(str(skill_md), ref, str(folder / "docs"), str(folder / "guides"))
    assert moved == FileEdit(str(skill_md), ref.range, "./guides/g.md")
    # The skill and the file move together: the relative link still holds.
    assert link_edit(str(skill_md), ref, str(folder), str(tmp_path / "pdf-2")) is None


def test_called_by_name_edits_rename_the_name_in_each_form() -> None:
    texts = {
        "CLAUDE.md": "Run /deploy, `/deploy now`, /deploys and /acme:deploy.\n",
        "AGENTS.md": "---\nx: /deploy\n---\n$deploy or /skill:deploy\n```\n/deploy\n```\n",
        "NONE.md": "nothing here\n",
    }
    edits = called_by_name_edits(texts, texts.get, "deploy", "ship", lambda path, m: True)
    assert edits == [
        FileEdit("CLAUDE.md", span(0, 5, 11), "ship"),
        FileEdit("CLAUDE.md", span(0, 15, 21), "ship"),
        # Not `/deploys` (another name) nor a plugin's skill, nor the frontmatter or code.
        FileEdit("AGENTS.md", span(3, 1, 7), "ship"),
        FileEdit("AGENTS.md", span(3, 18, 24), "ship"),
    ]
    # Only the mentions the filter keeps (those naming this skill for the file's agents).
    dollar_only = called_by_name_edits(
        texts, texts.get, "deploy", "ship", lambda path, m: m.form == "dollar"
    )
    assert dollar_only == [FileEdit("AGENTS.md", span(3, 1, 7), "ship")]
