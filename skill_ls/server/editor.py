"""What goes back to the editor: the one narrow port every feature talks through.

Features never hold the pygls server; they get an `EditorPort` and call these methods.
`PyglsEditor` implements the port over a pygls `LanguageServer`; tests may pass any object
with the same methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from lsprotocol import types
from pygls.lsp.server import LanguageServer


class EditorPort(Protocol):
    def publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None: ...

    def refresh_diagnostics(self) -> None:
        """Ask a pull client to pull every document's diagnostics again."""

    def refresh_code_lenses(self) -> None:
        """Ask the client to ask for every document's code lenses again."""

    def show_message(self, params: types.ShowMessageParams) -> None: ...

    def log_message(self, params: types.LogMessageParams) -> None: ...

    async def register_capability(self, params: types.RegistrationParams) -> None: ...

    async def unregister_capability(self, params: types.UnregistrationParams) -> None: ...

    async def configuration(self, params: types.ConfigurationParams) -> Sequence[Any]:
        """The client's settings (workspace/configuration)."""

    async def create_progress(self, token: str) -> None: ...

    def begin_progress(self, token: str, value: types.WorkDoneProgressBegin) -> None: ...

    def report_progress(self, token: str, value: types.WorkDoneProgressReport) -> None: ...

    def end_progress(self, token: str, value: types.WorkDoneProgressEnd) -> None: ...

    def progress_cancelled(self, token: str) -> bool:
        """True once the user cancelled the progress `token` stands for."""


class PyglsEditor:
    """The port over a pygls server: each method is one message to the client."""

    def __init__(self, server: LanguageServer) -> None:
        self._server = server

    def publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        self._server.text_document_publish_diagnostics(params)

    def refresh_diagnostics(self) -> None:
        self._server.workspace_diagnostic_refresh(None)

    def refresh_code_lenses(self) -> None:
        self._server.workspace_code_lens_refresh(None)

    def show_message(self, params: types.ShowMessageParams) -> None:
        self._server.window_show_message(params)

    def log_message(self, params: types.LogMessageParams) -> None:
        self._server.window_log_message(params)

    async def register_capability(self, params: types.RegistrationParams) -> None:
        await self._server.client_register_capability_async(params)

    async def unregister_capability(self, params: types.UnregistrationParams) -> None:
        await self._server.client_unregister_capability_async(params)

    async def configuration(self, params: types.ConfigurationParams) -> Sequence[Any]:
        values: Sequence[Any] = await self._server.workspace_configuration_async(params)
        return values

    async def create_progress(self, token: str) -> None:
        await self._server.work_done_progress.create_async(token)

    def begin_progress(self, token: str, value: types.WorkDoneProgressBegin) -> None:
        self._server.work_done_progress.begin(token, value)

    def report_progress(self, token: str, value: types.WorkDoneProgressReport) -> None:
        self._server.work_done_progress.report(token, value)

    def end_progress(self, token: str, value: types.WorkDoneProgressEnd) -> None:
        self._server.work_done_progress.end(token, value)

    def progress_cancelled(self, token: str) -> bool:
        future = self._server.work_done_progress.tokens.get(token)
        return future is not None and future.cancelled()
