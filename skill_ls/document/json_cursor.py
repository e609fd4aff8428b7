"""Where a cursor is in a JSON document that is being typed (and so is often not valid JSON
yet): inside which objects and arrays, at a member's key or at a value, inside a string or
not. Completion in manifests needs this; a strict parse would answer nothing mid-edit.

`cursor_at(text, offset)` reads only the text before the cursor, never raises, and gives up
(place "none") on text it cannot follow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

_CLOSE = {"{": "}", "[": "]"}


@dataclass(frozen=True)
class JsonCursor:
    """The cursor's place. `path` holds the keys and indices leading to the container the
    cursor is in (empty: the top-level value); at a value, `path[-1]` is its key or index."""

    place: str  # "key" (a member's key goes here) | "value" | "none"
    path: tuple[str | int, ...] = ()
    # Inside a string: the offset of its opening quote and the text typed after it.
    string_start: int | None = None
    prefix: str = ""
    # The keys the enclosing object already has before the cursor.
    keys_before: tuple[str, ...] = ()


@dataclass
class _Frame:
    kind: str  # "object" | "array"
    entered_by: str | int | None  # the parent's key or index for this container
    state: str  # object: "key" | "colon" | "value" | "comma"; array: "value" | "comma"
    key: str | None = None  # an object's current key
    index: int = 0  # an array's current index
    keys: list[str] = field(default_factory=list)


def cursor_at(text: str, offset: int) -> JsonCursor:
    """The place of the cursor at `offset` (a code-point offset into `text`)."""
    offset = max(0, min(offset, len(text)))
    stack: list[_Frame] = []
    top_done = False
    at = 0
    while at < offset:
        char = text[at]
        if char in " \t\r\n":
            at += 1
            continue
        frame = stack[-1] if stack else None
        if char == '"':
            end = _string_end(text, at, offset)
            if end is None:  # the cursor is inside this string
                return _in_string(stack, at, text[at + 1 : offset])
            _after_string(frame, _unescape(text[at + 1 : end - 1]))
            if frame is None:
                top_done = True
            at = end
            continue
        if char in _CLOSE:
            if frame is None and top_done:
                return JsonCursor("none")
            if frame is not None and frame.state != "value":
                return JsonCursor("none")
            entered = None if frame is None else _slot(frame)
            stack.append(_Frame("object" if char == "{" else "array", entered, _first(char)))
            at += 1
            continue
        if char in "}]":
            if frame is None or _CLOSE["{" if frame.kind == "object" else "["] != char:
                return JsonCursor("none")
            stack.pop()
            if stack:
                stack[-1].state = "comma"
            else:
                top_done = True
            at += 1
            continue
        if frame is None:
            # A top-level scalar: nothing to complete in it.
            return JsonCursor("none")
        if char == ":" and frame.kind == "object" and frame.state == "colon":
            frame.state = "value"
        elif char == "," and frame.state == "comma":
            if frame.kind == "object":
                frame.state, frame.key = "key", None
            else:
                frame.state, frame.index = "value", frame.index + 1
        elif frame.state == "value":
            # A number or a literal: skip to the next delimiter.
            while at < offset and text[at] not in ",}] \t\r\n":
                at += 1
            frame.state = "comma"
            continue
        else:
            return JsonCursor("none")
        at += 1
    return _between(stack)


def _first(bracket: str) -> str:
    return "key" if bracket == "{" else "value"


def _slot(frame: _Frame) -> str | int | None:
    return frame.key if frame.kind == "object" else frame.index


def _path(stack: list[_Frame]) -> tuple[str | int, ...]:
    return tuple(frame.entered_by for frame in stack[1:] if frame.entered_by is not None)


def _in_string(stack: list[_Frame], start: int, typed: str) -> JsonCursor:
    if not stack:
        return JsonCursor("none")
    frame = stack[-1]
    keys = tuple(frame.keys)
    if frame.kind == "object" and frame.state == "key":
        return JsonCursor("key", _path(stack), start, typed, keys)
    if frame.state == "value":
        slot = _slot(frame)
        path = _path(stack) if slot is None else (*_path(stack), slot)
        return JsonCursor("value", path, start, typed, keys)
    return JsonCursor("none")


def _between(stack: list[_Frame]) -> JsonCursor:
    if not stack:
        return JsonCursor("none")
    frame = stack[-1]
    keys = tuple(frame.keys)
    if frame.kind == "object" and frame.state == "key":
        return JsonCursor("key", _path(stack), keys_before=keys)
    if frame.state == "value":
        slot = _slot(frame)
        path = _path(stack) if slot is None else (*_path(stack), slot)
        return JsonCursor("value", path, keys_before=keys)
    return JsonCursor("none")


def _after_string(frame: _Frame | None, value: str) -> None:
    if frame is None:
        return
    if frame.kind == "object" and frame.state == "key":
        frame.key, frame.state = value, "colon"
        frame.keys.append(value)
    else:
        frame.state = "comma"


def _string_end(text: str, start: int, limit: int) -> int | None:
    """The offset just past the string opened at `start`, or None when it does not close
    before `limit`. A string left open on an earlier line ends with it (JSON strings hold
    no line break), so one unfinished value does not swallow the rest of the document."""
    at = start + 1
    while at < limit:
        char = text[at]
        if char == "\\":
            at += 2
            continue
        if char == '"':
            return at + 1
        if char == "\n":
            return at
        at += 1
    return None


def _unescape(raw: str) -> str:
    if "\\" not in raw:
        return raw
    simple = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
    out: list[str] = []
    at = 0
    while at < len(raw):
        char = raw[at]
        if char == "\\" and at + 1 < len(raw):
            code = raw[at + 1]
            if code == "u" and at + 6 <= len(raw):
                try:
                    out.append(chr(int(raw[at + 2 : at + 6], 16)))
                except ValueError:
                    out.append(raw[at : at + 6])
                at += 6
                continue
            out.append(simple.get(code, code))
            at += 2
            continue
        out.append(char)
        at += 1
    return "".join(out)
