"""Workspace scans: off the event loop, reported with window/workDoneProgress.

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

from skill_ls.server.server import SkillServer
from skill_ls.settings import Settings

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

_tokens = itertools.count(1)
_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skill-ls-scan")


async def in_scan_thread(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run index work on the scan worker (after any scan already queued there)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_executor, functools.partial(function, *args, **kwargs))


def index_settings(ls: SkillServer) -> Settings:
    """The index takes one set of settings: the first workspace folder's."""
    return ls.settings_for(str(ls.roots[0]) if ls.roots else None)


async def _begin(ls: SkillServer) -> str | None:
    if not ls.flags.work_done_progress:
        return None
    token = f"skill-ls-scan-{next(_tokens)}"
    try:
        await ls.work_done_progress.create_async(token)
    except Exception as exc:
        log.info("no progress reporting: %s", exc)
        return None
    ls.work_done_progress.begin(
        token,
        types.WorkDoneProgressBegin(
            title="skill-ls: scanning skills", cancellable=True, percentage=0
        ),
    )
    return token


async def scan_workspace(ls: SkillServer) -> int:
    """Rescan every root; returns the number of skills found."""
    progress = ls.work_done_progress
    token = await _begin(ls)
    loop = asyncio.get_running_loop()

    def report(done: int, total: int, what: str) -> None:
        if token is None:
            return
        percentage = int(done * 100 / total) if total else 100
        value = types.WorkDoneProgressReport(
            message=f"{done}/{total} folders", percentage=percentage
        )
        loop.call_soon_threadsafe(progress.report, token, value)

    def cancelled() -> bool:
        future = progress.tokens.get(token) if token is not None else None
        return future is not None and future.cancelled()

    try:
        result = await loop.run_in_executor(
            _executor, ls.index.scan, list(ls.roots), index_settings(ls), report, cancelled
        )
    finally:
        if token is not None:
            progress.end(token, types.WorkDoneProgressEnd(message="done"))
        ls.first_scan.set()
    log.info("found %d skills in %.2f s", result.skills, result.seconds)
    ls.world_changed()
    ls.publisher.world_changed()
    return result.skills


def start_scan(ls: SkillServer) -> None:
    """Start a scan in the background (a running one finishes first: scans are serial)."""
    ls.spawn(scan_workspace(ls))
