"""textDocument/hover: the text comes from `hover_text`; this only translates it."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.server.binding import bind
from skill_ls.server.convert import to_lsp_hover
from skill_ls.server.editor_text.catalog_entry import description_preview
from skill_ls.server.editor_text.skill_md_hover import hover_at
from skill_ls.server.instruction_diagnostics import is_instruction_file
from skill_ls.server.isolation import isolated
from skill_ls.server.manifest_diagnostics import is_manifest
from skill_ls.server.manifest_hover_completion import manifest_hover_at
from skill_ls.server.mention_features import mention_hover
from skill_ls.server.session import Session


@isolated()
def hover(session: Session, params: types.HoverParams) -> types.Hover | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is not None and is_manifest(snapshot):
        return manifest_hover_at(session, snapshot, params.position)
    if snapshot is not None and is_instruction_file(session, snapshot):
        return mention_hover(session, snapshot, params.position)
    if snapshot is None or not session.is_skill(snapshot):
        return None
    pos = session.mapper.from_client(snapshot.index, params.position)

    def preview() -> str:
        return description_preview(snapshot, session.audience(snapshot))

    found = hover_at(snapshot.parsed, snapshot.path, pos, preview)
    if found is None:
        return None
    return to_lsp_hover(found.text, found.range, snapshot.index, session.mapper, session.flags)


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_HOVER)(bind(hover, session))
