"""Every feature registered, on one session, and the events wired (`wiring.py` says what
each one sets off): what the start-up loads at the first message after `initialize`
(startup.py), with what the client said there."""

from __future__ import annotations

from collections.abc import Callable

from skill_ls.server import (
    code_actions,
    code_lens,
    commands,
    completion,
    diagnostics,
    hover,
    inlay_hints,
    lifecycle,
    navigation,
    preview,
    rename,
    skills_view,
    symbols,
    sync,
    vscode_duplicates,
    watching,
    wiring,
)
from skill_ls.server.bulk import BulkChecker
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.check_cache import CheckCache
from skill_ls.server.client_log import ClientLogHandler
from skill_ls.server.configuration import Configuration
from skill_ls.server.documents import DocumentStore
from skill_ls.server.editor import PyglsEditor
from skill_ls.server.events import Events, IndexChanged
from skill_ls.server.positions import PositionMapper
from skill_ls.server.server import SkillServer
from skill_ls.server.session import Session
from skill_ls.server.startup import Started
from skill_ls.server.workspace_skills import WorkspaceSkills


def load_features(
    server: SkillServer,
    editor: PyglsEditor,
    log_handler: ClientLogHandler,
    reveal: Callable[[list[str]], None],
    started: Started | None,
) -> None:
    """Register every feature on `server`; `reveal` hears the root folders each scan is
    about to walk (see WorkspaceSkills)."""
    events = Events()
    documents = DocumentStore()
    skills = WorkspaceSkills(
        is_open=lambda path: documents.by_path(path) is not None,
        # An open buffer renamed a skill (on a check's thread): clashes may have appeared
        # or gone elsewhere.
        on_names_changed=lambda: events.publish_threadsafe(IndexChanged()),
        reveal=reveal,
    )
    session = Session(
        documents=documents,
        config=Configuration(),
        # Cross-skill findings (clashes, shadowing) join each open document's own.
        check_cache=CheckCache(extra=skills.cross_findings),
        bulk=BulkChecker(),
        skills=skills,
        events=events,
        # The most basic client until `initialize`'s word is taken in (below).
        flags=ClientFlags(),
        mapper=PositionMapper(),
    )

    def late_features(flags: ClientFlags) -> None:
        # Registered with what `initialize` said, for the clients that can use them.
        if flags.pull_diagnostics:
            diagnostics.register_pull(server, session)
        if flags.will_rename_files:
            rename.register_will_rename(server, session)

    lifecycle.register(server, session, editor)
    sync.register(server, session)
    watching.register(server, session)
    completion.register(server, session)
    hover.register(server, session)
    inlay_hints.register(server, session)
    navigation.register(server, session)
    code_actions.register(server, session)
    code_lens.register(server, session)
    rename.register(server, session)
    symbols.register(server, session)
    commands.register(server, session, editor)
    index_view = skills_view.register(server, session)
    vscode_duplicates.register(server, session)
    preview.register(server, session)
    wiring.wire(events, session, editor, index_view.changed)
    if started is not None:
        # pygls negotiated the position encoding while it answered `initialize`.
        mapper = PositionMapper(server.workspace.position_codec)
        lifecycle.initialize(
            session, mapper, late_features, log_handler, started.flags, started.params
        )
