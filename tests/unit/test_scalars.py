"""Characters of a scalar's value mapped back to where they are written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_ls.diagnostics import Position, Range
from skill_ls.scalars import char_positions, sub_range
from skill_ls.text import LineIndex
from skill_ls.yamltree import YMapping, YScalar, parse_yaml

from .unit_helpers import r


def scalar_of(text: str) -> YScalar:
    result = parse_yaml(text)
    assert result.error is None, result.error
    assert isinstance(result.root, YMapping)
    node = result.root.get("a")
    assert isinstance(node, YScalar)
    return node


def mapped(text: str) -> list[tuple[str, str]] | None:
    """(value character, source character at its position) for every character."""
    node = scalar_of(text)
    index = LineIndex(text)
    positions = char_positions(index, node)
    if positions is None:
        return None
    assert len(positions) == len(node.value)
    return [
        (char, index.line(p.line)[p.column : p.column + 1])
        for char, p in zip(node.value, positions, strict=True)
    ]


def positions(text: str) -> list[tuple[int, int]] | None:
    found = char_positions(LineIndex(text), scalar_of(text))
    return None if found is None else [(p.line, p.column) for p in found]


@pytest.mark.parametrize(
    "text",
    [
        "a: plain value\n",
        "a: 'single ''quoted'''\n",
        "a: émoji 😀 and ß\n",
        "a: &anchor value\n",
        "a: !!str value\n",
        "a: !!str &x 'value'\n",
    ],
)
def test_each_character_points_at_itself(text: str) -> None:
    pairs = mapped(text)
    assert pairs is not None
    assert all(value == source for value, source in pairs)


def test_plain() -> None:
    assert positions("a: xy\n") == [(0, 3), (0, 4)]


def test_single_quoted_doubled_quote_is_one_character() -> None:
    assert positions("a: 'x''y'\n") == [(0, 4), (0, 5), (0, 7)]


def test_double_quoted_escapes_are_one_character_each() -> None:
    text = 'a: "\\t\\x41\\u00e9\\U0001F600z"\n'
    assert scalar_of(text).value == "\tAé😀z"
    assert positions(text) == [(0, 4), (0, 6), (0, 10), (0, 16), (0, 26)]


def test_emoji_is_one_code_point() -> None:
    assert positions("a: 😀x\n") == [(0, 3), (0, 4)]


def test_folded() -> None:
    text = "a: >-\n  ab\n  cd\n"
    assert scalar_of(text).value == "ab cd"
    # The folded break sits at the end of the first line.
    assert positions(text) == [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3)]


def test_folded_with_empty_lines_and_more_indented_lines() -> None:
    text = "a: >\n  ab\n\n  cd\n    in\n  ef\n"
    node = scalar_of(text)
    assert node.value == "ab\ncd\n  in\nef\n"
    pairs = mapped(text)
    assert pairs is not None
    assert [source for value, source in pairs if not value.isspace()] == list("abcdinef")
    found = positions(text)
    assert found is not None
    assert found[node.value.index("e")] == (5, 2)


def test_literal() -> None:
    text = "a: |\n  ab\n\n  cd\n"
    assert scalar_of(text).value == "ab\n\ncd\n"
    assert positions(text) == [(1, 2), (1, 3), (1, 4), (2, 0), (3, 2), (3, 3), (3, 4)]


@pytest.mark.parametrize("header", ["|", "|-", "|+", ">", ">-", ">+"])
def test_block_chomping(header: str) -> None:
    text = f"a: {header}\n  ab\n  cd\n\n"
    pairs = mapped(text)
    assert pairs is not None
    assert [source for value, source in pairs if not value.isspace()] == list("abcd")


def test_literal_with_leading_empty_lines() -> None:
    text = "a: |\n\n  ab\n"
    assert positions(text) == [(1, 0), (2, 2), (2, 3), (2, 4)]


def test_block_with_indentation_indicator_is_not_mapped() -> None:
    assert positions("a: |2\n   ab\n") is None


def test_multiline_plain() -> None:
    text = "a: ab\n  cd\n"
    assert scalar_of(text).value == "ab cd"
    assert positions(text) == [(0, 3), (0, 4), (0, 5), (1, 2), (1, 3)]


def test_multiline_quoted_with_an_empty_line() -> None:
    text = 'a: "ab\n\n  cd"\n'
    assert scalar_of(text).value == "ab\ncd"
    assert positions(text) == [(0, 4), (0, 5), (1, 0), (2, 2), (2, 3)]


def test_multiline_double_quoted_escaped_line_break() -> None:
    text = 'a: "ab \\\n  cd"\n'
    assert scalar_of(text).value == "ab cd"
    assert positions(text) == [(0, 4), (0, 5), (0, 6), (1, 2), (1, 3)]


def test_sub_range() -> None:
    text = 'a: "x😀yz"\n'
    node = scalar_of(text)
    index = LineIndex(text)
    assert sub_range(index, node, 1, 3) == r(0, 5, 0, 7)
    assert sub_range(index, node, 2, 99) == r(0, 6, 0, 8)
    # Out of range or empty: the whole value.
    assert sub_range(index, node, 4, 5) == node.range
    assert sub_range(index, node, 2, 2) == node.range


def test_sub_range_across_lines_in_a_block_scalar() -> None:
    text = "a: >-\n  ab\n  cd\n"
    node = scalar_of(text)
    assert sub_range(LineIndex(text), node, 1, 4) == r(1, 3, 2, 3)


def test_unmappable_scalar_falls_back_to_the_whole_value() -> None:
    text = "a: |2\n   ab\n"
    node = scalar_of(text)
    assert sub_range(LineIndex(text), node, 0, 1) == node.range


def test_a_scalar_that_does_not_match_its_source_gets_no_positions() -> None:
    text = "a: xy\n"
    wrong = YScalar("zz", "", Range(Position(0, 3), Position(0, 5)))
    assert char_positions(LineIndex(text), wrong) is None


# --- Property: every mapped character is the character written there ------------------------

_TEXT = st.text(
    alphabet=st.characters(
        codec="utf-8",
        exclude_categories=("Cs", "Cc", "Zl", "Zp"),
        exclude_characters="\ufeff\x85",
    ),
    max_size=30,
)


def _double(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _single(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _words(draw: st.DrawFn) -> list[str]:
    word = st.text(alphabet="abcxyzé😀-.,:'\"#", min_size=1, max_size=8)
    return draw(st.lists(word, min_size=1, max_size=12))


@st.composite
def written_scalars(draw: st.DrawFn) -> str:
    style = draw(st.sampled_from(["double", "single", "folded", "literal", "multi"]))
    if style == "double":
        return "a: " + _double(draw(_TEXT)) + "\n"
    if style == "single":
        return "a: " + _single(draw(_TEXT)) + "\n"
    words = _words(draw)
    breaks = draw(st.lists(st.sampled_from([" ", "\n", "\n\n", "\n  "]), min_size=len(words)))
    body = "".join(w + b for w, b in zip(words, breaks, strict=False)).strip()
    lines = body.split("\n")
    if style == "multi":
        quoted = "a: " + _double(lines[0])[:-1] + "\n"
        quoted += "".join(
            "  " + line.replace("\\", "").replace('"', "") + "\n" for line in lines[1:]
        )
        return quoted.rstrip("\n") + '"\n'
    header = draw(st.sampled_from(["", "-", "+"]))
    indicator = ">" if style == "folded" else "|"
    return f"a: {indicator}{header}\n" + "".join(
        ("  " + line if line else "") + "\n" for line in lines
    )


@settings(max_examples=300, deadline=None)
@given(written_scalars())
def test_mapped_characters_are_written_where_they_point(text: str) -> None:
    result = parse_yaml(text)
    if result.error is not None or not isinstance(result.root, YMapping):
        return
    node = result.root.get("a")
    if not isinstance(node, YScalar):
        return
    index = LineIndex(text)
    found = char_positions(index, node)
    if found is None:
        return
    assert len(found) == len(node.value)
    for char, pos in zip(node.value, found, strict=True):
        assert node.range.start <= pos <= Position(node.range.end.line + 1, 0)
        if char.isspace():
            continue
        written = index.line(pos.line)[pos.column : pos.column + 1]
        if node.style == '"' and written == "\\":
            continue  # an escape sequence stands for the character
        assert written == char, (text, node.value, found)


@settings(max_examples=200, deadline=None)
@given(written_scalars())
def test_plain_quoted_and_block_values_are_mapped(text: str) -> None:
    # Single-line quoted values and block scalars without indicators always map.
    result = parse_yaml(text)
    assert result.error is None, text
    assert isinstance(result.root, YMapping)
    node = result.root.get("a")
    assert isinstance(node, YScalar)
    if node.range.start.line == node.range.end.line or node.style in ("|", ">"):
        assert char_positions(LineIndex(text), node) is not None, text
