"""Line index over a document: offsets <-> (line, column) in code points; JavaScript's
whitespace, which several agents' readers trim."""

from __future__ import annotations

import bisect
import re
from itertools import accumulate

from skill_ls.diagnostics import Position, Range

# What JavaScript's `String.prototype.trim()` removes (WhiteSpace and LineTerminator), and
# what `\s` matches in a JavaScript pattern.
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
# LSP and YAML both treat \r\n, \n and a lone \r as line breaks.
_LINE_BREAK = re.compile(r"\r\n|\n|\r")


class LineIndex:
    """Maps string offsets to positions and back; built once per document."""

    def __init__(self, text: str) -> None:
        self.text = text
        if "\r" not in text:
            # Only `\n` breaks lines: the offsets come from the line lengths, at C speed
            # (an index is rebuilt on every keystroke of a long document).
            lengths = [len(line) + 1 for line in text.split("\n")]
            starts = [0, *accumulate(lengths)]
            starts.pop()
            self.line_starts = starts
            self.line_ends = [
                start + length - 1 for start, length in zip(starts, lengths, strict=True)
            ]
            return
        starts = [0]
        ends: list[int] = []
        for match in _LINE_BREAK.finditer(text):
            ends.append(match.start())
            starts.append(match.end())
        ends.append(len(text))
        self.line_starts = starts
        self.line_ends = ends

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line(self, number: int) -> str:
        """The text of a line without its line break ('' past the end)."""
        if not 0 <= number < len(self.line_starts):
            return ""
        return self.text[self.line_starts[number] : self.line_ends[number]]

    def position(self, offset: int) -> Position:
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.line_starts, offset) - 1
        # An offset inside a \r\n pair belongs to the end of its line.
        column = min(offset, self.line_ends[line]) - self.line_starts[line]
        return Position(line, column)

    def offset(self, pos: Position) -> int:
        """Clamp a position into the document and return its offset."""
        if pos.line < 0:
            return 0
        if pos.line >= len(self.line_starts):
            return len(self.text)
        start = self.line_starts[pos.line]
        return min(start + max(pos.column, 0), self.line_ends[pos.line])

    def range(self, start: int, end: int) -> Range:
        return Range(self.position(start), self.position(end))

    def line_range(self, number: int) -> Range:
        """The whole line without its break."""
        return Range(Position(number, 0), Position(number, len(self.line(number))))

    def end(self) -> Position:
        return self.position(len(self.text))


def estimate_tokens(text: str) -> int:
    """Token estimate: one token per 4 characters, rounded up.

    The common rule of thumb for English text with BPE tokenizers (GPT and Claude families).
    It is an estimate, and every message that uses it says so.
    """
    return (len(text) + 3) // 4
