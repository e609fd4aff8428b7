"""Running where there are no threads (Pyodide, the editor extension's WebAssembly runtime).

There an executor runs a function at once and holds the event loop, so long work (a scan, a
workspace check) runs in slices on the loop instead, and requests are answered between them.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Generator
from typing import TypeVar

from skill_ls.steps import run_steps

T = TypeVar("T")

NO_THREADS = sys.platform == "emscripten"


async def in_slices(steps: Generator[None, None, T]) -> T:
    """A sliced computation on the event loop, letting requests in between its slices."""
    result: list[T] = []

    def collected() -> Generator[None, None, None]:
        result.append((yield from steps))

    for _ in collected():
        await asyncio.sleep(0)
    return result[0]


async def off_the_loop(steps: Generator[None, None, T]) -> T:
    """A sliced computation on a worker thread, or in slices on the loop with no threads."""
    if NO_THREADS:
        return await in_slices(steps)
    return await asyncio.to_thread(run_steps, steps)
