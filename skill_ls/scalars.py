"""Map characters of a scalar's value back to where they are written in the file.

Lets a diagnostic point at the offending characters inside a quoted or block scalar (the
1,025th character of a description, a `: ` in the middle of a value), not the whole line.

Each mapping re-reads the source the way YAML folds it (quotes, escapes, folded and kept
line breaks, indentation) and is checked against the loaded value: a scalar we cannot map
exactly gets no positions (callers then use the whole value), never wrong ones.
"""

from __future__ import annotations

import re

from skill_ls.diagnostics import Position, Range
from skill_ls.text import LineIndex
from skill_ls.yamltree import YScalar

_DOUBLE_ESCAPE_LENGTH = {"x": 4, "u": 6, "U": 10}

# A mapped character: the character it must be in the value (None: an escape, not checked)
# and where it is written.
_Mapped = tuple[str | None, Position]


# The last scalar mapped and its positions: rules ask for several sub-ranges of the same
# value, and a long value (100 KB) took a second to map each time.
_last_mapped: tuple[LineIndex, YScalar, list[Position] | None] | None = None


def char_positions(index: LineIndex, scalar: YScalar) -> list[Position] | None:
    """One source position per character of `scalar.value`, or None when we can't map it."""
    global _last_mapped
    last = _last_mapped  # one read: checks on other threads may replace it meanwhile
    if last is not None and last[0] is index and last[1] is scalar:
        return last[2]
    positions = _char_positions(index, scalar)
    _last_mapped = (index, scalar, positions)
    return positions


def _char_positions(index: LineIndex, scalar: YScalar) -> list[Position] | None:
    start = scalar.range.start
    if scalar.style in ("|", ">"):
        mapped = _block_positions(index, scalar)
    else:
        line = index.line(start.line)
        column = _content_column(line, start.column)
        if start.line == scalar.range.end.line:
            raw = line[column : scalar.range.end.column]
            mapped = _inline_positions(raw, scalar.style, start.line, column)
        else:
            mapped = _multiline_flow_positions(index, scalar, column)
    if mapped is None or len(mapped) < len(scalar.value):
        return None
    mapped = mapped[: len(scalar.value)]
    for (char, _), actual in zip(mapped, scalar.value, strict=True):
        if char is not None and char != actual:
            return None
    return [position for _, position in mapped]


# Node properties before the content: `&anchor`, `!tag`, `!<verbatim>`.
_PROPERTIES = re.compile(r"(?:(?:&[^\s,\[\]{}]+|!<[^>]*>|![^\s,\[\]{}]*)[ \t]+)+")


def _content_column(line: str, column: int) -> int:
    """Where a scalar's content starts on its first line, after any anchor or tag."""
    match = _PROPERTIES.match(line, column)
    return match.end() if match else column


def _segment(raw: str, style: str, line: int, column: int) -> tuple[list[_Mapped], bool]:
    """Characters of one line of a flow scalar; True when it ends in an escaped line break."""
    mapped: list[_Mapped] = []
    i = 0
    while i < len(raw):
        char = raw[i]
        if style == "'" and char == "'" and raw[i + 1 : i + 2] == "'":
            mapped.append(("'", Position(line, column + i)))
            i += 2
        elif style == '"' and char == "\\":
            if i + 1 >= len(raw):
                return mapped, True
            mapped.append((None, Position(line, column + i)))
            i += _DOUBLE_ESCAPE_LENGTH.get(raw[i + 1], 2)
        else:
            mapped.append((char, Position(line, column + i)))
            i += 1
    return mapped, False


def _inline_positions(raw: str, style: str, line: int, column: int) -> list[_Mapped] | None:
    if style in ("'", '"'):
        if len(raw) < 2 or raw[0] != style or raw[-1] != style:
            return None
        raw, column = raw[1:-1], column + 1
    elif style:
        return None
    mapped, _ = _segment(raw, style, line, column)
    return mapped


def _multiline_flow_positions(
    index: LineIndex, scalar: YScalar, first_column: int
) -> list[_Mapped] | None:
    """Plain or quoted over several lines: a line break between two lines folds to a space
    (mapped to the end of the first line), empty lines in between give one newline each."""
    start, end = scalar.range.start, scalar.range.end
    quoted = scalar.style in ("'", '"')
    mapped: list[_Mapped] = []
    empties: list[Position] = []
    # Where the break after the last line with content is (None: at the very start).
    pending: Position | None = None
    escaped_break = False
    for number in range(start.line, end.line + 1):
        line = index.line(number)
        first = first_column + (1 if quoted else 0) if number == start.line else 0
        last = end.column - (1 if quoted else 0) if number == end.line else len(line)
        if quoted and number == start.line and line[first - 1 : first] != scalar.style:
            return None
        segment = line[first:last]
        if number != start.line:
            stripped = len(segment) - len(segment.lstrip(" \t"))
            first += stripped
            segment = segment[stripped:]
        if number != end.line and not (quoted and segment.endswith("\\")):
            segment = segment.rstrip(" \t")
        if not segment and number not in (start.line, end.line):
            empties.append(Position(number, len(line)))
            continue
        if number != start.line:
            if empties:
                mapped.extend(("\n", position) for position in empties)
            elif not escaped_break and pending is not None:
                mapped.append((" ", pending))
        empties = []
        chars, escaped_break = _segment(segment, scalar.style, number, first)
        mapped.extend(chars)
        pending = Position(number, first + len(segment))
    return mapped


def _block_positions(index: LineIndex, scalar: YScalar) -> list[_Mapped] | None:
    """Literal (`|`) and folded (`>`) scalars: content below the header line.

    In a folded scalar a break between two lines of text folds to a space; with empty lines
    between them the break itself is dropped and each empty line gives a newline. Breaks
    next to more-indented lines, and every break of a literal scalar, stay newlines.
    """
    start, end = scalar.range.start, scalar.range.end
    header = index.line(start.line)[start.column :].split("#", 1)[0].strip()
    header = _PROPERTIES.sub("", header + " ").strip()
    if any(char.isdigit() for char in header):
        return None  # an explicit indentation indicator: rare, not mapped
    folded = scalar.style == ">"
    indent: int | None = None
    mapped: list[_Mapped] = []
    empties: list[Position] = []
    pending: Position | None = None  # the break after the last line with content
    previous_spaced = False
    last_line = end.line if end.column > 0 else end.line - 1
    for number in range(start.line + 1, last_line + 1):
        line = index.line(number)
        if indent is None:
            if not line.strip(" "):
                empties.append(Position(number, len(line)))
                continue
            indent = len(line) - len(line.lstrip(" "))
        if not line[:indent].strip(" ") and not line[indent:]:
            empties.append(Position(number, len(line)))
            continue
        if line[:indent].strip(" "):
            return None  # less indented: not part of this scalar
        body = line[indent:]
        spaced = body[:1] in (" ", "\t")
        if pending is None:
            mapped.extend(("\n", position) for position in empties)
        elif folded and not spaced and not previous_spaced:
            if empties:
                mapped.extend(("\n", position) for position in empties)
            else:
                mapped.append((" ", pending))
        else:
            mapped.append(("\n", pending))
            mapped.extend(("\n", position) for position in empties)
        empties = []
        mapped.extend((char, Position(number, indent + k)) for k, char in enumerate(body))
        pending = Position(number, len(line))
        previous_spaced = spaced
    # Chomping: the final break, then (kept) trailing empty lines; the value decides how many.
    if pending is not None:
        mapped.append(("\n", pending))
    mapped.extend(("\n", position) for position in empties)
    return mapped


def sub_range(index: LineIndex, scalar: YScalar, start: int, end: int) -> Range:
    """The source range of `scalar.value[start:end]`; the whole value when unmappable."""
    positions = char_positions(index, scalar)
    if not positions or start >= len(positions) or end <= start:
        return scalar.range
    first = positions[start]
    last = positions[min(end, len(positions)) - 1]
    if last.column < len(index.line(last.line)):
        return Range(first, Position(last.line, last.column + 1))
    # The last character is a line break (kept or folded): end at the next line's start.
    if last.line + 1 < index.line_count:
        return Range(first, Position(last.line + 1, 0))
    return Range(first, last)
