"""The cyclic garbage collector, kept out of the way of requests.

A full collection walks every object the process holds: with a 10,000-skill index that is
50 to 120 ms with the interpreter lock held, and while a scan or a workspace check allocates,
several come one after another (nine in one workspace pull, measured), each a stall for a
completion or a hover that arrives meanwhile. So the collector waits while those run, and
what a finished scan built (the index, kept until the next scan) is frozen: later
collections do not walk it again. Reference counting still frees everything that is not in a
cycle at once.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

_lock = threading.Lock()
_paused = 0


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No automatic collection while the block runs (blocks may overlap, in any thread)."""
    global _paused
    with _lock:
        _paused += 1
        if _paused == 1:
            gc.disable()
    try:
        yield
    finally:
        with _lock:
            _paused -= 1
            if _paused == 0:
                gc.enable()


def keep_what_exists() -> None:
    """Freeze every object alive now: long-lived state that later collections skip."""
    gc.freeze()
