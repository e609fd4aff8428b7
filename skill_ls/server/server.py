"""The pygls server object and its protocol: transport only.

The features' shared state is the `Session` (session.py); what they send back goes through
the `EditorPort` (editor.py). This module only adapts pygls to our document store.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from cattrs import Converter
from lsprotocol import types
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidRequest,
    JsonRpcServerNotInitialized,
)
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from skill_ls import __version__

if TYPE_CHECKING:
    from pygls.server import ServerErrors  # a type pygls defines only for type checkers

log = logging.getLogger(__name__)

# What reading a message body raises when it is not JSON pygls can parse: not JSON, not
# UTF-8, or nested deeper than the parser goes (a 100,000-deep array).
_UNPARSEABLE = (json.JSONDecodeError, UnicodeDecodeError, RecursionError)
PARSE_ERROR = -32700  # JSON-RPC 2.0's Parse error


class SkillProtocol(LanguageServerProtocol):
    """pygls's protocol, except that open documents live in our `DocumentStore`.

    The built-in handlers would also apply every edit to pygls's own copy (with a
    different idea of line breaks); these only forward to our handlers.

    It also keeps the protocol's lifecycle, which pygls leaves to the server: before
    `initialize`, requests get ServerNotInitialized (-32002) and notifications are dropped;
    a second `initialize` and every request after `shutdown` get InvalidRequest (-32600);
    `exit` ends the process with 0 after `shutdown`, else 1 (`exit_code`).
    """

    def __init__(self, server: LanguageServer, converter: Converter) -> None:
        super().__init__(server, converter)
        self.initialize_received = False
        # Set by `exit`: what the process should end with (None: the client just left).
        self.exit_code: int | None = None
        # Called with `exit_code` at `exit` (serving stdio: end the process at once, since
        # pygls's own teardown waits for a stdin read and worker threads that may never end).
        self.on_exit: Callable[[int], None] | None = None
        # Called once, before the first message after `initialize` is dispatched (but `exit`):
        # the features load then (startup.py).
        self.before_first_use: Callable[[], None] | None = None

    def handle_message(self, message: Any) -> None:
        if isinstance(message, dict):
            # No "jsonrpc" member: pygls passes it on as read, and its handler then fails
            # with a traceback and an error shown to the user. Refuse it instead.
            msg_id, method = message.get("id"), message.get("method")
            request = isinstance(msg_id, (int, str)) and isinstance(method, str)
            error = JsonRpcInvalidRequest("not a JSON-RPC 2.0 message")
            self._refuse(msg_id, request, str(method), error)
            return
        method = getattr(message, "method", None)
        if getattr(message, "jsonrpc", None) != self.VERSION or not isinstance(method, str):
            super().handle_message(message)  # a response to one of our requests, or junk
            return
        msg_id = getattr(message, "id", None)
        request = isinstance(msg_id, (int, str))
        if method == types.EXIT:
            self.exit_code = 0 if self._shutdown else 1
            if self.on_exit is not None:
                self.on_exit(self.exit_code)
        elif self._shutdown:
            self._refuse(msg_id, request, method, JsonRpcInvalidRequest("the server is shut down"))
            return
        elif not self.initialize_received:
            if method != types.INITIALIZE:
                self._refuse(
                    msg_id,
                    request,
                    method,
                    JsonRpcServerNotInitialized("the server is not initialized yet"),
                )
                return
            self.initialize_received = True
        elif method == types.INITIALIZE:
            self._refuse(
                msg_id, request, method, JsonRpcInvalidRequest("the server is already initialized")
            )
            return
        if self.before_first_use is not None and method not in (types.INITIALIZE, types.EXIT):
            load, self.before_first_use = self.before_first_use, None
            load()
        super().handle_message(message)

    def _refuse(self, msg_id: Any, request: bool, method: str, error: JsonRpcException) -> None:
        """Answer a request that comes at the wrong time with `error`; drop a notification."""
        if request:
            log.warning("refused %s: %s", method, error.message)
            self._send_response(msg_id, error=error.to_response_error())
        else:
            log.info("dropped %s: %s", method, error.message)

    def _execute_handler(
        self,
        msg_id: Any,
        handler: Any,
        callback: Callable[[Any], None],
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """pygls's, except that a notification's handler future leaves the table of
        requests in flight when it is done: pygls 2.1.1 files it there under an id it makes
        up and never takes it out, so every edit kept about 2 KB for the server's life."""
        if callback == self._check_handler_result:  # a notification
            check = callback

            def done(future: Any) -> None:
                # Only `shutdown` cancels these, while it walks the table: leave it be then.
                if not future.cancelled():
                    self._request_futures.pop(msg_id, None)
                check(future)

            callback = done
        super()._execute_handler(msg_id, handler, callback, args, kwargs)

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

    def report_server_error(self, error: Exception, source: ServerErrors) -> None:
        """A message body that cannot be parsed is answered with JSON-RPC's Parse error
        (`"id": null`: its id cannot be read), so that a client waiting on it learns of it;
        pygls would only log it (and show the user an error). Reading goes on after it."""
        if isinstance(error, _UNPARSEABLE):
            log.warning("answered a message that is not JSON with a parse error: %s", error)
            # Sent as a plain object: pygls's response type leaves out an id that is None.
            message = f"the message is not JSON that can be read: {error}"
            self.protocol._send_data(
                {"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": message}}
            )
            return
        super().report_server_error(error, source)

    @property
    def exit_code(self) -> int | None:
        """What `exit` asked the process to end with (None before any `exit`)."""
        protocol = self.protocol
        return protocol.exit_code if isinstance(protocol, SkillProtocol) else None
