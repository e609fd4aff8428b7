"""textDocument/inlayHint: after the `description` value, its length against the tightest
cap of the target agents (`clients/caps.py`), e.g. `812/1,024 (the spec)`."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.clients.caps import description_room
from skill_ls.diagnostics import Position
from skill_ls.server.binding import bind
from skill_ls.server.isolation import isolated
from skill_ls.server.session import Session
from skill_ls.yamltree import YScalar


@isolated(default=[])
def inlay_hints(session: Session, params: types.InlayHintParams) -> list[types.InlayHint]:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or not session.is_skill(snapshot):
        return []
    document = snapshot.parsed
    entry = document.fields.get("description")
    if entry is None or not isinstance(entry.value, YScalar) or entry.value.kind != "string":
        return []
    room = description_room(
        entry.value.value, document.string_value("when_to_use"), session.audience(snapshot)
    )
    value_end = entry.value.range.end
    if value_end.column == 0 and value_end.line > entry.value.range.start.line:
        # A block scalar ends at the start of the next line: show the count on its last line.
        last = value_end.line - 1
        value_end = Position(last, len(snapshot.index.line(last)))
    end = session.mapper.to_client(snapshot.index, value_end)
    if not _within(end, params.range):
        return []
    tooltip = (
        f"{room.used:,} characters"
        + (" with `when_to_use`" if room.with_when_to_use else "")
        + f"; the tightest cap of the target agents is {room.limit:,} ({room.owner})"
        + (": past it the text is cut or the skill skipped" if room.used > room.limit else "")
    )
    return [
        types.InlayHint(
            position=end,
            label=room.label,
            padding_left=True,
            tooltip=tooltip,
        )
    ]


def _within(position: types.Position, span: types.Range) -> bool:
    start, end = span.start, span.end
    after_start = (position.line, position.character) >= (start.line, start.character)
    return after_start and (position.line, position.character) <= (end.line, end.character)


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_INLAY_HINT)(bind(inlay_hints, session))
