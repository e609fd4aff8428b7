"""The session: everything the features share, built from its parts and nothing else.

Features get the session (state: documents, settings, checks, the skill index, what the
client can do) and, when they talk back, an `EditorPort`; never the pygls server. The
session knows nothing of LSP transport: it holds state and answers questions about it.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types

from skill_ls.clients.table import Client
from skill_ls.document import load_document
from skill_ls.gathering import context_for_path
from skill_ls.rules.context import CheckContext
from skill_ls.server.bulk import BulkChecker
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.check_cache import UNWATCHED_LISTING_TTL, CheckCache
from skill_ls.server.configuration import Configuration, section_of, workspace_trusted
from skill_ls.server.documents import (
    DocumentStore,
    Snapshot,
    is_skill_path,
    read_text,
    uri_to_path,
)
from skill_ls.server.editor import EditorPort
from skill_ls.server.events import Events
from skill_ls.server.positions import PositionMapper
from skill_ls.server.workspace_skills import WorkspaceSkills
from skill_ls.settings import Settings
from skill_ls.text import LineIndex

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass
class PushQueue:
    """Pushed diagnostics in flight: the running check per document, and the documents
    edited while theirs ran (checked again when it ends)."""

    running: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    dirty: set[str] = field(default_factory=set)


class Session:
    """Built whole from its parts; what `initialize` says about the client (its flags, its
    position encoding, the folders and options it sent) is set once, by `initialize`."""

    def __init__(
        self,
        *,
        documents: DocumentStore,
        config: Configuration,
        check_cache: CheckCache,
        bulk: BulkChecker,
        skills: WorkspaceSkills,
        events: Events,
        flags: ClientFlags,
        mapper: PositionMapper,
        generation: int = 0,
    ) -> None:
        self.documents = documents
        self.config = config
        self.check_cache = check_cache
        self.bulk = bulk
        # The workspace's skills (not to be confused with a file's `LineIndex`).
        self.skills = skills
        # What features publish instead of calling each other (wired in `wiring.py`).
        self.events = events
        # Both resolved again at `initialize`, from what the client says it can do.
        self._flags = flags
        self._mapper = mapper
        self._roots: list[Path] = []
        self._initialization_options: Any = None
        # Changes whenever something outside the open documents changes (settings, files),
        # so that cached checks and pull result ids go stale together.
        self.generation = generation
        self.pushes = PushQueue()
        # Set once the first workspace scan is over (workspace/diagnostic waits for it).
        self.first_scan = asyncio.Event()
        # The extra roots the client watches for us (None: no watchers registered).
        self._watched_roots: list[Path] | None = None
        self._background: set[asyncio.Future[Any]] = set()
        self._last_settings_warning: str | None = None

    # --- the client -----------------------------------------------------------------------

    def initialize(
        self,
        flags: ClientFlags,
        mapper: PositionMapper,
        roots: list[Path],
        initialization_options: Any,
    ) -> None:
        """What the client said at `initialize`: its folders, whether the workspace is trusted
        and its editor settings go to the configuration; a client that watches files for us
        keeps folder listings fresh, so they are not re-read on a timer."""
        self._flags = flags
        self._mapper = mapper
        self._initialization_options = initialization_options
        self.config.trusted = workspace_trusted(initialization_options)
        self.config.set_editor(section_of(initialization_options) or {})
        if flags.watched_files_dynamic:
            self.check_cache.listing_ttl = None
        self.set_roots(roots)

    @property
    def watched_roots(self) -> list[Path] | None:
        return self._watched_roots

    def watchers_registered(self, roots: list[Path]) -> None:
        """The client watches these roots for us now."""
        self._watched_roots = roots

    def watchers_refused(self) -> None:
        """The client refused the watchers: folder listings are read again after
        `UNWATCHED_LISTING_TTL` instead of on its file events."""
        self.check_cache.listing_ttl = UNWATCHED_LISTING_TTL

    def set_roots(self, roots: list[Path]) -> None:
        """The workspace folders (at `initialize`, and when the client changes them)."""
        self._roots = list(roots)
        self.config.set_roots(self._roots)

    @property
    def flags(self) -> ClientFlags:
        return self._flags

    @property
    def mapper(self) -> PositionMapper:
        return self._mapper

    @property
    def roots(self) -> list[Path]:
        return self._roots

    @property
    def initialization_options(self) -> Any:
        return self._initialization_options

    # --- background work ------------------------------------------------------------------

    def spawn(self, work: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
        """Run `work` in the background, kept referenced until done (cancelled at shutdown)."""
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    def cancel_background(self) -> None:
        for task in list(self._background):
            task.cancel()

    def world_changed(self) -> None:
        """Cached checks and pull result ids are stale from now on."""
        self.generation += 1

    # --- settings -------------------------------------------------------------------------

    def settings_for(self, path: str | None) -> Settings:
        return self.config.for_path(path)

    def notify_settings_problems(self, editor: EditorPort) -> None:
        """Warn (once per distinct set of problems) about settings that were ignored."""
        message = self.config.describe_problems()
        if message is not None and message != self._last_settings_warning:
            log.warning("%s", message)
            editor.show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=message)
            )
        self._last_settings_warning = message

    def audience(self, snapshot: Snapshot) -> tuple[Client, ...]:
        """The clients a document is judged against (targets, else who discovers it)."""
        settings = self.settings_for(snapshot.path)
        if snapshot.path is None:
            return CheckContext(settings=settings).audience
        return context_for_path(Path(snapshot.path), settings, list_files=False).audience

    # --- documents ------------------------------------------------------------------------

    def is_skill(self, snapshot: Snapshot) -> bool:
        if snapshot.path is None:
            return snapshot.language_id == "skill"
        return is_skill_path(snapshot.path, self.settings_for(snapshot.path).target_clients)

    def snapshot(self, uri: str) -> Snapshot | None:
        """The open document, else the file on disk (version None), else None.

        A file on disk is decoded as the command line does (bad UTF-8 and UTF-16 become
        facts of the document, reported like any other finding)."""
        open_doc = self.documents.get(uri)
        if open_doc is not None:
            return open_doc
        path = uri_to_path(uri)
        if path is None or not os.path.isfile(path):
            return None
        try:
            document = load_document(Path(path))
        except OSError:
            return None
        snapshot = Snapshot(uri, path, None, document.text)
        snapshot.adopt(document)
        return snapshot

    def text_of(self, path: str) -> str | None:
        """A file's text: the editor's buffer when open, else the disk."""
        open_doc = self.documents.by_path(path)
        if open_doc is not None:
            return open_doc.text
        return read_text(path)

    def line_index_for(self, path: str) -> LineIndex | None:
        """The line index of a file's text (the open buffer's, else the disk's)."""
        open_doc = self.documents.by_path(path)
        if open_doc is not None:
            return open_doc.index
        text = read_text(path)
        return LineIndex(text) if text is not None else None

    def skill_snapshots(self) -> list[Snapshot]:
        return [snapshot for snapshot in self.documents if self.is_skill(snapshot)]
