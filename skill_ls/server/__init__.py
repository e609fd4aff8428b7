"""The language server (pygls 2): one module per LSP concern, each with `register(server)`.

Only this package imports pygls and lsprotocol; it translates between the editor and the
core (document model, validator, workspace index, renderers) and holds no rule logic.
"""

from __future__ import annotations

import logging
import sys
from typing import BinaryIO, cast

from skill_ls.server.client_log import configure_logging
from skill_ls.server.diagnostics import Publisher
from skill_ls.server.framing import ResyncingReader
from skill_ls.server.server import SkillServer

__all__ = ["SkillServer", "create_server", "serve_stdio", "serve_tcp"]


def create_server() -> SkillServer:
    """A server with every feature registered (capabilities follow from the registrations)."""
    from skill_ls.server import (
        code_actions,
        commands,
        completion,
        hover,
        lifecycle,
        navigation,
        preview,
        rename,
        symbols,
        sync,
        watching,
    )

    server = SkillServer()
    server.publisher = Publisher(server)
    server.client_log = configure_logging(server)
    features = (
        lifecycle,
        sync,
        watching,
        completion,
        hover,
        navigation,
        code_actions,
        rename,
        symbols,
        commands,
        preview,
    )
    for module in features:
        module.register(server)
    return server


# Scans and checks run on worker threads; a short GIL switch interval keeps the event loop
# (completion, hover) answering within a few milliseconds while they run.
SWITCH_INTERVAL_S = 0.001


def serve_stdio() -> None:
    """Serve over stdin/stdout. stdout carries protocol frames only: anything else that
    tries to print (a stray `print`, a library) is sent to stderr instead."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    # A client that sends a wrong Content-Length loses that message, not the connection.
    reader = cast(BinaryIO, ResyncingReader(stdin))
    create_server().start_io(reader, stdout)


def serve_tcp(host: str, port: int) -> None:
    logging.getLogger(__name__).info("listening on %s:%d", host, port)
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    create_server().start_tcp(host, port)
