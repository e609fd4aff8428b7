"""A process an agent leaves running (detached, in a session of its own, as Cline CLI's hub
daemon is) is found by its run's HOME and stopped; one with another HOME is left alone."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from clientlab.leftovers import left_running, stop_left_running


def _detached_sleep(home: Path) -> None:
    # The shell exits at once; the sleep lives on in its own session, as a daemon does.
    env = {**os.environ, "HOME": str(home)}
    subprocess.run(["sh", "-c", "setsid sleep 120 >/dev/null 2>&1 &"], env=env, check=True)


def _found(home: Path) -> list[int]:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if found := left_running(str(home)):
            return found
        time.sleep(0.05)
    return []


def test_a_detached_process_with_the_runs_home_is_stopped(tmp_path: Path) -> None:
    run_home, other_home = tmp_path / "home", tmp_path / "home-other"
    _detached_sleep(run_home)
    _detached_sleep(other_home)
    left, other = _found(run_home), _found(other_home)
    assert len(left) == 1 and len(other) == 1
    try:
        assert stop_left_running(str(run_home)) == left
        assert left_running(str(run_home)) == []
        # A HOME that only begins like the run's is another run's.
        assert left_running(str(other_home)) == other
    finally:
        stop_left_running(str(other_home))
    assert left_running(str(other_home)) == []


def test_nothing_left_running_is_nothing_stopped(tmp_path: Path) -> None:
    assert stop_left_running(str(tmp_path / "home")) == []
