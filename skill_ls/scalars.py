"""Map characters of a scalar's value back to where they are written in the file.

Lets a diagnostic point at the offending characters inside a quoted or block scalar (the
1,025th character of a description, a `: ` in the middle of a value), not the whole line.
"""

from __future__ import annotations

import re

from skill_ls.diagnostics import Position, Range
from skill_ls.text import LineIndex
from skill_ls.yamltree import YScalar

_DOUBLE_ESCAPE_LENGTH = {"x": 4, "u": 6, "U": 10}


def char_positions(index: LineIndex, scalar: YScalar) -> list[Position] | None:
    """One source position per character of `scalar.value`, or None when we can't map it."""
    start = scalar.range.start
    if scalar.style in ("|", ">"):
        return _block_positions(index, scalar)
    line = index.line(start.line)
    column = _content_column(line, start.column)
    if start.line == scalar.range.end.line:
        raw = line[column : scalar.range.end.column]
        return _inline_positions(raw, scalar.style, start.line, column, len(scalar.value))
    return _multiline_flow_positions(index, scalar, column)


# Node properties before the content: `&anchor`, `!tag`, `!<verbatim>`.
_PROPERTIES = re.compile(r"(?:(?:&[^\s,\[\]{}]+|!<[^>]*>|![^\s,\[\]{}]*)[ \t]+)+")


def _content_column(line: str, column: int) -> int:
    """Where a scalar's content starts on its first line, after any anchor or tag."""
    match = _PROPERTIES.match(line, column)
    return match.end() if match else column


def _inline_positions(
    raw: str, style: str, line: int, column: int, expected: int
) -> list[Position] | None:
    positions: list[Position] = []
    if style == "":
        positions = [Position(line, column + i) for i in range(len(raw))]
    elif style == "'":
        i = 1
        while i < len(raw) - 1:
            positions.append(Position(line, column + i))
            i += 2 if raw[i] == "'" and raw[i + 1 : i + 2] == "'" else 1
    elif style == '"':
        i = 1
        while i < len(raw) - 1:
            positions.append(Position(line, column + i))
            if raw[i] == "\\":
                i += _DOUBLE_ESCAPE_LENGTH.get(raw[i + 1 : i + 2], 2)
            else:
                i += 1
    return positions if len(positions) == expected else None


def _multiline_flow_positions(
    index: LineIndex, scalar: YScalar, first_column: int
) -> list[Position] | None:
    # Plain or quoted over several lines: each line break folds to one space (or a newline
    # for an empty line). Map line content and give each fold the end of its line.
    positions: list[Position] = []
    start, end = scalar.range.start, scalar.range.end
    quoted = scalar.style in ("'", '"')
    for number in range(start.line, end.line + 1):
        line = index.line(number)
        first = first_column + (1 if quoted else 0) if number == start.line else 0
        last = end.column - (1 if quoted else 0) if number == end.line else len(line)
        segment = line[first:last]
        stripped_left = len(segment) - len(segment.lstrip(" \t"))
        content = segment.strip(" \t")
        if number != start.line:
            positions.append(Position(number, first + stripped_left))  # the folded break
        positions.extend(Position(number, first + stripped_left + k) for k in range(len(content)))
    if len(positions) != len(scalar.value):
        return None
    return positions


def _block_positions(index: LineIndex, scalar: YScalar) -> list[Position] | None:
    start, end = scalar.range.start, scalar.range.end
    indent: int | None = None
    positions: list[Position] = []
    last_line = end.line if end.column > 0 else end.line - 1
    for number in range(start.line + 1, last_line + 1):
        line = index.line(number)
        if indent is None:
            if not line.strip():
                positions.append(Position(number, 0))
                continue
            indent = len(line) - len(line.lstrip(" "))
        body = line[indent:]
        positions.extend(Position(number, indent + k) for k in range(len(body)))
        positions.append(Position(number, len(line)))  # the line break (or folded space)
    value_length = len(scalar.value)
    if len(positions) < value_length:
        return None
    return positions[:value_length]


def sub_range(index: LineIndex, scalar: YScalar, start: int, end: int) -> Range:
    """The source range of `scalar.value[start:end]`; the whole value when unmappable."""
    positions = char_positions(index, scalar)
    if not positions or start >= len(positions) or end <= start:
        return scalar.range
    first = positions[start]
    last = positions[min(end, len(positions)) - 1]
    return Range(first, Position(last.line, last.column + 1))
