"""The language server object: session state shared by the feature modules.

Each LSP concern lives in its own module with a `register(server)` function; this module
holds what they share (client flags, open documents, settings, checks) and nothing else.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Coroutine, Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from skill_ls import __version__
from skill_ls.clients.table import Client
from skill_ls.document import MAX_FILE_BYTES, load_document
from skill_ls.files import read_regular
from skill_ls.rules.context import CheckContext, context_for_path
from skill_ls.server.bulk import BulkChecker
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.checks import Checks
from skill_ls.server.configuration import Configuration
from skill_ls.server.documents import DocumentStore, Snapshot, is_skill_path, uri_to_path
from skill_ls.server.index import SkillIndex
from skill_ls.server.positions import PositionMapper
from skill_ls.settings import Settings
from skill_ls.text import LineIndex

if TYPE_CHECKING:
    from skill_ls.server.client_log import ClientLogHandler
    from skill_ls.server.diagnostics import Publisher

log = logging.getLogger(__name__)
T = TypeVar("T")

# Unopened files read for hovers, references and related information stop here.
MAX_READ_BYTES = MAX_FILE_BYTES


class SkillProtocol(LanguageServerProtocol):
    """pygls's protocol, except that open documents live in our `DocumentStore`.

    The built-in handlers would also apply every edit to pygls's own copy (with a
    different idea of line breaks); these only forward to our handlers.
    """

    def structure_message(self, data: dict[str, Any]) -> Any:
        """pygls's, except that a request it cannot read (params of the wrong shape) gets an
        error answer; pygls only logs it, and the client waits for that answer forever."""
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            msg_id = data.get("id")
            if "method" in data and isinstance(msg_id, (int, str)):
                self._send_response(msg_id, error=error.to_response_error())
            raise

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(
        self, params: types.DidOpenTextDocumentParams
    ) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(
        self, params: types.DidCloseTextDocumentParams
    ) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None


class SkillServer(LanguageServer):
    # Set by `create_server` (the feature modules import this one, not the reverse).
    publisher: Publisher
    client_log: ClientLogHandler

    def __init__(self) -> None:
        super().__init__("skill-ls", __version__, protocol_cls=SkillProtocol)
        self.flags = ClientFlags()
        self.mapper = PositionMapper()
        self.documents = DocumentStore()
        self.config = Configuration()
        self.checks = Checks()
        self.bulk = BulkChecker()
        # Changes whenever something outside the open documents changes (settings, files),
        # so that cached checks and pull result ids go stale together.
        self.generation = 0
        self.roots: list[Path] = []
        self.index = SkillIndex()
        self.initialization_options: Any = None
        self._background: set[asyncio.Future[Any]] = set()
        # Set once the first workspace scan is over (workspace/diagnostic waits for it).
        self.first_scan = asyncio.Event()
        # The extra roots the client watches for us (None: no watchers registered).
        self.watched_roots: list[Path] | None = None
        self._last_settings_warning: str | None = None

    # --- shared state ---------------------------------------------------------------------

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
        self.generation += 1

    def names_changed(self) -> None:
        """An open buffer renamed a skill: clashes may have appeared or gone elsewhere."""
        self.world_changed()
        self.publisher.world_changed()

    def settings_for(self, path: str | None) -> Settings:
        return self.config.for_path(path)

    def notify_settings_problems(self) -> None:
        """Warn (once per distinct set of problems) about settings that were ignored."""
        message = self.config.describe_problems()
        if message is not None and message != self._last_settings_warning:
            log.warning("%s", message)
            self.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=message)
            )
        self._last_settings_warning = message

    def audience(self, snapshot: Snapshot) -> tuple[Client, ...]:
        """The clients a document is judged against (targets, else who discovers it)."""
        settings = self.settings_for(snapshot.path)
        if snapshot.path is None:
            return CheckContext(settings=settings).audience
        return context_for_path(Path(snapshot.path), settings, list_files=False).audience

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

    def index_for(self, path: str) -> LineIndex | None:
        open_doc = self.documents.by_path(path)
        if open_doc is not None:
            return open_doc.index
        text = read_text(path)
        return LineIndex(text) if text is not None else None

    def skill_snapshots(self) -> list[Snapshot]:
        return [snapshot for snapshot in self.documents if self.is_skill(snapshot)]


def read_text(path: str | os.PathLike[str], limit: int = MAX_READ_BYTES) -> str | None:
    """A regular file's text (UTF-8, bad bytes replaced), or None."""
    try:
        if not os.path.isfile(path):
            return None
        data = read_regular(path, limit)
    except OSError:
        return None
    return data.decode("utf-8", errors="replace")
