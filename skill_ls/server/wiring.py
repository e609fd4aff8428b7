"""What each event sets off: the one place to read what happens when a document changes,
files change on disk, the settings change or the index changes.

Features publish events (`events.py`) and never call each other; the handlers below run in
the order written, on the event loop.
"""

from __future__ import annotations

from collections.abc import Callable

from skill_ls.server import diagnostics, scan, watching
from skill_ls.server.editor import EditorPort
from skill_ls.server.events import (
    ChecksStale,
    DocumentChanged,
    DocumentClosed,
    Events,
    FilesChanged,
    IndexChanged,
    SettingsChanged,
    WorkspaceOpened,
)
from skill_ls.server.session import Session


def wire(
    events: Events, session: Session, editor: EditorPort, index_views: Callable[[], None]
) -> None:
    """Subscribe the features; `index_views` is told of each index change (debounced)."""

    # A skill or manifest opened, edited or saved: check it (push clients).
    events.on(DocumentChanged, lambda e: diagnostics.document_changed(session, editor, e.uri))

    # Closed: its check is dropped, its buffer leaves the index, its problems are cleared.
    def document_closed(event: DocumentClosed) -> None:
        session.check_cache.forget(event.uri)
        if event.path is not None and event.skill:
            session.skills.clear_buffer(event.path)
        if event.checked:
            diagnostics.document_closed(session, editor, event.uri)

    events.on(DocumentClosed, document_closed)

    # On disk: configuration files are re-read; the index is updated, then IndexChanged.
    events.on(FilesChanged, lambda e: watching.files_changed(session, editor, e.paths))

    # The client is ready: scan the workspace (IndexChanged at the end) and watch it.
    events.on(WorkspaceOpened, lambda e: scan.start_scan(session, editor))
    events.on_awaited(WorkspaceOpened, lambda e: watching.register_watchers(session, editor))

    # Settings or folders changed: re-check now, rescan, watch the folders they name.
    events.on(SettingsChanged, lambda e: events.publish(IndexChanged()))
    events.on(SettingsChanged, lambda e: scan.start_scan(session, editor))
    events.on_awaited(SettingsChanged, lambda e: watching.register_watchers(session, editor))

    # The skills or settings changed: checks go stale, then the open documents are
    # checked again (or pulled again, with their code lenses).
    events.on(IndexChanged, lambda e: events.publish(ChecksStale()))
    events.on(IndexChanged, lambda e: diagnostics.recheck_open_documents(session, editor))

    # Cached checks are stale: a new generation, and the views are told.
    events.on(ChecksStale, lambda e: session.world_changed())
    events.on(ChecksStale, lambda e: index_views())
