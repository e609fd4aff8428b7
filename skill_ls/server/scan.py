"""Workspace scans: off the event loop (in slices on it where there are no threads, see
no_threads.py), reported with window/workDoneProgress.

While a scan runs, the event loop keeps answering completion, hover and the rest; the
index swaps in the new list of skills only when the scan is complete.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from lsprotocol import types

from skill_ls.server.editor import EditorPort
from skill_ls.server.events import IndexChanged
from skill_ls.server.gc_pauses import collector_paused, keep_what_exists
from skill_ls.server.no_threads import NO_THREADS, in_slices
from skill_ls.server.session import Session
from skill_ls.server.workspace_skills import Group

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

_tokens = itertools.count(1)
_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skill-ls-scan")


async def in_scan_thread(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run index work on the scan worker (after any scan already queued there)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_executor, functools.partial(function, *args, **kwargs))


def index_groups(session: Session) -> list[Group]:
    """The workspace folders grouped by their settings (each group gets its own index)."""
    groups: list[Group] = []
    for root in session.roots:
        settings = session.settings_for(str(root))
        for roots, shared in groups:
            if shared == settings:
                roots.append(root)
                break
        else:
            groups.append(([root], settings))
    return groups or [([], session.settings_for(None))]


async def _begin(session: Session, editor: EditorPort) -> str | None:
    if not session.flags.work_done_progress:
        return None
    token = f"skill-ls-scan-{next(_tokens)}"
    try:
        await editor.create_progress(token)
    except Exception as exc:
        log.info("no progress reporting: %s", exc)
        return None
    editor.begin_progress(
        token,
        types.WorkDoneProgressBegin(
            title="skill-ls: scanning skills", cancellable=True, percentage=0
        ),
    )
    return token


async def scan_workspace(session: Session, editor: EditorPort) -> int:
    """Rescan every root; returns the number of skills found."""
    token = await _begin(session, editor)
    loop = asyncio.get_running_loop()

    def report(done: int, total: int, what: str) -> None:
        if token is None:
            return
        percentage = int(done * 100 / total) if total else 100
        value = types.WorkDoneProgressReport(
            message=f"{done}/{total} folders", percentage=percentage
        )
        loop.call_soon_threadsafe(editor.report_progress, token, value)

    def cancelled() -> bool:
        return token is not None and editor.progress_cancelled(token)

    try:
        with collector_paused():
            if NO_THREADS:
                result = await in_slices(
                    session.skills.scan_steps(index_groups(session), report, cancelled)
                )
            else:
                result = await loop.run_in_executor(
                    _executor,
                    session.skills.scan,
                    index_groups(session),
                    report,
                    cancelled,
                )
    finally:
        if token is not None:
            editor.end_progress(token, types.WorkDoneProgressEnd(message="done"))
        session.first_scan.set()
    keep_what_exists()  # the index just built lives until the next scan
    log.info("found %d skills in %.2f s", result.skills, result.seconds)
    session.events.publish(IndexChanged())
    return result.skills


def start_scan(session: Session, editor: EditorPort) -> None:
    """Start a scan in the background (a running one finishes first: scans are serial)."""
    session.spawn(scan_workspace(session, editor))
