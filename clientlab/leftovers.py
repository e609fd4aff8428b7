"""Stop what an agent left running after its run. Cline CLI starts a hub daemon in a
session of its own, which outlives the run (and its deleted folders) and would pile up
over a lab; a lab run's processes are known by the HOME the lab gave them, so they are
found by that in /proc and stopped, whatever group or session they moved to."""

from __future__ import annotations

import contextlib
import os
import signal
import time

# A daemon is asked to stop, then killed if it has not within this time.
GRACE_S = 2.0


def _environment(pid: int) -> list[bytes]:
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return handle.read().split(b"\0")
    except OSError:
        return []


def left_running(home: str) -> list[int]:
    """The processes whose HOME is `home` (none where there is no /proc)."""
    marker = b"HOME=" + os.fsencode(home)
    try:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []
    return [pid for pid in pids if pid != os.getpid() and marker in _environment(pid)]


def stop_left_running(home: str) -> list[int]:
    """Stop every process left running with HOME `home`: SIGTERM, then SIGKILL after
    GRACE_S. Returns the pids found."""
    found = left_running(home)
    for pid in found:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + GRACE_S
    alive = found
    while alive and time.monotonic() < deadline:
        time.sleep(0.05)
        alive = [pid for pid in alive if _running(pid)]
    for pid in alive:
        _signal(pid, signal.SIGKILL)
    return found


def _signal(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, sig)


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting for its parent."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != b"Z"
