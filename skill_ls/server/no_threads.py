"""Running where there are no threads (Pyodide, the editor extension's WebAssembly runtime).

There an executor runs a function at once and holds the event loop, so long work (a scan, a
workspace check) runs in slices on the loop instead, and requests are answered between them.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Generator
from typing import TypeVar

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
