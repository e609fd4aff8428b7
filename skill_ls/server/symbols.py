"""Document symbols and folding ranges (the outline comes from `outline`; this translates
it), and workspace symbols (the skills of the index)."""

from __future__ import annotations

import asyncio

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot, path_to_uri
from skill_ls.server.isolation import isolated
from skill_ls.server.outline import OutlineSymbol, document_outline, folds
from skill_ls.server.session import Session

MAX_WORKSPACE_SYMBOLS = 500
_KINDS = {
    "key": types.SymbolKind.Property,
    "nested-key": types.SymbolKind.Field,
    "heading": types.SymbolKind.String,
}


def _to_lsp(session: Session, snapshot: Snapshot, symbol: OutlineSymbol) -> types.DocumentSymbol:
    index = snapshot.index
    children = [_to_lsp(session, snapshot, child) for child in symbol.children]
    return types.DocumentSymbol(
        name=symbol.name,
        kind=_KINDS[symbol.kind],
        range=session.mapper.to_client_range(index, symbol.range),
        selection_range=session.mapper.to_client_range(index, symbol.selection),
        detail=symbol.detail,
        children=children or None,
    )


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
    symbols = [_to_lsp(session, snapshot, s) for s in document_outline(snapshot.parsed)]
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
    return [
        types.FoldingRange(
            start_line=fold.start_line,
            end_line=fold.end_line,
            kind=types.FoldingRangeKind.Region if fold.region else None,
        )
        for fold in folds(snapshot.parsed)
    ]


@isolated()
async def workspace_symbols(
    session: Session, params: types.WorkspaceSymbolParams
) -> list[types.SymbolInformation] | None:
    """Skills matching the query, found on a thread (so that a `$/cancelRequest` can answer
    a long search of a large workspace at once)."""
    return await asyncio.to_thread(_matching_skills, session, params.query.strip().lower())


def _matching_skills(session: Session, query: str) -> list[types.SymbolInformation]:
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
