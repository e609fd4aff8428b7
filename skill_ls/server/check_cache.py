"""Running the validator for open documents: off the event loop, cached per version.

One worker thread runs checks in order, so a burst of edits never piles up threads; callers
ask for the newest snapshot and the cache answers repeated asks (pull diagnostics, code
actions) for the same version and world without checking again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from skill_ls.checking.route import check_document
from skill_ls.diagnostics import Diagnostic
from skill_ls.document import SkillDocument
from skill_ls.gathering import context_for_path, with_lookups
from skill_ls.rules.context import CheckContext
from skill_ls.server.documents import Snapshot
from skill_ls.settings import Settings

log = logging.getLogger(__name__)

T = TypeVar("T")

# Without file-change events from the client, a skill folder's file list is re-read when
# it is older than this (seconds).
UNWATCHED_LISTING_TTL = 2.0


@dataclass(frozen=True)
class CheckResult:
    snapshot: Snapshot
    generation: int
    document: SkillDocument
    diagnostics: tuple[Diagnostic, ...]

    @property
    def result_id(self) -> str:
        return f"{self.snapshot.version}:{self.generation}"


# Extra findings for a document from outside it (cross-skill: clashes, shadowing); the
# order of an open buffer's snapshot (`Snapshot.order`: the buffer then wins over the file
# on disk, and a later one over an earlier one), else None.
ExtraFindings = Callable[[SkillDocument, CheckContext, int | None], list[Diagnostic]]


class CheckCache:
    """Checks of open documents, run on one worker thread and cached per version."""

    def __init__(self, extra: ExtraFindings | None = None) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skill-ls-check")
        self._cache: dict[str, CheckResult] = {}
        self._pending: dict[tuple[str, int | None, int], asyncio.Future[CheckResult]] = {}
        self._contexts: dict[str, tuple[int, float, Settings, CheckContext]] = {}
        self.listing_ttl: float | None = UNWATCHED_LISTING_TTL
        self.extra = extra

    def cached(self, snapshot: Snapshot, generation: int) -> CheckResult | None:
        result = self._cache.get(snapshot.uri)
        if result is None or result.snapshot is not snapshot or result.generation != generation:
            return None
        return result

    async def result(self, snapshot: Snapshot, settings: Settings, generation: int) -> CheckResult:
        """The check of exactly this snapshot under this generation of settings and files."""
        cached = self.cached(snapshot, generation)
        if cached is not None:
            return cached
        key = (snapshot.uri, snapshot.version, generation)
        pending = self._pending.get(key)
        if pending is None or pending.done():
            loop = asyncio.get_running_loop()
            pending = asyncio.ensure_future(
                loop.run_in_executor(self._executor, self.compute, snapshot, settings, generation)
            )
            self._pending[key] = pending
            pending.add_done_callback(lambda _: self._pending.pop(key, None))
        result = await asyncio.shield(pending)
        if result.snapshot is snapshot:
            current = self._cache.get(snapshot.uri)
            if (
                current is None
                or current.snapshot is not snapshot
                or (current.generation < generation)
            ):
                self._cache[snapshot.uri] = result
        return result

    def compute(
        self, snapshot: Snapshot, settings: Settings, generation: int, cached: bool = True
    ) -> CheckResult:
        """Parse and check one snapshot; never raises (a failing rule is logged).

        `cached` (the check worker only) reuses folder listings; other threads pass False.
        """
        # A snapshot read from disk comes parsed (with its decoding facts); an edited one
        # is parsed here, and keeps the parse and its line index.
        document = snapshot.parsed
        try:
            if cached:
                context = self._listing(snapshot.path, settings, generation)
            elif snapshot.path is not None:
                context = context_for_path(Path(snapshot.path), settings)
            else:
                context = CheckContext(settings=settings)
            extra = self.extra
            order = _order(snapshot)
            found = check_document(
                document,
                context,
                (lambda d, c: extra(d, c, order)) if extra is not None else None,
            ).diagnostics
        except Exception:  # a rule's bug must not take the document's other findings down
            log.exception("checking %s failed", snapshot.uri)
            found = []
        return CheckResult(snapshot, generation, document, tuple(found))

    def context(
        self,
        path: str | None,
        settings: Settings,
        generation: int,
        document: SkillDocument | None = None,
    ) -> CheckContext:
        """The check context of a file, its folder listing cached until files change; with
        `document`'s lookups made (`check_document` makes them itself) when it is given."""
        context = self._listing(path, settings, generation)
        return with_lookups(context, document) if document is not None else context

    def _listing(self, path: str | None, settings: Settings, generation: int) -> CheckContext:
        if path is None:
            return CheckContext(settings=settings)
        now = time.monotonic()
        cached = self._contexts.get(path)
        if cached is not None:
            made_in, made_at, made_with, context = cached
            fresh = self.listing_ttl is None or now - made_at < self.listing_ttl
            if made_in == generation and made_with == settings and fresh:
                return context
        context = context_for_path(Path(path), settings)
        self._contexts[path] = (generation, now, settings, context)
        return context

    async def on_worker(self, function: Callable[..., T], *args: object) -> T:
        """`function(*args)` on the check worker thread (after the checks queued before it),
        for work that checks documents too (the suppression edits are tried)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, function, *args)

    def forget(self, uri: str) -> None:
        self._cache.pop(uri, None)

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def _order(snapshot: Snapshot) -> int | None:
    """The snapshot's place in arrival order when it is an editor buffer, else None."""
    return snapshot.order if snapshot.version is not None else None
