"""Hover text as plain data: whole answers for keys, references and `description`."""

from __future__ import annotations

from pathlib import Path

from skill_ls.diagnostics import Position, Range
from skill_ls.document import parse_document
from skill_ls.server.editor_text.skill_md_hover import (
    HoverText,
    hover_at,
    key_hover,
    reference_hover,
)

from ...workspace_helpers import GOLDEN, golden

# The hover of a key lists every agent: written once (tests/fixtures/golden/hover/, rewritten
# with SKILL_LS_UPDATE_GOLDEN=1 when an agent is added), compared here and over stdio.
EFFORT = (GOLDEN / "hover" / "effort.md").read_text(encoding="utf-8")
UNKNOWN_FOO = (GOLDEN / "hover" / "unknown-foo.md").read_text(encoding="utf-8")


def no_preview() -> str:
    raise AssertionError("the description preview is asked for on `description` only")


def span(line: int, start: int, end: int) -> Range:
    return Range(Position(line, start), Position(line, end))


def test_known_key() -> None:
    golden("hover/effort.md", key_hover("effort"))


def test_unknown_key() -> None:
    golden("hover/unknown-foo.md", key_hover("foo"))


def test_hover_on_a_key_covers_the_key() -> None:
    doc = parse_document("---\nname: x\neffort: high\nfoo: 1\n---\n")
    assert hover_at(doc, None, Position(2, 2), no_preview) == HoverText(EFFORT, span(2, 0, 6))
    assert hover_at(doc, None, Position(3, 1), no_preview) == HoverText(UNKNOWN_FOO, span(3, 0, 3))


def test_nothing_on_a_value_or_in_the_body() -> None:
    doc = parse_document("---\nname: x\neffort: high\n---\nJust words.\n")
    assert hover_at(doc, None, Position(2, 9), no_preview) is None
    assert hover_at(doc, None, Position(4, 2), no_preview) is None


def test_description_adds_the_preview_on_key_and_value() -> None:
    doc = parse_document("---\nname: x\ndescription: Fills forms.\n---\n")
    docs = key_hover("description")
    on_value = hover_at(doc, None, Position(2, 15), lambda: "PREVIEW")
    assert on_value == HoverText(docs + "\n\n---\n\nPREVIEW", span(2, 13, 25))
    on_key = hover_at(doc, None, Position(2, 3), lambda: "")
    assert on_key == HoverText(docs, span(2, 0, 11))


def test_reference_without_a_file_names_the_target() -> None:
    assert reference_hover(None, "references/guide.md") == "`references/guide.md`"


def test_reference_previews(tmp_path: Path) -> None:
    skill_md = tmp_path / "pdf" / "SKILL.md"
    (skill_md.parent / "references").mkdir(parents=True)
    skill_md.write_text("---\nname: pdf\n---\n", encoding="utf-8")
    (skill_md.parent / "references" / "guide.md").write_text("# Guide\nline two\n")
    (skill_md.parent / "data.bin").write_bytes(b"\0\1\2")
    (tmp_path / "secret.md").write_text("TOP SECRET\n")
    path = str(skill_md)
    assert reference_hover(path, "references/guide.md") == (
        "`references/guide.md` (2 lines, 17 bytes)\n\n```markdown\n# Guide\nline two\n```"
    )
    assert reference_hover(path, "references") == (
        "`references/` (folder, 1 entries)\n\n- `guide.md`"
    )
    assert reference_hover(path, "data.bin") == "`data.bin` (binary file, 3 bytes)"
    assert reference_hover(path, "../secret.md") == (
        "`../secret.md` points outside the skill folder; agents may not be able to read it."
    )
    assert reference_hover(path, "missing.md") == "`missing.md` does not exist in the skill folder."


def test_hover_on_a_reference(tmp_path: Path) -> None:
    skill_md = tmp_path / "pdf" / "SKILL.md"
    skill_md.parent.mkdir()
    text = "---\nname: pdf\n---\nSee [m](missing.md).\n"
    skill_md.write_text(text, encoding="utf-8")
    doc = parse_document(text, str(skill_md))
    found = hover_at(doc, str(skill_md), Position(3, 10), no_preview)
    assert found == HoverText("`missing.md` does not exist in the skill folder.", span(3, 8, 18))
