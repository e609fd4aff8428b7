"""Files changing on disk: watched-file events, and what they invalidate.

Clients that can register file watchers dynamically are asked to watch SKILL.md files,
everything under skills folders and the configuration files. Others fall back to open/save
events and to re-reading a skill folder's listing when it is older than a few seconds.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path

from lsprotocol import types

from skill_ls.config import CONFIG_FILE
from skill_ls.server import scan
from skill_ls.server.checks import UNWATCHED_LISTING_TTL
from skill_ls.server.documents import uri_to_path
from skill_ls.server.index import extra_roots
from skill_ls.server.isolation import isolated
from skill_ls.server.server import SkillServer

log = logging.getLogger(__name__)

REGISTRATION_ID = "skill-ls-watched-files"
# Every client's skills root ends in `skills` (or OpenCode's `skill`).
WATCH_GLOBS = (
    "**/SKILL.md",
    "**/skill.md",
    "**/skills/**",
    "**/skill/**",
    f"**/{CONFIG_FILE}",
    "**/pyproject.toml",
)
CONFIG_NAMES = frozenset({CONFIG_FILE, "pyproject.toml"})


def files_changed(ls: SkillServer, paths: Iterable[str]) -> None:
    """Files were created, changed or deleted: refresh what depends on them and re-check.

    The index update (which may walk a new folder) runs on the scan worker, in order with
    scans; the re-check follows it."""
    paths = list(paths)
    if any(os.path.basename(p) in CONFIG_NAMES for p in paths):
        ls.config.reload_files()
        ls.notify_settings_problems()
    ls.spawn(_update_index(ls, paths))


async def _update_index(ls: SkillServer, paths: list[str]) -> None:
    try:
        await scan.in_scan_thread(ls.index.files_changed, paths)
    finally:
        ls.world_changed()
        ls.publisher.world_changed()


@isolated()
def did_change_watched_files(ls: SkillServer, params: types.DidChangeWatchedFilesParams) -> None:
    paths = [path for change in params.changes if (path := uri_to_path(change.uri)) is not None]
    if paths:
        files_changed(ls, paths)


def watchers(ls: SkillServer, roots: list[Path]) -> list[types.FileSystemWatcher]:
    found = [types.FileSystemWatcher(glob_pattern=glob) for glob in WATCH_GLOBS]
    for root in roots:
        pattern: types.GlobPattern
        if ls.flags.relative_patterns:
            pattern = types.RelativePattern(base_uri=root.as_uri(), pattern="**/*")
        else:
            pattern = root.as_posix().rstrip("/") + "/**"
        found.append(types.FileSystemWatcher(glob_pattern=pattern))
    return found


async def register_watchers(ls: SkillServer) -> None:
    """Ask the client to watch skill files and the extra roots; again when those change."""
    if not ls.flags.watched_files_dynamic:
        return
    roots = extra_roots(scan.index_settings(ls), ls.roots)
    previous = ls.watched_roots
    if previous == roots:
        return
    method = types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    try:
        if previous is not None:
            await ls.client_unregister_capability_async(
                types.UnregistrationParams(
                    unregisterations=[types.Unregistration(id=REGISTRATION_ID, method=method)]
                )
            )
        options = types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers(ls, roots))
        await ls.client_register_capability_async(
            types.RegistrationParams(
                registrations=[
                    types.Registration(id=REGISTRATION_ID, method=method, register_options=options)
                ]
            )
        )
        ls.watched_roots = roots
    except Exception as exc:  # the client refused: fall back to open/save events
        log.warning("could not register file watchers: %s", exc)
        ls.checks.listing_ttl = UNWATCHED_LISTING_TTL


def register(server: SkillServer) -> None:
    server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(did_change_watched_files)
