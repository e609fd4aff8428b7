"""The language server (pygls 2): one module per LSP concern, each with `register(...)`.

Only this package imports pygls and lsprotocol; it translates between the editor and the
core (document model, validator, workspace index, renderers) and holds no rule logic.
Handlers get the `Session` (shared state) and, when they talk back, the `EditorPort`;
features never call each other, they publish events (`events.py`), wired in `wiring.py`.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from typing import BinaryIO, cast

from skill_ls.server.client_log import configure_logging
from skill_ls.server.editor import PyglsEditor
from skill_ls.server.framing import ResyncingReader
from skill_ls.server.server import SkillProtocol, SkillServer
from skill_ls.server.startup import DeferredFeatures, Started

__all__ = ["SkillServer", "create_server", "serve_messages", "serve_stdio", "serve_tcp"]


def create_server(reveal: Callable[[list[str]], None] | None = None) -> SkillServer:
    """A server that answers `initialize` from the feature table and loads every feature
    at the first message after it (startup.py, features.py); `reveal` hears the root
    folders each scan is about to walk (see WorkspaceSkills)."""
    server = SkillServer()
    editor = PyglsEditor(server)
    log_handler = configure_logging(editor)

    def load(started: Started | None) -> None:
        from skill_ls.server.features import load_features

        load_features(server, editor, log_handler, reveal or (lambda folders: None), started)

    deferred = DeferredFeatures(server, load)
    protocol = server.protocol
    if isinstance(protocol, SkillProtocol):
        protocol.before_first_use = deferred.load
    return server


# Scans and checks run on worker threads; a short GIL switch interval keeps the event loop
# (completion, hover) answering within a few milliseconds while they run.
SWITCH_INTERVAL_S = 0.001


def serve_stdio() -> int:
    """Serve over stdin/stdout until `exit` (or the end of the input); returns the exit
    status: 1 for an `exit` without `shutdown` first, else 0. stdout carries protocol frames
    only: anything else that tries to print (a stray `print`, a library) is sent to stderr."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    # A client that sends a wrong Content-Length loses that message, not the connection.
    reader = cast(BinaryIO, ResyncingReader(stdin))
    server = create_server()
    protocol = server.protocol
    if isinstance(protocol, SkillProtocol):
        protocol.on_exit = _end_now
    server.start_io(reader, stdout)
    code = server.exit_code
    if code is not None:
        _end_now(code)
    return 0


def _end_now(code: int) -> None:
    """The client said `exit`: end now, without waiting for a stdin read, checks or scans
    still running on worker threads (nothing they do outlives the process)."""
    logging.shutdown()
    sys.stderr.flush()
    os._exit(code)


def serve_tcp(host: str, port: int) -> None:
    logging.getLogger(__name__).info("listening on %s:%d", host, port)
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    create_server().start_tcp(host, port)


class _MessageWriter:
    """pygls's writer for a host that carries whole messages: each write is one JSON text."""

    def __init__(self, send: Callable[[str], None]) -> None:
        self._send = send

    def write(self, data: bytes) -> None:
        self._send(data.decode("utf-8"))

    def close(self) -> None:
        pass


def serve_messages(
    send: Callable[[str], None],
    on_exit: Callable[[int], None],
    reveal: Callable[[str], None] | None = None,
) -> Callable[[str], None]:
    """The server with its transport left to the host, for runtimes with neither stdio nor
    threads (the WebAssembly Python the editor extension falls back to): `send` gets each
    message the server writes, as one JSON text; the returned function takes each message
    the client sent. The host's event loop runs the handlers' tasks between messages, and
    `on_exit` hears the exit status at `exit` (1 without `shutdown` first, else 0).
    `reveal` hears, as a JSON list, the root folders a scan is about to walk, so that the
    host can make those outside what it already reads readable."""
    server = create_server(
        (lambda folders: reveal(json.dumps(folders))) if reveal is not None else None
    )
    protocol = server.protocol
    if isinstance(protocol, SkillProtocol):
        protocol.on_exit = on_exit
    protocol.set_writer(_MessageWriter(send), include_headers=False)
    log = logging.getLogger(__name__)

    def receive(body: str) -> None:
        try:
            protocol.handle_message(json.loads(body, object_hook=protocol.structure_message))
        except SystemExit:  # pygls's `exit` handler, after `on_exit` heard the status
            pass
        except Exception:  # one bad message, not the connection (as over stdio)
            log.exception("Unable to handle message")

    return receive
