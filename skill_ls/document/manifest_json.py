"""A JSON manifest (plugin.json, marketplace.json, gemini-extension.json) read with the exact
range of every key and value, so that a finding points at the value it is about.

`parse_json(text)` never raises: text that is not JSON gives a document whose `error` says
where and why, as the agents' own `JSON.parse` would refuse it. Nesting and size are bounded
(hostile input costs a finding, never a crash or a long parse): a text over
`MAX_MANIFEST_BYTES` is not parsed at all (`too_large`), and a number of any length reads as
`JSON.parse` reads it (a float where Python's int conversion would refuse the digits).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from dataclasses import dataclass, field

from skill_ls.diagnostics import Position, Range
from skill_ls.files import read_regular
from skill_ls.text import LineIndex

# Manifests are small: a bigger text (in UTF-8 bytes) is not parsed, and a bigger file is
# read only up to one byte past this bound (to know it is bigger).
MAX_MANIFEST_BYTES = 1_000_000
MAX_DEPTH = 64

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
# A string without escapes or control characters: taken as it is, without a decoder.
_PLAIN_STRING = re.compile(r'"[^"\\\x00-\x1f]*"')
TOO_LARGE = f"the file is larger than the {MAX_MANIFEST_BYTES:,} bytes skill-ls reads of a manifest"
_WHITESPACE = " \t\n\r"
_LITERALS = {"true": True, "false": False, "null": None}


class _Lines:
    """Offsets to positions for one text. Values keep offsets and make their ranges when
    asked: a manifest has a range per key and value, and most are never looked at (making
    them all took half of the parse of a 0.7 MB marketplace)."""

    def __init__(self, index: LineIndex) -> None:
        self.starts = index.line_starts
        self.ends = index.line_ends

    def range(self, start: int, end: int) -> Range:
        """`LineIndex.range` for offsets the reader knows are in the text, without its
        clamping."""
        return Range(self._position(start), self._position(end))

    def _position(self, offset: int) -> Position:
        starts = self.starts
        line = bisect_right(starts, offset) - 1 if len(starts) > 1 else 0
        # An offset inside a \r\n pair belongs to the end of its line.
        return Position(line, min(offset, self.ends[line]) - starts[line])


@dataclass(frozen=True)
class JsonMember:
    """One `"key": value` of an object."""

    key: str
    key_start: int
    key_end: int
    value: JsonValue

    @property
    def key_range(self) -> Range:
        return self.value.lines.range(self.key_start, self.key_end)


@dataclass(frozen=True)
class JsonValue:
    """A JSON value and where it is; `range` covers the whole value (quotes included)."""

    kind: str  # "object" | "array" | "string" | "number" | "bool" | "null"
    start: int
    end: int
    lines: _Lines = field(compare=False, repr=False)
    # The Python value of a scalar; None for objects and arrays.
    scalar: object = None
    members: tuple[JsonMember, ...] = ()  # an object's members, in order
    items: tuple[JsonValue, ...] = ()  # an array's items

    @property
    def range(self) -> Range:
        return self.lines.range(self.start, self.end)

    def get(self, key: str) -> JsonValue | None:
        """An object's value for `key` (the last one, as `JSON.parse` keeps), or None."""
        found = None
        for member in self.members:
            if member.key == key:
                found = member.value
        return found

    def member(self, key: str) -> JsonMember | None:
        found = None
        for member in self.members:
            if member.key == key:
                found = member
        return found

    @property
    def text(self) -> str | None:
        """The value when it is a string, else None."""
        return self.scalar if self.kind == "string" and isinstance(self.scalar, str) else None


@dataclass(frozen=True)
class JsonDocument:
    text: str
    index: LineIndex
    root: JsonValue | None
    error: str | None = None
    error_range: Range | None = None
    # Over `MAX_MANIFEST_BYTES`: not parsed, so nothing is known of it (`error` says why);
    # the agents may well read it.
    too_large: bool = False


class _Invalid(Exception):
    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message


def parse_json(text: str) -> JsonDocument:
    """Read `text` as one JSON value with positions; never raises."""
    if _utf8_length_over(text, MAX_MANIFEST_BYTES):
        return _too_large(text)
    index = LineIndex(text)
    reader = _Reader(text, index)
    try:
        start = reader.skip(0)
        if text.startswith("\ufeff"):
            start = reader.skip(1)
        value, end = reader.value(start, 0)
        end = reader.skip(end)
        if end < len(text):
            raise _Invalid(end, "unexpected text after the JSON value")
    except _Invalid as problem:
        at = min(problem.offset, len(text))
        return JsonDocument(text, index, None, problem.message, index.range(at, at + 1))
    except RecursionError:
        return JsonDocument(text, index, None, "the JSON nests too deep", index.range(0, 0))
    except (MemoryError, ValueError, OverflowError) as exc:
        # Not expected of the reader (numbers and strings are decoded safely); said, not raised.
        message = f"the JSON cannot be read ({type(exc).__name__})"
        return JsonDocument(text, index, None, message, index.range(0, 0))
    return JsonDocument(text, index, value)


def _utf8_length_over(text: str, limit: int) -> bool:
    """Whether `text` takes more than `limit` bytes in UTF-8 (encoded only when in doubt)."""
    if len(text) > limit:
        return True
    if len(text) * 4 <= limit:
        return False
    return len(text.encode("utf-8", errors="surrogatepass")) > limit


def _too_large(text: str) -> JsonDocument:
    """A text over the bound: no value, no walk over it (its line index is of nothing)."""
    index = LineIndex("")
    return JsonDocument(text, index, None, TOO_LARGE, index.range(0, 0), too_large=True)


def read_manifest(path: str) -> JsonDocument | None:
    """A manifest file from disk (regular files only, at most `MAX_MANIFEST_BYTES` read, and
    a bigger one `too_large`); None when it cannot be read."""
    try:
        data = read_regular(path, MAX_MANIFEST_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_MANIFEST_BYTES:
        return _too_large("")
    return parse_json(data.decode("utf-8", errors="replace"))


def _number(literal: str) -> int | float:
    """A JSON number as `JSON.parse` reads it: an integer stays one while Python converts
    its digits; any longer one, like a fraction or an exponent, is a float (`inf` when out
    of range), never an error."""
    if literal.lstrip("-").isdigit():
        try:
            return int(literal)
        except ValueError:  # more digits than `sys.get_int_max_str_digits()`
            pass
    return float(literal)


class _Reader:
    def __init__(self, text: str, index: LineIndex) -> None:
        self.text = text
        self.lines = _Lines(index)

    def skip(self, at: int) -> int:
        text = self.text
        while at < len(text) and text[at] in _WHITESPACE:
            at += 1
        return at

    def value(self, at: int, depth: int) -> tuple[JsonValue, int]:
        text = self.text
        if at >= len(text):
            raise _Invalid(at, "the JSON ends where a value was expected")
        char = text[at]
        if char == "{":
            return self.object(at, depth + 1)
        if char == "[":
            return self.array(at, depth + 1)
        if char == '"':
            string, end = self.string(at)
            return JsonValue("string", at, end, self.lines, string), end
        for word, scalar in _LITERALS.items():
            if text.startswith(word, at):
                kind = "null" if scalar is None else "bool"
                end = at + len(word)
                return JsonValue(kind, at, end, self.lines, scalar), end
        match = _NUMBER.match(text, at)
        if match is not None and match.end() > at:
            number = _number(match.group())
            return JsonValue("number", at, match.end(), self.lines, number), match.end()
        raise _Invalid(at, f"unexpected {char!r} where a JSON value was expected")

    def string(self, at: int) -> tuple[str, int]:
        text = self.text
        plain = _PLAIN_STRING.match(text, at)
        if plain is not None:
            return text[at + 1 : plain.end() - 1], plain.end()
        end = at + 1
        while end < len(text):
            char = text[end]
            if char == "\\":
                end += 2
                continue
            if char == '"':
                try:
                    decoded = json.loads(text[at : end + 1])
                except ValueError:
                    message = "a string with an invalid escape or control character"
                    raise _Invalid(at, message) from None
                return str(decoded), end + 1
            if char in "\n\r":
                break
            end += 1
        raise _Invalid(at, "a string that is not closed")

    def object(self, at: int, depth: int) -> tuple[JsonValue, int]:
        if depth > MAX_DEPTH:
            raise _Invalid(at, f"the JSON nests deeper than {MAX_DEPTH} levels")
        text = self.text
        members: list[JsonMember] = []
        cursor = self.skip(at + 1)
        if cursor < len(text) and text[cursor] == "}":
            return JsonValue("object", at, cursor + 1, self.lines), cursor + 1
        while True:
            if cursor >= len(text) or text[cursor] != '"':
                raise _Invalid(cursor, "expected a quoted key")
            key_start = cursor
            key, key_end = self.string(cursor)
            cursor = self.skip(key_end)
            if cursor >= len(text) or text[cursor] != ":":
                raise _Invalid(cursor, "expected ':' after the key")
            value, cursor = self.value(self.skip(cursor + 1), depth)
            members.append(JsonMember(key, key_start, key_end, value))
            cursor = self.skip(cursor)
            if cursor < len(text) and text[cursor] == ",":
                cursor = self.skip(cursor + 1)
                continue
            if cursor < len(text) and text[cursor] == "}":
                end = cursor + 1
                return JsonValue("object", at, end, self.lines, members=tuple(members)), end
            raise _Invalid(cursor, "expected ',' or '}' in the object")

    def array(self, at: int, depth: int) -> tuple[JsonValue, int]:
        if depth > MAX_DEPTH:
            raise _Invalid(at, f"the JSON nests deeper than {MAX_DEPTH} levels")
        text = self.text
        items: list[JsonValue] = []
        cursor = self.skip(at + 1)
        if cursor < len(text) and text[cursor] == "]":
            return JsonValue("array", at, cursor + 1, self.lines), cursor + 1
        while True:
            value, cursor = self.value(cursor, depth)
            items.append(value)
            cursor = self.skip(cursor)
            if cursor < len(text) and text[cursor] == ",":
                cursor = self.skip(cursor + 1)
                continue
            if cursor < len(text) and text[cursor] == "]":
                end = cursor + 1
                return JsonValue("array", at, end, self.lines, items=tuple(items)), end
            raise _Invalid(cursor, "expected ',' or ']' in the array")
