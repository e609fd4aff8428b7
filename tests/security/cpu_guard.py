"""A CPU-time guard for the linear-time tests: not a speed test, a hang guard.

The inputs are sized so that the quadratic patterns these tests replaced take minutes of CPU
on them while the linear scans take milliseconds; the guard (several seconds of the
process's CPU time, which other processes on a loaded machine do not consume) sits far
between the two. The interval timer interrupts a running regular expression too.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

# CPU seconds one guarded call may take.
CPU_SECONDS = 5.0

T = TypeVar("T")


class TooMuchWork(BaseException):
    """The guarded call ran past its CPU time: super-linear on an input sized for that. Not
    an `Exception`, so that the validator's per-family isolation does not swallow it."""


def _expired(signum: int, frame: FrameType | None) -> None:
    raise TooMuchWork(f"over {CPU_SECONDS} s of CPU time")


@contextmanager
def cpu_guard(seconds: float = CPU_SECONDS) -> Iterator[None]:
    """Raise `TooMuchWork` inside the block once it has used `seconds` of CPU time."""
    previous = signal.signal(signal.SIGPROF, _expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def guarded(call: Callable[[], T], seconds: float = CPU_SECONDS) -> T:
    """`call()` under `cpu_guard`."""
    with cpu_guard(seconds):
        return call()
