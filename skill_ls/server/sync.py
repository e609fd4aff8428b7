"""Text document synchronisation: open, change, save, close (incremental sync).

The documents are kept here; what a change sets off is the events' (`wiring.py`)."""

from __future__ import annotations

import os

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot
from skill_ls.server.events import DocumentChanged, DocumentClosed, FilesChanged
from skill_ls.server.feature_table import SAVE_OPTIONS
from skill_ls.server.instruction_diagnostics import is_instruction_file
from skill_ls.server.isolation import isolated
from skill_ls.server.manifest_diagnostics import is_manifest
from skill_ls.server.session import Session


def _other(session: Session, snapshot: Snapshot) -> bool:
    """A checked document that is no skill: a manifest, a sidecar, an instruction file."""
    return is_manifest(snapshot) or is_instruction_file(session, snapshot)


@isolated()
def did_open(session: Session, params: types.DidOpenTextDocumentParams) -> None:
    snapshot = session.documents.open(params.text_document)
    if _other(session, snapshot):
        session.events.publish(DocumentChanged(snapshot.uri))
    elif session.is_skill(snapshot):
        path = snapshot.path
        # A skill the index has not seen (created outside the editor): add it.
        if path is not None and session.skills.entry(path) is None and os.path.isfile(path):
            session.events.publish(FilesChanged((path,)))
        session.events.publish(DocumentChanged(snapshot.uri))


@isolated()
def did_change(session: Session, params: types.DidChangeTextDocumentParams) -> None:
    snapshot = session.documents.change(params, session.mapper)
    if snapshot is not None and (session.is_skill(snapshot) or _other(session, snapshot)):
        session.events.publish(DocumentChanged(snapshot.uri))


@isolated()
def did_save(session: Session, params: types.DidSaveTextDocumentParams) -> None:
    snapshot = session.documents.get(params.text_document.uri)
    if snapshot is None or snapshot.path is None:
        return
    # A saved file may be new on disk; clients that watch files tell us themselves.
    if not session.flags.watched_files_dynamic:
        session.events.publish(FilesChanged((snapshot.path,)))
    elif session.is_skill(snapshot) or _other(session, snapshot):
        session.events.publish(DocumentChanged(snapshot.uri))


@isolated()
def did_close(session: Session, params: types.DidCloseTextDocumentParams) -> None:
    snapshot = session.documents.close(params.text_document.uri)
    if snapshot is not None:
        skill = session.is_skill(snapshot)
        checked = skill or _other(session, snapshot)
        session.events.publish(DocumentClosed(snapshot.uri, snapshot.path, skill, checked))


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(bind(did_open, session))
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(bind(did_change, session))
    server.feature(types.TEXT_DOCUMENT_DID_SAVE, SAVE_OPTIONS)(bind(did_save, session))
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(bind(did_close, session))
