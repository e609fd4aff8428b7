"""An `EditorPort` that records what the server would send, for tests without a client."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lsprotocol import types

from skill_ls.server.bulk import BulkChecker
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.check_cache import CheckCache
from skill_ls.server.configuration import Configuration
from skill_ls.server.documents import DocumentStore
from skill_ls.server.events import Events
from skill_ls.server.positions import PositionMapper
from skill_ls.server.session import Session
from skill_ls.server.wiring import wire
from skill_ls.server.workspace_skills import WorkspaceSkills


class FakeEditor:
    def __init__(self) -> None:
        self.published: list[types.PublishDiagnosticsParams] = []
        self.refreshes = 0
        self.lens_refreshes = 0
        self.messages: list[types.ShowMessageParams] = []
        self.logs: list[types.LogMessageParams] = []

    def publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        self.published.append(params)

    def refresh_diagnostics(self) -> None:
        self.refreshes += 1

    def refresh_code_lenses(self) -> None:
        self.lens_refreshes += 1

    def show_message(self, params: types.ShowMessageParams) -> None:
        self.messages.append(params)

    def log_message(self, params: types.LogMessageParams) -> None:
        self.logs.append(params)

    async def register_capability(self, params: types.RegistrationParams) -> None:
        return None

    async def unregister_capability(self, params: types.UnregistrationParams) -> None:
        return None

    async def configuration(self, params: types.ConfigurationParams) -> Sequence[Any]:
        return []

    async def create_progress(self, token: str) -> None:
        return None

    def begin_progress(self, token: str, value: types.WorkDoneProgressBegin) -> None:
        return None

    def report_progress(self, token: str, value: types.WorkDoneProgressReport) -> None:
        return None

    def end_progress(self, token: str, value: types.WorkDoneProgressEnd) -> None:
        return None

    def progress_cancelled(self, token: str) -> bool:
        return False


def make_session(flags: ClientFlags | None = None) -> Session:
    """A session of the most basic client (or `flags`), with nothing open or scanned."""
    skills = WorkspaceSkills()
    return Session(
        documents=DocumentStore(),
        config=Configuration(),
        check_cache=CheckCache(extra=skills.cross_findings),
        bulk=BulkChecker(),
        skills=skills,
        events=Events(),
        flags=flags or ClientFlags(),
        mapper=PositionMapper(),
    )


def wired_session(editor: FakeEditor, flags: ClientFlags | None = None) -> Session:
    """`make_session`, with its events wired as the server wires them (no index views)."""
    session = make_session(flags)
    wire(session.events, session, editor, lambda: None)
    return session


def open_item(uri: str, text: str, version: int = 1) -> types.TextDocumentItem:
    return types.TextDocumentItem(uri=uri, language_id="skill", version=version, text=text)
