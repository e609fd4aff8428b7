"""Text document synchronisation: open, change, save, close (incremental sync)."""

from __future__ import annotations

import os

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.server import diagnostics
from skill_ls.server.binding import bind
from skill_ls.server.editor import EditorPort
from skill_ls.server.isolation import isolated
from skill_ls.server.manifest_diagnostics import is_manifest
from skill_ls.server.session import Session
from skill_ls.server.watching import files_changed


@isolated()
def did_open(session: Session, editor: EditorPort, params: types.DidOpenTextDocumentParams) -> None:
    snapshot = session.documents.open(params.text_document)
    if is_manifest(snapshot):
        diagnostics.document_changed(session, editor, snapshot.uri)
    elif session.is_skill(snapshot):
        path = snapshot.path
        # A skill the index has not seen (created outside the editor): add it.
        if path is not None and session.skills.entry(path) is None and os.path.isfile(path):
            files_changed(session, editor, [path])
        diagnostics.document_changed(session, editor, snapshot.uri)


@isolated()
def did_change(
    session: Session, editor: EditorPort, params: types.DidChangeTextDocumentParams
) -> None:
    snapshot = session.documents.change(params, session.mapper)
    if snapshot is not None and (session.is_skill(snapshot) or is_manifest(snapshot)):
        diagnostics.document_changed(session, editor, snapshot.uri)


@isolated()
def did_save(session: Session, editor: EditorPort, params: types.DidSaveTextDocumentParams) -> None:
    snapshot = session.documents.get(params.text_document.uri)
    if snapshot is None or snapshot.path is None:
        return
    # A saved file may be new on disk; clients that watch files tell us themselves.
    if not session.flags.watched_files_dynamic:
        files_changed(session, editor, [snapshot.path])
    elif session.is_skill(snapshot) or is_manifest(snapshot):
        diagnostics.document_changed(session, editor, snapshot.uri)


@isolated()
def did_close(
    session: Session, editor: EditorPort, params: types.DidCloseTextDocumentParams
) -> None:
    snapshot = session.documents.close(params.text_document.uri)
    if snapshot is not None:
        session.check_cache.forget(snapshot.uri)
        if snapshot.path is not None and session.is_skill(snapshot):
            session.skills.clear_buffer(snapshot.path)
        if session.is_skill(snapshot) or is_manifest(snapshot):
            diagnostics.document_closed(session, editor, snapshot.uri)


def register(server: LanguageServer, session: Session, editor: EditorPort) -> None:
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(bind(did_open, session, editor))
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(bind(did_change, session, editor))
    server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))(
        bind(did_save, session, editor)
    )
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(bind(did_close, session, editor))
