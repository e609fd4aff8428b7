"""What a worker process of the language server runs: a batch of files checked, each
result as its findings (and a new cache entry). It lives in the core, not in the server
package, so that a spawned worker imports the validator only: importing the server would
bring pygls and lsprotocol into every worker (45 MB of memory against 22 MB, measured).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from skill_ls.checking import check_file
from skill_ls.checking.result_cache import Entry
from skill_ls.diagnostics import Diagnostic
from skill_ls.gathering import FolderFacts
from skill_ls.settings import Settings


@dataclass(frozen=True)
class FileFindings:
    path: str
    diagnostics: tuple[Diagnostic, ...]
    # The text is ASCII (or unreadable): code points are the client's units in every encoding.
    ascii: bool
    # A new cache entry for this result (None: it came from the cache, or none is kept).
    entry: Entry | None = None


def check_batch(
    paths: list[str], settings: Settings, cached: dict[str, Entry] | None = None
) -> list[FileFindings]:
    """Check files on disk (in a worker process, or a thread for small batches); with
    `cached` (entries by path, possibly none), results come from the cache where their
    inputs are unchanged and the others carry new entries."""
    found = []
    folders: dict[str, FolderFacts] = {}
    for path in paths:
        entry = cached.get(path) if cached is not None else None
        result = check_file(Path(path), settings, entry, cached is not None, folders)
        ascii_text = result.ascii is not False
        found.append(FileFindings(path, tuple(result.diagnostics), ascii_text, result.cache_entry))
    return found


# How often a worker looks whether the server that started it is still there.
PARENT_CHECK_SECONDS = 0.5


def quiet_worker() -> None:
    """Start a worker: its stdout is the protocol channel of the server that started it, so
    point it at stderr (file descriptor and object alike), and end it when that server is
    gone (a pool's worker holds both ends of its task queue, so a server killed with
    SIGKILL would leave it waiting forever, one more after every restart)."""
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    parent = os.getppid()
    threading.Thread(target=_end_with, args=(parent,), name="parent-watch", daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)  # the server is gone: nobody reads what this worker would return
