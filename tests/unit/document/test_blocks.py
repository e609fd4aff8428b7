"""The one scan of the body: fenced code, headings and their sections, folding ranges, and
the prose lines references are read from."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skill_ls.document import (
    Fence,
    SkillDocument,
    headings,
    parse_document,
    prose_lines,
    scan_blocks,
)
from skill_ls.document.blocks import LineKind, body_lines, prose_lines_holding
from skill_ls.document.references import MAY_REFER


def doc(body: str) -> SkillDocument:
    """A document whose body starts on line 3."""
    return parse_document("---\nname: x\n---\n" + body)


def kinds(document: SkillDocument) -> list[tuple[int, str]]:
    return [(number, kind.value) for number, _, kind in body_lines(document)]


def test_body_lines_name_every_line() -> None:
    d = doc("intro\n```py\ncode\n```\nafter\n")
    assert kinds(d) == [
        (3, "prose"),
        (4, "fence-open"),
        (5, "code"),
        (6, "fence-close"),
        (7, "prose"),
        (8, "prose"),  # the empty last line
    ]


def test_no_frontmatter_scans_from_the_first_line() -> None:
    d = parse_document("# Title\n```\nx\n```\n")
    assert [h.line for h in headings(d)] == [0]
    assert scan_blocks(d).fences == [Fence(1, 3)]


def test_tilde_fences_and_longer_closers() -> None:
    d = doc("~~~\n```\nnot a close\n~~~~\n# after\n")
    assert scan_blocks(d).fences == [Fence(3, 6)]
    assert [h.text for h in headings(d)] == ["after"]


def test_a_closer_must_use_the_same_character_and_be_at_least_as_long() -> None:
    d = doc("````\n```\n~~~~\n# inside\n````\n# outside\n")
    blocks = scan_blocks(d)
    assert blocks.fences == [Fence(3, 7)]
    assert [h.text for h in blocks.headings] == ["outside"]


def test_a_closer_holds_nothing_but_the_fence() -> None:
    d = doc("```\n``` trailing\n# code\n```\n")
    assert scan_blocks(d).fences == [Fence(3, 6)]
    assert headings(d) == []


def test_indented_fences() -> None:
    d = doc("   ```\n# code\n   ```\n    ```\n# heading\n")
    blocks = scan_blocks(d)
    # Three spaces still open and close a fence; four make the line indented text.
    assert blocks.fences == [Fence(3, 5)]
    assert [h.line for h in blocks.headings] == [7]


def test_an_unclosed_fence_runs_to_the_end() -> None:
    d = doc("# one\ntext\n```\n# not a heading\n")
    blocks = scan_blocks(d)
    assert blocks.fences == [Fence(5, None)]
    assert [h.text for h in blocks.headings] == ["one"]
    assert (5, 7) not in blocks.folds  # an open block does not fold
    assert [number for number, _ in prose_lines(d)] == [3, 4]


def test_an_info_string_opens_a_fence() -> None:
    d = doc("```python title=x\nprint()\n```\n")
    assert scan_blocks(d).fences == [Fence(3, 5)]


@pytest.mark.parametrize(
    ("line", "level", "text"),
    [
        ("# Title", 1, "Title"),
        ("###### Six", 6, "Six"),
        ("## Closed ##", 2, "Closed"),
        ("   # Indented", 1, "Indented"),
        ("#", 1, ""),
        ("##\tTab", 2, "Tab"),
    ],
)
def test_headings(line: str, level: int, text: str) -> None:
    (heading,) = headings(doc(line + "\n"))
    assert (heading.level, heading.text, heading.line) == (level, text, 3)


@pytest.mark.parametrize("line", ["#NoSpace", "####### seven", "    # four spaces", "text # x"])
def test_not_headings(line: str) -> None:
    assert headings(doc(line + "\n")) == []


def test_sections_end_before_the_next_heading_of_the_same_level() -> None:
    d = doc("# A\na\n## B\nb\n\n# C\nc\n\n\n")
    found = {h.text: (h.line, h.last_line) for h in headings(d)}
    assert found == {"A": (3, 6), "B": (5, 6), "C": (8, 9)}


def test_folds_are_sections_then_closed_fences() -> None:
    d = doc("# A\n\n```\nx\n```\n# B\n")
    blocks = scan_blocks(d)
    assert blocks.folds == [(3, 7), (5, 7)]  # B is one line: no fold


def test_prose_lines_skip_fences_and_code() -> None:
    d = doc("a\n```\nb\n```\nc\n~~~\n")
    assert [line for _, line in prose_lines(d)] == ["a", "c"]


def test_references_are_read_from_prose_only() -> None:
    d = doc("[a](references/a.md)\n```\n[b](references/b.md)\n```\n")
    assert [ref.target for ref in d.references] == ["references/a.md"]


def test_crlf_bodies() -> None:
    d = parse_document("---\r\nname: x\r\n---\r\n# A\r\n```\r\nx\r\n```\r\n")
    blocks = scan_blocks(d)
    assert [h.text for h in blocks.headings] == ["A"]
    assert blocks.fences == [Fence(4, 6)]


def test_line_kind_values_are_stable() -> None:
    assert {kind.value for kind in LineKind} == {"prose", "fence-open", "fence-close", "code"}


# --- prose_lines_holding: the same lines as prose_lines, found without visiting each -------

_PIECES = st.sampled_from(
    [
        "text",
        "`code`",
        "[a](b.md)",
        "[d]: e.md",
        "```",
        "````",
        "~~~",
        "   ```py",
        "    ```",
        "``` x",
        "~~~~",
        "",
        "## heading",
        " `x`",
        "]",
        "(",
    ]
)


@given(st.lists(st.lists(_PIECES, max_size=3).map(" ".join), max_size=40))
def test_prose_lines_holding_matches_the_line_by_line_scan(lines: list[str]) -> None:
    doc = parse_document("---\nname: x\ndescription: y\n---\n" + "\n".join(lines))
    expected = [(n, line) for n, line in prose_lines(doc) if MAY_REFER.search(line)]
    assert prose_lines_holding(doc, MAY_REFER) == expected


def test_prose_lines_holding_leaves_other_line_breaks_to_the_line_scan() -> None:
    doc = parse_document("---\r\nname: x\r\n---\r\n`a`\r\n")
    assert prose_lines_holding(doc, MAY_REFER) is None
