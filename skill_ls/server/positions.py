"""Positions between the core (code points) and the client (the negotiated encoding).

The core counts columns in Unicode code points; LSP counts UTF-16 code units unless the
client negotiated UTF-8 or UTF-32. Lines are split the LSP way (`\\r\\n`, `\\n`, `\\r`), by the
core's `LineIndex`. Conversions clamp out-of-range input instead of raising: a stale or
hostile position must never fail a request.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from skill_ls.diagnostics import Position, Range
from skill_ls.text import LineIndex


class PositionMapper:
    """Converts positions for one negotiated encoding (pygls's codec counts the units)."""

    def __init__(self, codec: PositionCodec | None = None) -> None:
        self.codec = codec or PositionCodec()
        encoding = self.codec.encoding
        self.encoding = str(getattr(encoding, "value", encoding))

    def units(self, text: str) -> int:
        """The length of `text` in the client's code units."""
        if text.isascii():
            return len(text)
        return int(self.codec.client_num_units(text))

    def to_client(self, index: LineIndex, pos: Position) -> types.Position:
        if pos.line < 0:
            return types.Position(line=0, character=0)
        if pos.line >= index.line_count:
            end = index.end()
            return types.Position(line=end.line, character=self.units(index.line(end.line)))
        line = index.line(pos.line)
        column = max(0, min(pos.column, len(line)))
        return types.Position(line=pos.line, character=self.units(line[:column]))

    def to_client_range(self, index: LineIndex, rng: Range) -> types.Range:
        start = self.to_client(index, rng.start)
        end = self.to_client(index, rng.end)
        if (end.line, end.character) < (start.line, start.character):
            end = start
        return types.Range(start=start, end=end)

    def from_client(self, index: LineIndex, pos: types.Position) -> Position:
        """The code-point position of a client position, clamped into the document."""
        if pos.line < 0:
            return Position(0, 0)
        if pos.line >= index.line_count:
            return index.end()
        line = index.line(pos.line)
        wanted = max(pos.character, 0)
        if line.isascii():
            return Position(pos.line, min(wanted, len(line)))
        counted = 0
        column = 0
        impl = self.codec.impl
        for char in line:
            if counted >= wanted:
                break
            counted += impl.code_units_for_char(char)
            column += 1
        return Position(pos.line, column)

    def from_client_range(self, index: LineIndex, rng: types.Range) -> Range:
        start = self.from_client(index, rng.start)
        end = self.from_client(index, rng.end)
        return Range(start, max(start, end))
