"""Logging to the editor: records of `skill_ls` loggers become `window/logMessage`.

stdout carries protocol frames only, so nothing here prints. Before the connection is up
(and if sending fails) records go to stderr. pygls's own logger is never forwarded: it logs
every message it sends, and forwarding that would loop.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading

from lsprotocol import types

from skill_ls.server.editor import EditorPort

_LEVELS = {
    logging.CRITICAL: types.MessageType.Error,
    logging.ERROR: types.MessageType.Error,
    logging.WARNING: types.MessageType.Warning,
    logging.INFO: types.MessageType.Info,
}


class ClientLogHandler(logging.Handler):
    """Sends log records to the client from the event loop's thread (frames never interleave)."""

    def __init__(self, editor: EditorPort, level: int = logging.INFO) -> None:
        super().__init__(level)
        self.editor = editor
        self.loop: asyncio.AbstractEventLoop | None = None
        self.fallback = logging.StreamHandler(sys.stderr)
        self._local = threading.local()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(self._local, "busy", False):
            return
        try:
            message = self.format(record)
        except Exception:
            self.handleError(record)
            return
        loop = self.loop
        if loop is None or loop.is_closed():
            self.fallback.handle(record)
            return
        kind = _LEVELS.get(record.levelno, types.MessageType.Log)
        if threading.current_thread() is threading.main_thread():
            self._send(message, kind)
        else:
            loop.call_soon_threadsafe(self._send, message, kind)

    def _send(self, message: str, kind: types.MessageType) -> None:
        self._local.busy = True
        try:
            self.editor.log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:
            sys.stderr.write(message + "\n")
        finally:
            self._local.busy = False


def configure_logging(editor: EditorPort, level: int = logging.INFO) -> ClientLogHandler:
    """Route `skill_ls` logs to the client, and keep pygls's chatter off (stderr, warnings)."""
    handler = ClientLogHandler(editor, level)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    ours = logging.getLogger("skill_ls")
    ours.handlers = [handler]
    ours.setLevel(level)
    ours.propagate = False
    pygls_log = logging.getLogger("pygls")
    pygls_log.setLevel(logging.WARNING)
    if not pygls_log.handlers:
        pygls_log.addHandler(logging.StreamHandler(sys.stderr))
    pygls_log.propagate = False
    return handler
