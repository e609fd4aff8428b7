"""Text document synchronisation: open, change, save, close (incremental sync)."""

from __future__ import annotations

import os

from lsprotocol import types

from skill_ls.server.isolation import isolated
from skill_ls.server.server import SkillServer
from skill_ls.server.watching import files_changed


@isolated()
def did_open(ls: SkillServer, params: types.DidOpenTextDocumentParams) -> None:
    snapshot = ls.documents.open(params.text_document)
    if ls.is_skill(snapshot):
        path = snapshot.path
        # A skill the index has not seen (created outside the editor): add it.
        if path is not None and ls.index.entry(path) is None and os.path.isfile(path):
            files_changed(ls, [path])
        ls.publisher.changed(snapshot.uri)


@isolated()
def did_change(ls: SkillServer, params: types.DidChangeTextDocumentParams) -> None:
    snapshot = ls.documents.change(params, ls.mapper)
    if snapshot is not None and ls.is_skill(snapshot):
        ls.publisher.changed(snapshot.uri)


@isolated()
def did_save(ls: SkillServer, params: types.DidSaveTextDocumentParams) -> None:
    snapshot = ls.documents.get(params.text_document.uri)
    if snapshot is None or snapshot.path is None:
        return
    # A saved file may be new on disk; clients that watch files tell us themselves.
    if not ls.flags.watched_files_dynamic:
        files_changed(ls, [snapshot.path])
    elif ls.is_skill(snapshot):
        ls.publisher.changed(snapshot.uri)


@isolated()
def did_close(ls: SkillServer, params: types.DidCloseTextDocumentParams) -> None:
    snapshot = ls.documents.close(params.text_document.uri)
    if snapshot is not None:
        ls.checks.forget(snapshot.uri)
        if snapshot.path is not None and ls.is_skill(snapshot):
            ls.index.clear_buffer(snapshot.path)
        if ls.is_skill(snapshot):
            ls.publisher.closed(snapshot.uri)


def register(server: SkillServer) -> None:
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(did_open)
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(did_change)
    server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))(did_save)
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(did_close)
