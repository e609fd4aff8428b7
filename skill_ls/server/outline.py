"""A SKILL.md's outline as plain data (no LSP types): frontmatter keys (with `metadata`'s
keys under it), body headings nested by level, and the foldable regions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from skill_ls.diagnostics import Position, Range
from skill_ls.document import Heading, SkillDocument, headings, scan_blocks
from skill_ls.text import LineIndex
from skill_ls.yamltree import YMapping, YNode, YScalar

DETAIL_CHARS = 60

# A top-level key, a key of a mapping under it, or a body heading.
SymbolKind = Literal["key", "nested-key", "heading"]


@dataclass
class OutlineSymbol:
    name: str
    kind: SymbolKind
    range: Range  # the whole entry or section
    selection: Range  # the key or the heading line
    detail: str | None = None
    children: list[OutlineSymbol] = field(default_factory=list)


@dataclass(frozen=True)
class Fold:
    start_line: int
    end_line: int
    # The frontmatter block folds as a region; the rest are plain folds.
    region: bool = False


def node_end(index: LineIndex, node: YNode | None, key: YScalar) -> Position:
    """Where a key's entry ends: its value's end, or the key's own without a value."""
    if node is None:
        return key.range.end
    end = node.range.end
    if end.column > 0 or end.line == key.range.start.line:
        return end
    # Block values end at the start of the next line; stop at the end of the previous one.
    return Position(end.line - 1, len(index.line(end.line - 1)))


def _value_detail(node: YNode | None) -> str | None:
    if isinstance(node, YScalar):
        text = node.value.replace("\n", " ")
        return text[:DETAIL_CHARS] + ("…" if len(text) > DETAIL_CHARS else "")
    return None


def _symbol(
    name: str,
    kind: SymbolKind,
    full: Range,
    selection: Range,
    detail: str | None = None,
    children: list[OutlineSymbol] | None = None,
) -> OutlineSymbol:
    # An editor shows nothing for an empty name (a bare `#`): say so instead.
    return OutlineSymbol(name or "(empty)", kind, full, selection, detail, children or [])


def key_symbols(doc: SkillDocument) -> list[OutlineSymbol]:
    symbols = []
    for key, entry in doc.fields.items():
        children: list[OutlineSymbol] = []
        if isinstance(entry.value, YMapping):
            for child_key, child_value in entry.value.entries:
                if isinstance(child_key, YScalar):
                    end = node_end(doc.index, child_value, child_key)
                    children.append(
                        _symbol(
                            child_key.value,
                            "nested-key",
                            Range(child_key.range.start, end),
                            child_key.range,
                            _value_detail(child_value),
                        )
                    )
        full = Range(entry.key.range.start, node_end(doc.index, entry.value, entry.key))
        symbols.append(
            _symbol(key, "key", full, entry.key.range, _value_detail(entry.value), children)
        )
    return symbols


def heading_symbols(doc: SkillDocument) -> list[OutlineSymbol]:
    """Headings nested by level: a heading holds the deeper ones that follow it."""
    index = doc.index
    roots: list[OutlineSymbol] = []
    stack: list[tuple[Heading, OutlineSymbol]] = []
    for heading in headings(doc):
        last = heading.last_line
        full = Range(Position(heading.line, 0), Position(last, len(index.line(last))))
        symbol = _symbol(heading.text, "heading", full, index.line_range(heading.line))
        while stack and stack[-1][0].level >= heading.level:
            stack.pop()
        if stack:
            stack[-1][1].children.append(symbol)
        else:
            roots.append(symbol)
        stack.append((heading, symbol))
    return roots


def document_outline(doc: SkillDocument) -> list[OutlineSymbol]:
    return key_symbols(doc) + heading_symbols(doc)


def folds(doc: SkillDocument) -> list[Fold]:
    """The frontmatter, its multi-line entries, heading sections and fenced code blocks."""
    found: list[Fold] = []
    fm = doc.frontmatter
    if fm is not None and fm.close_line is not None and fm.close_line > fm.open_line:
        found.append(Fold(fm.open_line, fm.close_line, region=True))
        for entry in doc.fields.values():
            end = node_end(doc.index, entry.value, entry.key).line
            if end > entry.key.range.start.line and end < fm.close_line:
                found.append(Fold(entry.key.range.start.line, end))
    for start, end in scan_blocks(doc).folds:
        found.append(Fold(start, end))
    return found
