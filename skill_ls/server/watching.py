"""Files changing on disk: watched-file events, and what they invalidate.

Clients that can register file watchers dynamically are asked to watch SKILL.md files,
everything under skills folders and the configuration files. Others fall back to open/save
events and to re-reading a skill folder's listing when it is older than a few seconds.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.config import CONFIG_FILE
from skill_ls.server import scan
from skill_ls.server.binding import bind
from skill_ls.server.documents import uri_to_path
from skill_ls.server.editor import EditorPort
from skill_ls.server.events import FilesChanged, IndexChanged
from skill_ls.server.isolation import isolated
from skill_ls.server.session import Session
from skill_ls.server.workspace_skills import extra_roots

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


def files_changed(session: Session, editor: EditorPort, paths: Sequence[str]) -> None:
    """Files were created, changed or deleted: refresh what depends on them.

    The index update (which may walk a new folder) runs on the scan worker, in order with
    scans; `IndexChanged` (the re-check) follows it."""
    paths = list(paths)
    if any(os.path.basename(p) in CONFIG_NAMES for p in paths):
        session.config.reload_files()
        session.notify_settings_problems(editor)
    session.spawn(_update_index(session, paths))


async def _update_index(session: Session, paths: list[str]) -> None:
    try:
        await scan.in_scan_thread(session.skills.files_changed, paths)
    finally:
        session.events.publish(IndexChanged())


@isolated()
def did_change_watched_files(session: Session, params: types.DidChangeWatchedFilesParams) -> None:
    paths = [path for change in params.changes if (path := uri_to_path(change.uri)) is not None]
    if paths:
        session.events.publish(FilesChanged(tuple(paths)))


def watchers(session: Session, roots: list[Path]) -> list[types.FileSystemWatcher]:
    found = [types.FileSystemWatcher(glob_pattern=glob) for glob in WATCH_GLOBS]
    for root in roots:
        pattern: types.GlobPattern
        if session.flags.relative_patterns:
            pattern = types.RelativePattern(base_uri=root.as_uri(), pattern="**/*")
        else:
            pattern = root.as_posix().rstrip("/") + "/**"
        found.append(types.FileSystemWatcher(glob_pattern=pattern))
    return found


async def register_watchers(session: Session, editor: EditorPort) -> None:
    """Ask the client to watch skill files and the extra roots; again when those change."""
    if not session.flags.watched_files_dynamic:
        return
    roots: list[Path] = []
    for group_roots, settings in scan.index_groups(session):
        roots.extend(r for r in extra_roots(settings, group_roots) if r not in roots)
    previous = session.watched_roots
    if previous == roots:
        return
    method = types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    try:
        if previous is not None:
            await editor.unregister_capability(
                types.UnregistrationParams(
                    unregisterations=[types.Unregistration(id=REGISTRATION_ID, method=method)]
                )
            )
        options = types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers(session, roots))
        await editor.register_capability(
            types.RegistrationParams(
                registrations=[
                    types.Registration(id=REGISTRATION_ID, method=method, register_options=options)
                ]
            )
        )
        session.watchers_registered(roots)
    except Exception as exc:  # the client refused: fall back to open/save events
        log.warning("could not register file watchers: %s", exc)
        session.watchers_refused()


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(
        bind(did_change_watched_files, session)
    )
