"""Work in slices on the event loop (`server/no_threads.py`), for a runtime with no threads:
other tasks run between the slices, and the result is the computation's."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Generator

import pytest

from skill_ls.server import no_threads
from skill_ls.server.no_threads import in_slices, off_the_loop


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


@pytest.mark.parametrize("threads", [True, False])
def test_off_the_loop_runs_on_a_worker_or_in_slices(
    threads: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(no_threads, "NO_THREADS", not threads)
    ran_on: list[threading.Thread] = []

    def work() -> Generator[None, None, str]:
        for _ in range(3):
            ran_on.append(threading.current_thread())
            yield
        return "done"

    async def main() -> tuple[str, threading.Thread]:
        return await off_the_loop(work()), threading.current_thread()

    result, loop_thread = asyncio.run(main())
    assert result == "done" and len(ran_on) == 3
    assert all((thread is loop_thread) != threads for thread in ran_on), ran_on
