"""A check worker does not outlive the language server that started it: an editor that
kills a hung server (`kill -9`, as VS Code's client does after a crash) must not leave
worker processes behind, one more with every restart."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# A stand-in for the server: the same pool the server's workspace check starts, one task run
# so that the worker is up, its pid printed, then it waits to be killed.
PARENT = """
import multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from skill_ls.checking.batches import quiet_worker
spawn = multiprocessing.get_context("spawn")
pool = ProcessPoolExecutor(1, mp_context=spawn, initializer=quiet_worker)
print(pool.submit(os.getpid).result(timeout=60), flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (dead, not yet reaped by its new parent) counts as gone.
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().split(") ")[-1][:1] != "Z"
    except OSError:
        return False


def test_a_worker_ends_when_the_server_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        assert alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(worker), "the worker outlived the server that started it"
    finally:
        parent.kill()
        parent.wait()
