"""Work in slices on the event loop (`server/no_threads.py`), for a runtime with no threads:
other tasks run between the slices, and the result is the computation's."""

from __future__ import annotations

import asyncio
from collections.abc import Generator

from skill_ls.server.no_threads import in_slices


def test_other_tasks_run_between_slices() -> None:
    order: list[str] = []

    def work() -> Generator[None, None, int]:
        for n in range(3):
            order.append(f"slice {n}")
            yield
        return 42

    async def request() -> None:
        order.append("request")

    async def main() -> int:
        waiting = asyncio.ensure_future(request())
        result = await in_slices(work())
        await waiting
        return result

    assert asyncio.run(main()) == 42
    # The request was answered after the first slice, not after the whole computation.
    assert order.index("request") < order.index("slice 2"), order
