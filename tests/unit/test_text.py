"""LineIndex: offsets and (line, column) in code points, for every kind of line break."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skill_ls.diagnostics import Position, Range
from skill_ls.text import LineIndex, estimate_tokens


def test_lf_lines() -> None:
    index = LineIndex("ab\ncd\n")
    assert index.line_count == 3
    assert index.line_starts == [0, 3, 6]
    assert [index.line(n) for n in range(3)] == ["ab", "cd", ""]
    assert index.line(3) == ""
    assert index.line(-1) == ""


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("a\r\nb\r\n", ["a", "b", ""]),
        ("a\rb\rc", ["a", "b", "c"]),
        ("a\r\nb\nc\rd", ["a", "b", "c", "d"]),
        ("", [""]),
        ("no break", ["no break"]),
        ("\n\n", ["", "", ""]),
        ("\r\r\n\n", ["", "", "", ""]),
    ],
)
def test_every_line_break_kind(text: str, lines: list[str]) -> None:
    index = LineIndex(text)
    assert [index.line(n) for n in range(index.line_count)] == lines


def test_position_and_offset_round_trip() -> None:
    text = "ab\r\ncd\ne"
    index = LineIndex(text)
    for offset in range(len(text) + 1):
        pos = index.position(offset)
        if text[offset - 1 : offset + 1] == "\r\n":
            # An offset between \r and \n is the end of its line.
            assert pos == Position(0, 2)
            continue
        assert index.offset(pos) == offset


def test_offset_inside_crlf_belongs_to_line_end() -> None:
    index = LineIndex("ab\r\ncd")
    assert index.position(2) == Position(0, 2)
    assert index.position(3) == Position(0, 2)
    assert index.position(4) == Position(1, 0)


def test_columns_count_code_points_not_bytes_or_utf16() -> None:
    text = "é😀x\nß"
    index = LineIndex(text)
    assert index.position(2) == Position(0, 2)  # after é and the emoji: 2 code points
    assert index.offset(Position(0, 2)) == 2
    assert text[index.offset(Position(0, 2))] == "x"
    assert index.position(len(text)) == Position(1, 1)


def test_positions_are_clamped() -> None:
    index = LineIndex("ab\ncd")
    assert index.position(-5) == Position(0, 0)
    assert index.position(99) == Position(1, 2)
    assert index.offset(Position(-1, 3)) == 0
    assert index.offset(Position(7, 0)) == 5
    assert index.offset(Position(0, 99)) == 2  # past the end of line 0: its end, not line 1
    assert index.offset(Position(1, -4)) == 3


def test_ranges() -> None:
    index = LineIndex("ab\ncd")
    assert index.range(1, 4) == Range.of(0, 1, 1, 1)
    assert index.line_range(1) == Range.of(1, 0, 1, 2)
    assert index.end() == Position(1, 2)


@pytest.mark.parametrize(("chars", "tokens"), [(0, 0), (1, 1), (4, 1), (5, 2), (20_000, 5000)])
def test_estimate_tokens_is_characters_over_four_rounded_up(chars: int, tokens: int) -> None:
    assert estimate_tokens("x" * chars) == tokens
    assert estimate_tokens("😀" * chars) == tokens  # code points, not bytes


@given(st.text(alphabet="ab\n\r\u2028é", max_size=60))
def test_lines_and_breaks_rebuild_the_text(text: str) -> None:
    """Each line holds no break, and what lies between one line's end and the next line's
    start is exactly one break (`\\r\\n`, `\\n` or `\\r`): with only `\\n` (the fast path)
    and with `\\r` in the text alike."""
    index = LineIndex(text)
    starts, ends = index.line_starts, index.line_ends
    assert len(starts) == len(ends) == index.line_count
    assert starts[0] == 0 and ends[-1] == len(text)
    for number in range(index.line_count):
        assert "\n" not in index.line(number) and "\r" not in index.line(number)
        if number + 1 < index.line_count:
            assert text[ends[number] : starts[number + 1]] in ("\r\n", "\n", "\r")
