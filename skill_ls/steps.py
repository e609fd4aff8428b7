"""Sliced computations: generators that yield between slices of long work and return its
result. A thread runs one to its end at once (`run_steps`); a runtime with no threads steps
it on its event loop, answering requests between the slices (server/no_threads.py)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]


def run_steps(steps: Steps[T]) -> T:
    """A sliced computation run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
