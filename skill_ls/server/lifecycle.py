"""Initialize, initialized, configuration changes, workspace folders, shutdown."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types

from skill_ls.server import diagnostics, rename, scan, watching
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.configuration import SECTION, section_of
from skill_ls.server.documents import uri_to_path
from skill_ls.server.isolation import isolated
from skill_ls.server.positions import PositionMapper
from skill_ls.server.server import SkillServer

log = logging.getLogger(__name__)


def _roots(params: types.InitializeParams) -> list[Path]:
    uris = [folder.uri for folder in params.workspace_folders or []]
    if not uris and params.root_uri:
        uris = [params.root_uri]
    roots = [Path(path) for uri in uris if (path := uri_to_path(uri)) is not None]
    if not roots and params.root_path:
        roots = [Path(params.root_path)]
    return roots


@isolated()
def initialize(ls: SkillServer, params: types.InitializeParams) -> None:
    """Resolve the client's capabilities and register what depends on them.

    Runs before pygls computes the server capabilities, so features registered here are
    advertised (pull diagnostics only to clients that pull: never push and pull both).
    """
    ls.flags = ClientFlags.resolve(params)
    ls.mapper = PositionMapper(ls.workspace.position_codec)
    ls.roots = _roots(params)
    ls.config.set_roots(ls.roots)
    ls.initialization_options = params.initialization_options
    ls.config.set_editor(section_of(params.initialization_options) or {})
    if ls.flags.watched_files_dynamic:
        ls.checks.listing_ttl = None
    if ls.flags.pull_diagnostics:
        diagnostics.register_pull(ls)
    if ls.flags.will_rename_files:
        rename.register_will_rename(ls)
    ls.checks.extra = ls.index.cross_findings
    loop = asyncio.get_running_loop()

    def names_changed() -> None:
        loop.call_soon_threadsafe(ls.names_changed)

    ls.index.on_names_changed = names_changed
    ls.client_log.attach(loop)
    log.info(
        "skill-ls for %s: %s diagnostics, %s",
        ls.flags.client_name or "an unnamed client",
        "pull" if ls.flags.pull_diagnostics else "push",
        ls.mapper.encoding,
    )


@isolated()
async def initialized(ls: SkillServer, params: types.InitializedParams) -> None:
    if ls.flags.configuration_dynamic:
        try:
            await ls.client_register_capability_async(
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
    if ls.flags.configuration and await pull_configuration(ls):
        ls.world_changed()
        ls.publisher.world_changed()
    ls.notify_settings_problems()
    scan.start_scan(ls)
    await watching.register_watchers(ls)


async def pull_configuration(ls: SkillServer) -> bool:
    """Ask the client for the `skillLs` section; True when the settings changed."""
    try:
        values: Sequence[Any] = await ls.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
        )
    except Exception as exc:
        log.warning("could not read the client's settings: %s", exc)
        return False
    section = section_of(values[0]) if values else None
    merged = {**(section_of(ls.initialization_options) or {}), **(section or {})}
    return ls.config.set_editor(merged)


@isolated()
async def did_change_configuration(
    ls: SkillServer, params: types.DidChangeConfigurationParams
) -> None:
    if ls.flags.configuration:
        changed = await pull_configuration(ls)
    else:
        section = section_of(params.settings)
        initial = section_of(ls.initialization_options) or {}
        changed = section is not None and ls.config.set_editor({**initial, **section})
    ls.notify_settings_problems()
    if changed:
        ls.world_changed()
        ls.publisher.world_changed()
        scan.start_scan(ls)
        await watching.register_watchers(ls)


@isolated()
async def did_change_workspace_folders(
    ls: SkillServer, params: types.DidChangeWorkspaceFoldersParams
) -> None:
    removed = {uri_to_path(folder.uri) for folder in params.event.removed}
    roots = [root for root in ls.roots if str(root) not in removed]
    for folder in params.event.added:
        path = uri_to_path(folder.uri)
        if path is not None and Path(path) not in roots:
            roots.append(Path(path))
    ls.roots = roots
    ls.config.set_roots(roots)
    ls.notify_settings_problems()
    ls.world_changed()
    ls.publisher.world_changed()
    scan.start_scan(ls)
    await watching.register_watchers(ls)


def shutdown(ls: SkillServer, params: None) -> None:
    ls.cancel_background()
    ls.checks.shutdown()
    ls.bulk.shutdown()


def register(server: SkillServer) -> None:
    server.feature(types.INITIALIZE)(initialize)
    server.feature(types.INITIALIZED)(initialized)
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(did_change_configuration)
    server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)(did_change_workspace_folders)
    server.feature(types.SHUTDOWN)(shutdown)
