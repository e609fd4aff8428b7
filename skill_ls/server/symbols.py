"""Document symbols (frontmatter keys, body headings), folding ranges, workspace symbols."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.diagnostics import Position, Range
from skill_ls.document import FENCE, SkillDocument, prose_lines
from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot, path_to_uri
from skill_ls.server.isolation import isolated
from skill_ls.server.session import Session
from skill_ls.text import LineIndex
from skill_ls.yamltree import YMapping, YNode, YScalar

MAX_WORKSPACE_SYMBOLS = 500
_HEADING = re.compile(r"^ {0,3}(?P<marks>#{1,6})(?:[ \t]+(?P<text>.*?))?[ \t#]*$")


@dataclass
class Heading:
    level: int
    text: str
    line: int
    last_line: int = 0
    children: list[Heading] = field(default_factory=list)


def headings(doc: SkillDocument) -> list[Heading]:
    """ATX headings of the body, outside fenced code, each with the last line of its section."""
    found: list[Heading] = []
    index = doc.index
    for number, line in prose_lines(doc):
        match = _HEADING.match(line)
        if match:
            found.append(
                Heading(len(match.group("marks")), (match.group("text") or "").strip(), number)
            )
    last = _last_content_line(index, doc.body_start_line, index.line_count - 1)
    for position, heading in enumerate(found):
        end = last
        for later in found[position + 1 :]:
            if later.level <= heading.level:
                end = _last_content_line(index, heading.line, later.line - 1)
                break
        heading.last_line = max(end, heading.line)
    return found


def _last_content_line(index: LineIndex, first: int, last: int) -> int:
    while last > first and not index.line(last).strip():
        last -= 1
    return last


def fenced_blocks(doc: SkillDocument) -> list[tuple[int, int]]:
    blocks: list[tuple[int, int]] = []
    index = doc.index
    fence: str | None = None
    start = 0
    for number in range(doc.body_start_line, index.line_count):
        line = index.line(number)
        match = FENCE.match(line)
        if not match:
            continue
        marker = match.group(1)
        if fence is None:
            fence, start = marker[0] * len(marker), number
        elif marker.startswith(fence) and line.strip() == marker:
            blocks.append((start, number))
            fence = None
    return blocks


def _node_end(index: LineIndex, node: YNode | None, key: YScalar) -> Position:
    if node is None:
        return key.range.end
    end = node.range.end
    if end.column > 0 or end.line == key.range.start.line:
        return end
    # Block values end at the start of the next line; stop at the end of the previous one.
    return Position(end.line - 1, len(index.line(end.line - 1)))


def _symbol(
    session: Session,
    snapshot: Snapshot,
    name: str,
    kind: types.SymbolKind,
    full: Range,
    selection: Range,
    detail: str | None,
    children: list[types.DocumentSymbol],
) -> types.DocumentSymbol:
    index = snapshot.index
    return types.DocumentSymbol(
        name=name or "(empty)",
        kind=kind,
        range=session.mapper.to_client_range(index, full),
        selection_range=session.mapper.to_client_range(index, selection),
        detail=detail,
        children=children or None,
    )


def _value_detail(node: YNode | None) -> str | None:
    if isinstance(node, YScalar):
        text = node.value.replace("\n", " ")
        return text[:60] + ("…" if len(text) > 60 else "")
    return None


def key_symbols(session: Session, snapshot: Snapshot) -> list[types.DocumentSymbol]:
    doc = snapshot.parsed
    symbols = []
    for key, entry in doc.fields.items():
        children: list[types.DocumentSymbol] = []
        if isinstance(entry.value, YMapping):
            for child_key, child_value in entry.value.entries:
                if isinstance(child_key, YScalar):
                    children.append(
                        _symbol(
                            session,
                            snapshot,
                            child_key.value,
                            types.SymbolKind.Field,
                            Range(
                                child_key.range.start, _node_end(doc.index, child_value, child_key)
                            ),
                            child_key.range,
                            _value_detail(child_value),
                            [],
                        )
                    )
        full = Range(entry.key.range.start, _node_end(doc.index, entry.value, entry.key))
        symbols.append(
            _symbol(
                session,
                snapshot,
                key,
                types.SymbolKind.Property,
                full,
                entry.key.range,
                _value_detail(entry.value),
                children,
            )
        )
    return symbols


def heading_symbols(session: Session, snapshot: Snapshot) -> list[types.DocumentSymbol]:
    index = snapshot.index
    roots: list[tuple[Heading, types.DocumentSymbol]] = []
    stack: list[tuple[Heading, types.DocumentSymbol]] = []
    for heading in headings(snapshot.parsed):
        line = heading.line
        full = Range(
            Position(line, 0), Position(heading.last_line, len(index.line(heading.last_line)))
        )
        selection = index.line_range(line)
        symbol = _symbol(
            session, snapshot, heading.text, types.SymbolKind.String, full, selection, None, []
        )
        while stack and stack[-1][0].level >= heading.level:
            stack.pop()
        if stack:
            parent = stack[-1][1]
            parent.children = [*(parent.children or []), symbol]
        else:
            roots.append((heading, symbol))
        stack.append((heading, symbol))
    return [symbol for _, symbol in roots]


def _flatten(
    symbols: list[types.DocumentSymbol], uri: str, container: str | None = None
) -> list[types.SymbolInformation]:
    flat = []
    for symbol in symbols:
        flat.append(
            types.SymbolInformation(
                name=symbol.name,
                kind=symbol.kind,
                location=types.Location(uri=uri, range=symbol.range),
                container_name=container,
            )
        )
        flat.extend(_flatten(list(symbol.children or []), uri, symbol.name))
    return flat


@isolated()
def document_symbols(
    session: Session, params: types.DocumentSymbolParams
) -> list[types.DocumentSymbol] | list[types.SymbolInformation] | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or not session.is_skill(snapshot):
        return None
    symbols = key_symbols(session, snapshot) + heading_symbols(session, snapshot)
    if session.flags.hierarchical_symbols:
        return symbols
    return _flatten(symbols, snapshot.uri)


@isolated()
def folding_ranges(
    session: Session, params: types.FoldingRangeParams
) -> list[types.FoldingRange] | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or not session.is_skill(snapshot):
        return None
    doc = snapshot.parsed
    ranges: list[types.FoldingRange] = []
    fm = doc.frontmatter
    if fm is not None and fm.close_line is not None and fm.close_line > fm.open_line:
        ranges.append(
            types.FoldingRange(
                start_line=fm.open_line, end_line=fm.close_line, kind=types.FoldingRangeKind.Region
            )
        )
        for entry in doc.fields.values():
            end = _node_end(doc.index, entry.value, entry.key).line
            if end > entry.key.range.start.line and end < fm.close_line:
                ranges.append(
                    types.FoldingRange(start_line=entry.key.range.start.line, end_line=end)
                )
    for heading in headings(doc):
        if heading.last_line > heading.line:
            ranges.append(types.FoldingRange(start_line=heading.line, end_line=heading.last_line))
    for start, end in fenced_blocks(doc):
        ranges.append(types.FoldingRange(start_line=start, end_line=end))
    return ranges


@isolated()
def workspace_symbols(
    session: Session, params: types.WorkspaceSymbolParams
) -> list[types.SymbolInformation] | None:
    query = params.query.strip().lower()
    found = []
    for skill in session.skills.skills():
        description = skill.description or ""
        if query and query not in skill.name.lower() and query not in description.lower():
            continue
        facts = session.skills.facts(skill.path)
        # Column 0 of the `name` line: valid in every encoding without reading the file.
        line = facts.name_range.start.line if facts is not None and facts.name_range else 0
        start = types.Position(line=line, character=0)
        found.append(
            types.SymbolInformation(
                name=skill.name,
                kind=types.SymbolKind.Module,
                location=types.Location(
                    uri=path_to_uri(skill.path), range=types.Range(start=start, end=start)
                ),
                container_name=_short(description),
            )
        )
        if len(found) >= MAX_WORKSPACE_SYMBOLS:
            break
    return found


def _short(text: str, limit: int = 80) -> str | None:
    text = " ".join(text.split())
    if not text:
        return None
    return text if len(text) <= limit else text[: limit - 1] + "…"


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)(bind(document_symbols, session))
    server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)(bind(folding_ranges, session))
    server.feature(types.WORKSPACE_SYMBOL)(bind(workspace_symbols, session))
