"""The pygls server object and its protocol: transport only.

The features' shared state is the `Session` (session.py); what they send back goes through
the `EditorPort` (editor.py). This module only adapts pygls to our document store.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from skill_ls import __version__


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
    """pygls's server with our protocol; the state lives in the `Session`, not here."""

    def __init__(self) -> None:
        super().__init__("skill-ls", __version__, protocol_cls=SkillProtocol)
