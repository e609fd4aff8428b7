"""Where the cursor is, for completion, as plain data (no LSP types): a whole frontmatter
for an empty file, a key, a `metadata` key, a key's value, or a file path in the body; and
the code-point range a completion there replaces."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from skill_ls.diagnostics import Position, Range
from skill_ls.document import SkillDocument

Place = Literal["skeleton", "key", "metadata-key", "value", "path"]

_SKELETON_PREFIX = re.compile(r"-{0,3}")
_KEY_PREFIX = re.compile(r"[A-Za-z0-9_-]*")
_NESTED_KEY_PREFIX = re.compile(r"[ \t]+[A-Za-z0-9_-]*")
_VALUE_PREFIX = re.compile(r"(?P<key>[A-Za-z0-9_-]+):[ \t]*(?P<value>[^\s#]*)")
_LINK_PREFIX = re.compile(r"\]\(\s*<?(?P<path>[^)\s>]*)$")
# The path characters that end a line, found on the line reversed (see `_link_prefix`).
_PATH_TAIL = re.compile(r"[^)\s>]*")
_CODE_PREFIX = re.compile(r"`(?P<path>[^`\s]*)$")
# What a completion replaces past the cursor, per place.
_DASHES = re.compile(r"-*")
_WORD_CHARS = re.compile(r"[A-Za-z0-9_-]*")
_VALUE_CHARS = re.compile(r"[^\s#]*")
_PATH_CHARS = re.compile(r"[^)\s>`]*")
_WORD_CHARS_SET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


@dataclass(frozen=True)
class CompletionContext:
    place: Place
    line: str
    prefix: str  # the line up to the cursor
    edit: Range  # from the start of the token being typed to its end past the cursor
    # "value": the key whose value is typed; "key": the key already on this line, if any.
    key: str | None = None
    # "key": the key on this line already has its colon (insert the name alone).
    after_colon: bool = False


def completion_context(doc: SkillDocument, position: Position) -> CompletionContext | None:
    """What can be completed at `position` (None: nothing)."""
    line = doc.index.line(position.line)
    prefix = line[: position.column]
    fm = doc.frontmatter

    def at(
        place: Place,
        start: int,
        token: re.Pattern[str],
        key: str | None = None,
        after_colon: bool = False,
    ) -> CompletionContext:
        rest = token.match(line, position.column)
        end = rest.end() if rest else position.column
        edit = Range(Position(position.line, start), Position(position.line, end))
        return CompletionContext(place, line, prefix, edit, key, after_colon)

    if fm is None and position.line == 0 and _SKELETON_PREFIX.fullmatch(prefix):
        return at("skeleton", 0, _DASHES)
    if fm is None or (fm.close_line is not None and position.line > fm.close_line):
        match = _link_prefix(prefix) or _CODE_PREFIX.search(prefix)
        return at("path", match.start("path"), _PATH_CHARS) if match else None
    if position.line <= fm.open_line or position.line == fm.close_line:
        return None
    if _KEY_PREFIX.fullmatch(prefix):
        after_colon = line[len(prefix) :].lstrip(_WORD_CHARS_SET).startswith(":")
        return at("key", 0, _WORD_CHARS, key=_key_of(line), after_colon=after_colon)
    if _NESTED_KEY_PREFIX.fullmatch(prefix) and _parent_key(doc, position.line) == "metadata":
        indent = len(prefix) - len(prefix.lstrip(" \t"))
        return at("metadata-key", indent, _WORD_CHARS)
    match = _VALUE_PREFIX.fullmatch(prefix)
    if match:
        return at("value", match.start("value"), _VALUE_CHARS, key=match.group("key"))
    return None


def _link_prefix(prefix: str) -> re.Match[str] | None:
    """`_LINK_PREFIX.search(prefix)`, in linear time: searched from everywhere, the pattern
    scans ahead from each `](` to the next `)` and fails (quadratic on `](a](a...)`). A
    match ends the line with path characters, so it can start only at the `](` before the
    spaces in front of them or inside them: search from there."""
    reversed_tail = _PATH_TAIL.match(prefix[::-1])
    tail = len(prefix) - (reversed_tail.end() if reversed_tail else 0)
    spaces = len(prefix[:tail].rstrip())
    return _LINK_PREFIX.search(prefix, max(spaces - 2, 0))


def _key_of(line: str) -> str | None:
    """The key a frontmatter line starts with (`key:`), if any."""
    match = _KEY_PREFIX.match(line)
    key = match.group(0) if match else ""
    return key if key and line[len(key) : len(key) + 1] == ":" else None


def _parent_key(doc: SkillDocument, line: int) -> str | None:
    """The top-level key whose block holds an (indented) frontmatter line."""
    fm = doc.frontmatter
    assert fm is not None
    for number in range(line - 1, fm.open_line, -1):
        text = doc.index.line(number)
        if text.strip() and not text[0].isspace() and not text.lstrip().startswith("#"):
            match = _KEY_PREFIX.match(text)
            key = match.group(0) if match else ""
            return key if text[len(key) : len(key) + 1] == ":" else None
    return None
