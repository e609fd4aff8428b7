"""Small shared pieces for rules: ranges, YAML quoting, entry spans, client name lists."""

from __future__ import annotations

import re
from collections.abc import Iterable

from skill_ls.clients.loaders import LOADERS, misread_as
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Position, Range, TextEdit
from skill_ls.document import SkillDocument
from skill_ls.yamltree import YNode, YScalar, resolve_plain


def point(doc: SkillDocument, pos: Position) -> Range:
    """A one-character range at `pos` (or the end of the line when past it)."""
    line = doc.index.line(pos.line)
    end = min(pos.column + 1, len(line))
    start = min(pos.column, end)
    return Range(Position(pos.line, start), Position(pos.line, max(end, start)))


def close_matches(word: str, known: Iterable[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """difflib's `get_close_matches`; difflib (and heapq) are imported on the first
    misspelling looked up, not at every start."""
    import difflib

    return difflib.get_close_matches(word, list(known), n, cutoff)


def first_line_range(doc: SkillDocument) -> Range:
    """Where document-level findings go: the opening `---`, else the first line."""
    line = doc.frontmatter.open_line if doc.frontmatter is not None else 0
    return doc.index.line_range(line)


# Line breaks and characters YAML does not allow as written (outside c-printable), the BOM,
# and U+0085, U+2028, U+2029, which YAML 1.1 loaders take for line breaks. Spelled as the
# characters escaped, not as the complement of those kept (3 ms to compile).
_ESCAPE_IN_QUOTES = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")


def yaml_double_quoted(text: str) -> str:
    """`text` as a YAML double-quoted scalar (every loader reads it back unchanged)."""
    out = []
    for char in text:
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"')
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif _ESCAPE_IN_QUOTES.match(char):
            code = ord(char)
            out.append(
                f"\\x{code:02x}"
                if code < 0x100
                else f"\\u{code:04x}"
                if code < 0x10000
                else f"\\U{code:08x}"
            )
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


_YAML11_SPECIAL = re.compile(r"(?i)y|n|yes|no|on|off")
# Starts with a letter, digit or `(`; no quotes or backslashes; no ` #`, `: ` or `:` at the end.
_PLAIN_SAFE = re.compile(r"(?:[^\W_]|\()(?:[^\"'\\:#\t]|:(?=[^ ])|(?<! )#)*(?<![: ])")


def yaml_scalar(text: str) -> str:
    """`text` as a plain scalar when every loader reads that back as this string, else
    double-quoted (`true`, `12`, `yes`, `a: b`, base 60 `1:30`, ...)."""
    plain = (
        _PLAIN_SAFE.fullmatch(text) is not None
        and text.isprintable()
        and not text.endswith(" ")
        and resolve_plain(text) == "string"
        and not _YAML11_SPECIAL.fullmatch(text)
        # The loaders some agents use read more plain forms as numbers (`1_000`, `1:30`).
        and not any(misread_as(loader, text) for loader in LOADERS)
    )
    return text if plain else yaml_double_quoted(text)


def replace_value(node: YNode, text: str) -> TextEdit:
    """Replace a value as written; an empty value (a point after its `:`) gets a space."""
    rng = value_range(node)
    if rng.start == rng.end and text:
        text = " " + text
    return TextEdit(rng, text)


def value_range(node: YNode) -> Range:
    """The written extent of a value; block scalars end at the end of their last line."""
    rng = node.range
    if isinstance(node, YScalar) and node.style in ("|", ">") and rng.end.column == 0:
        # ruamel ends block scalars at the start of the next line; stop before its break.
        return Range(rng.start, Position(rng.end.line, 0))
    return rng


def entry_lines(doc: SkillDocument, key: YScalar) -> tuple[int, int]:
    """The lines [first, last] of a top-level entry: its key line and indented followers."""
    fm = doc.frontmatter
    assert fm is not None and fm.close_line is not None
    last = key.range.start.line
    for number in range(key.range.start.line + 1, fm.close_line):
        line = doc.index.line(number)
        if line.strip() and not line[0].isspace() and not line.lstrip().startswith("#"):
            break
        if line.strip():
            last = number
    return key.range.start.line, last


def delete_lines(doc: SkillDocument, first: int, last: int) -> TextEdit:
    return TextEdit(Range(Position(first, 0), Position(last + 1, 0)), "")


def names(clients: Iterable[Client]) -> str:
    """'Claude Code, Codex and Gemini CLI'."""
    items = [c.name for c in clients]
    if not items:
        return "none"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


# Scalars that typed loaders give back as something other than text: quoting keeps them text.
TYPED_SCALARS = ("int", "float", "bool", "timestamp")


def describe_kind(node: YNode) -> str:
    kind = node.kind
    return {
        "string": "a string",
        "bool": "a boolean",
        "int": "a number",
        "float": "a number",
        "null": "empty (null)",
        "map": "a mapping",
        "list": "a list",
        "alias": "an alias",
        "timestamp": "a date",
    }.get(kind, f"a value tagged {node.tag}" if node.tag else kind)


def insert_after_open(doc: SkillDocument, text: str) -> TextEdit:
    """An edit that inserts `text` as the first frontmatter line."""
    assert doc.frontmatter is not None
    line = doc.frontmatter.open_line + 1
    return TextEdit(Range.point(line, 0), text)
