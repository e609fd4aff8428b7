"""Initialize, initialized, configuration changes, workspace folders, shutdown.

What a settings or folder change sets off (checks, a rescan, new watchers) is the
`SettingsChanged` event's, wired in `wiring.py`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.server.binding import bind
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.client_log import ClientLogHandler
from skill_ls.server.configuration import SECTION, section_of
from skill_ls.server.documents import uri_to_path
from skill_ls.server.editor import EditorPort
from skill_ls.server.events import IndexChanged, SettingsChanged, WorkspaceOpened
from skill_ls.server.isolation import isolated
from skill_ls.server.positions import PositionMapper
from skill_ls.server.session import Session

log = logging.getLogger(__name__)

# Registers the features only some clients get (known once their capabilities are).
LateFeatures = Callable[[ClientFlags], None]


def _roots(params: types.InitializeParams) -> list[Path]:
    uris = [folder.uri for folder in params.workspace_folders or []]
    if not uris and params.root_uri:
        uris = [params.root_uri]
    roots = [Path(path) for uri in uris if (path := uri_to_path(uri)) is not None]
    if not roots and params.root_path:
        roots = [Path(params.root_path)]
    return roots


@isolated()
def initialize(
    session: Session,
    mapper: PositionMapper,
    late_features: LateFeatures,
    log_handler: ClientLogHandler,
    flags: ClientFlags,
    params: types.InitializeParams,
) -> None:
    """Take in what the client said at `initialize` and register the features that depend
    on its capabilities (pull diagnostics only to clients that pull: never push and pull
    both; `initialize` advertised them from the feature table)."""
    session.initialize(flags, mapper, _roots(params), params.initialization_options)
    late_features(session.flags)
    loop = asyncio.get_running_loop()
    # Worker threads publish through the loop (an open buffer that renamed a skill).
    session.events.attach(loop)
    log_handler.attach(loop)
    log.info(
        "skill-ls for %s: %s diagnostics, %s",
        session.flags.client_name or "an unnamed client",
        "pull" if session.flags.pull_diagnostics else "push",
        session.mapper.encoding,
    )
    if not session.config.trusted:
        log.info("untrusted workspace: its .skill-ls.toml and pyproject.toml are not read")


@isolated()
async def initialized(
    session: Session, editor: EditorPort, params: types.InitializedParams
) -> None:
    if session.flags.configuration_dynamic:
        try:
            await editor.register_capability(
                types.RegistrationParams(
                    registrations=[
                        types.Registration(
                            id="skill-ls-configuration",
                            method=types.WORKSPACE_DID_CHANGE_CONFIGURATION,
                            register_options=types.DidChangeConfigurationRegistrationOptions(
                                section=SECTION
                            ),
                        )
                    ]
                )
            )
        except Exception as exc:
            log.info("could not register for configuration changes: %s", exc)
    if session.flags.configuration and await pull_configuration(session, editor):
        session.events.publish(IndexChanged())
    session.notify_settings_problems(editor)
    await session.events.deliver(WorkspaceOpened())


async def pull_configuration(session: Session, editor: EditorPort) -> bool:
    """Ask the client for the `skillLs` section; True when the settings changed."""
    try:
        values = await editor.configuration(
            types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
        )
    except Exception as exc:
        log.warning("could not read the client's settings: %s", exc)
        return False
    answer = values[0] if values else None
    if isinstance(answer, dict):
        # The client keeps settings: its answer is all of them, so one the user removed goes.
        return session.config.set_editor(section_of(answer) or {})
    # No settings there (null): those given at initialize stand.
    return session.config.set_editor(section_of(session.initialization_options) or {})


@isolated()
async def did_change_configuration(
    session: Session, editor: EditorPort, params: types.DidChangeConfigurationParams
) -> None:
    if session.flags.configuration:
        changed = await pull_configuration(session, editor)
    else:
        section = section_of(params.settings)
        initial = section_of(session.initialization_options) or {}
        changed = section is not None and session.config.set_editor({**initial, **section})
    session.notify_settings_problems(editor)
    if changed:
        await session.events.deliver(SettingsChanged())


@isolated()
async def did_change_workspace_folders(
    session: Session, editor: EditorPort, params: types.DidChangeWorkspaceFoldersParams
) -> None:
    removed = {uri_to_path(folder.uri) for folder in params.event.removed}
    roots = [root for root in session.roots if str(root) not in removed]
    for folder in params.event.added:
        path = uri_to_path(folder.uri)
        if path is not None and Path(path) not in roots:
            roots.append(Path(path))
    session.set_roots(roots)
    session.notify_settings_problems(editor)
    await session.events.deliver(SettingsChanged())


def shutdown(session: Session, params: None) -> None:
    session.cancel_background()
    session.check_cache.shutdown()
    session.bulk.shutdown()


def register(server: LanguageServer, session: Session, editor: EditorPort) -> None:
    """The lifecycle's messages after `initialize` (which the start-up answers and hands to
    `initialize` above once the features are loaded: startup.py)."""
    server.feature(types.INITIALIZED)(bind(initialized, session, editor))
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(
        bind(did_change_configuration, session, editor)
    )
    server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)(
        bind(did_change_workspace_folders, session, editor)
    )
    server.feature(types.SHUTDOWN)(bind(shutdown, session))
