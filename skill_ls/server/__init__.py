"""The language server (pygls 2): one module per LSP concern, each with `register(...)`.

Only this package imports pygls and lsprotocol; it translates between the editor and the
core (document model, validator, workspace index, renderers) and holds no rule logic.
Handlers get the `Session` (shared state) and, when they talk back, the `EditorPort`.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import BinaryIO, cast

from skill_ls.server import (
    code_actions,
    code_lens,
    commands,
    completion,
    hover,
    inlay_hints,
    lifecycle,
    navigation,
    preview,
    rename,
    symbols,
    sync,
    watching,
)
from skill_ls.server.bulk import BulkChecker
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.check_cache import CheckCache
from skill_ls.server.client_log import configure_logging
from skill_ls.server.configuration import Configuration
from skill_ls.server.documents import DocumentStore
from skill_ls.server.editor import PyglsEditor
from skill_ls.server.framing import ResyncingReader
from skill_ls.server.positions import PositionMapper
from skill_ls.server.server import SkillProtocol, SkillServer
from skill_ls.server.session import Session
from skill_ls.server.workspace_skills import WorkspaceSkills

__all__ = ["SkillServer", "create_server", "serve_stdio", "serve_tcp"]


def create_server() -> SkillServer:
    """A server with every feature registered (capabilities follow from the registrations)."""
    server = SkillServer()
    editor = PyglsEditor(server)
    log_handler = configure_logging(editor)
    skills = WorkspaceSkills()
    documents = DocumentStore()
    skills.is_open = lambda path: documents.by_path(path) is not None
    session = Session(
        documents=documents,
        config=Configuration(),
        # Cross-skill findings (clashes, shadowing) join each open document's own.
        check_cache=CheckCache(extra=skills.cross_findings),
        bulk=BulkChecker(),
        skills=skills,
        # The most basic client until `initialize` says what this one can do.
        flags=ClientFlags(),
        mapper=PositionMapper(),
    )
    lifecycle.register(server, session, editor, log_handler)
    sync.register(server, session, editor)
    watching.register(server, session, editor)
    completion.register(server, session)
    hover.register(server, session)
    inlay_hints.register(server, session)
    navigation.register(server, session)
    code_actions.register(server, session)
    code_lens.register(server, session)
    rename.register(server, session)
    symbols.register(server, session)
    commands.register(server, session, editor)
    preview.register(server, session)
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
