"""Checking many skills at once (workspace/diagnostic) in worker processes.

Checks are pure Python and hold the GIL, so threads cannot spread ten thousand of them over
the cores; worker processes can. Workers are spawned (never forked from a process with
threads running), import only the core, and can never write to the protocol's stdout.
Small batches are checked on a thread instead: a process pool is not worth starting.

Results are kept in the same persistent cache `skill-ls check` uses (`checking.result_cache`,
under the user's cache folder): a file whose bytes and surroundings have not changed since
any earlier check, in the terminal or in the editor, is not parsed again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from skill_ls.cache_basics import default_folder
from skill_ls.checking.batches import FileFindings, check_batch, quiet_worker
from skill_ls.checking.result_cache import Entry, ResultCache, run_key
from skill_ls.server.gc_pauses import collector_paused
from skill_ls.server.no_threads import NO_THREADS, off_the_loop
from skill_ls.settings import Settings

log = logging.getLogger(__name__)

# Below this many files a thread does the work (no processes are started).
PROCESS_THRESHOLD = 200
# Files per batch; with no threads a batch holds the loop, so there a smaller one.
BATCH = 25 if NO_THREADS else 100
# What checking a file with a cache entry costs, as a share of checking it afresh
# (measured on the generated skills: 0.6 ms against 1.8 ms).
CACHED_WEIGHT = 0.33
MAX_WORKERS = 3


class BulkChecker:
    def __init__(self, cache_folder: Path | None = None) -> None:
        self._pool: ProcessPoolExecutor | None = None
        # Where results persist between sessions (None: the user's cache folder).
        self.cache_folder = cache_folder

    def _processes(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=worker_count(),
                mp_context=multiprocessing.get_context("spawn"),
                initializer=quiet_worker,
            )
        return self._pool

    async def check(self, paths: list[str], settings: Settings) -> list[FileFindings]:
        """Check files, from the persistent cache where it holds; the rest go in batches
        to the worker processes and to one thread of this process alike (whoever is free
        takes the next), so every core works."""
        cache = await asyncio.to_thread(self._load_cache, settings)
        with collector_paused():
            found = await self._check(paths, settings, cache.entries)
        for item in found:
            if item.entry is not None:
                cache.put(Path(item.path), item.entry)
        await off_the_loop(cache.save_steps())
        # The entries are on disk now: the reports need the findings only, and the entries
        # (source lines, facts, probes) go with the cache when this returns.
        return [replace(item, entry=None) if item.entry is not None else item for item in found]

    def _load_cache(self, settings: Settings) -> ResultCache:
        return ResultCache.load(self.cache_folder or default_folder(), run_key(settings))

    async def _check(
        self, paths: list[str], settings: Settings, entries: dict[str, Entry]
    ) -> list[FileFindings]:
        def cached(batch: list[str]) -> dict[str, Entry]:
            return {path: entries[path] for path in batch if path in entries}

        # A file with a cache entry costs a read, a digest and a folder listing, not a
        # parse: processes start only for enough real work.
        work = sum(1 if path not in entries else CACHED_WEIGHT for path in paths)
        if work < PROCESS_THRESHOLD:
            return await asyncio.to_thread(check_batch, paths, settings, cached(paths))
        queue: asyncio.Queue[list[str]] = asyncio.Queue()
        for start in range(0, len(paths), BATCH):
            queue.put_nowait(paths[start : start + BATCH])
        found: list[FileFindings] = []
        loop = asyncio.get_running_loop()

        async def drain(pool: ProcessPoolExecutor | None) -> None:
            while not queue.empty():
                batch = queue.get_nowait()
                known = cached(batch)
                if pool is None:
                    found.extend(await asyncio.to_thread(check_batch, batch, settings, known))
                    # Requests first: with no threads, the batch held the loop.
                    await asyncio.sleep(0)
                else:
                    found.extend(
                        await loop.run_in_executor(pool, check_batch, batch, settings, known)
                    )

        if NO_THREADS:  # no processes either: batch by batch on the loop
            await drain(None)
            return found
        try:
            pool = self._processes()
            await asyncio.gather(drain(None), *(drain(pool) for _ in range(worker_count())))
        except Exception as exc:  # no processes here (a sandbox, a broken pool): a thread
            log.warning("checking in worker processes failed (%s); using a thread", exc)
            self.shutdown()
            done = {item.path for item in found}
            rest = [path for path in paths if path not in done]
            found.extend(await asyncio.to_thread(check_batch, rest, settings, cached(rest)))
        return found

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def worker_count() -> int:
    """Worker processes besides this one (which checks too): one per other core."""
    return max(1, min((os.cpu_count() or 1) - 1, MAX_WORKERS))
