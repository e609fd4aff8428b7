"""A JSON manifest (plugin.json, marketplace.json, gemini-extension.json) read with the exact
range of every key and value, so that a finding points at the value it is about.

`parse_json(text)` never raises: text that is not JSON gives a document whose `error` says
where and why, as the agents' own `JSON.parse` would refuse it. Nesting and size are bounded
(hostile input costs a finding, never a crash or a long parse).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from skill_ls.diagnostics import Range
from skill_ls.files import read_regular
from skill_ls.text import LineIndex

# Manifests are small; a bigger file is read up to this many bytes (and then is not JSON).
MAX_MANIFEST_BYTES = 1_000_000
MAX_DEPTH = 64

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_WHITESPACE = " \t\n\r"
_LITERALS = {"true": True, "false": False, "null": None}


@dataclass(frozen=True)
class JsonMember:
    """One `"key": value` of an object."""

    key: str
    key_range: Range
    value: JsonValue


@dataclass(frozen=True)
class JsonValue:
    """A JSON value and where it is; `range` covers the whole value (quotes included)."""

    kind: str  # "object" | "array" | "string" | "number" | "bool" | "null"
    range: Range
    # The Python value of a scalar; None for objects and arrays.
    scalar: object = None
    members: tuple[JsonMember, ...] = ()  # an object's members, in order
    items: tuple[JsonValue, ...] = ()  # an array's items

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


class _Invalid(Exception):
    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message


def parse_json(text: str) -> JsonDocument:
    """Read `text` as one JSON value with positions; never raises."""
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
    return JsonDocument(text, index, value)


def read_manifest(path: str) -> JsonDocument | None:
    """A manifest file from disk (regular files only, bounded); None when it cannot be read."""
    try:
        data = read_regular(path, MAX_MANIFEST_BYTES + 1)
    except OSError:
        return None
    return parse_json(data.decode("utf-8", errors="replace"))


class _Reader:
    def __init__(self, text: str, index: LineIndex) -> None:
        self.text = text
        self.index = index

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
            return JsonValue("string", self.index.range(at, end), string), end
        for word, scalar in _LITERALS.items():
            if text.startswith(word, at):
                kind = "null" if scalar is None else "bool"
                end = at + len(word)
                return JsonValue(kind, self.index.range(at, end), scalar), end
        match = _NUMBER.match(text, at)
        if match is not None and match.end() > at:
            number = json.loads(match.group())
            return JsonValue("number", self.index.range(at, match.end()), number), match.end()
        raise _Invalid(at, f"unexpected {char!r} where a JSON value was expected")

    def string(self, at: int) -> tuple[str, int]:
        text = self.text
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
            return JsonValue("object", self.index.range(at, cursor + 1)), cursor + 1
        while True:
            if cursor >= len(text) or text[cursor] != '"':
                raise _Invalid(cursor, "expected a quoted key")
            key, key_end = self.string(cursor)
            key_range = self.index.range(cursor, key_end)
            cursor = self.skip(key_end)
            if cursor >= len(text) or text[cursor] != ":":
                raise _Invalid(cursor, "expected ':' after the key")
            value, cursor = self.value(self.skip(cursor + 1), depth)
            members.append(JsonMember(key, key_range, value))
            cursor = self.skip(cursor)
            if cursor < len(text) and text[cursor] == ",":
                cursor = self.skip(cursor + 1)
                continue
            if cursor < len(text) and text[cursor] == "}":
                end = cursor + 1
                return JsonValue("object", self.index.range(at, end), members=tuple(members)), end
            raise _Invalid(cursor, "expected ',' or '}' in the object")

    def array(self, at: int, depth: int) -> tuple[JsonValue, int]:
        if depth > MAX_DEPTH:
            raise _Invalid(at, f"the JSON nests deeper than {MAX_DEPTH} levels")
        text = self.text
        items: list[JsonValue] = []
        cursor = self.skip(at + 1)
        if cursor < len(text) and text[cursor] == "]":
            return JsonValue("array", self.index.range(at, cursor + 1)), cursor + 1
        while True:
            value, cursor = self.value(cursor, depth)
            items.append(value)
            cursor = self.skip(cursor)
            if cursor < len(text) and text[cursor] == ",":
                cursor = self.skip(cursor + 1)
                continue
            if cursor < len(text) and text[cursor] == "]":
                end = cursor + 1
                return JsonValue("array", self.index.range(at, end), items=tuple(items)), end
            raise _Invalid(cursor, "expected ',' or ']' in the array")
