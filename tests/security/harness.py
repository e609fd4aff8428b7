"""Run code under resource limits: the bounds the safety tests state and enforce.

Memory is bounded with `RLIMIT_AS` (address space) on a child process, so a case that
tried to allocate without bound fails with MemoryError or is killed, instead of passing
slowly. Time is bounded by a generous wall-clock limit as a hang guard (never a speed
assertion) and by `RLIMIT_CPU`.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

import pytest

REPO = Path(__file__).resolve().parents[2]

MIB = 1024 * 1024

# The bounds (also stated in the README's "Safety" section).
# Address space of one process checking any one hostile document (Python itself takes
# about 100 MiB of it).
VALIDATOR_MEMORY = 768 * MIB
# Address space of one `skill-ls check` run over the whole matrix: it keeps every finding
# until it prints the report (about 27,000 findings, 35 MB of JSON).
CLI_MEMORY = 1536 * MIB
# Address space of the language server process, which also holds worker threads.
SERVER_MEMORY = 1536 * MIB
# Hang guard for one hostile document (a wall-clock alarm, not a speed test): checks take
# from milliseconds to about 6 s of CPU for the worst documents within the bounds (a strict
# YAML parse of 256 KiB of frontmatter), while the quadratic patterns fixed so far took
# minutes at these sizes.
CASE_WALL_SECONDS = 120
# CPU seconds for one whole child process.
CHILD_CPU_SECONDS = 300


def child_env(**extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "tests")]),
        # glibc reserves 64 MiB of address space per thread arena; keep the count fixed so
        # that RLIMIT_AS measures the heap, not the number of threads.
        "MALLOC_ARENA_MAX": "2",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    env.update(extra)
    return env


def limiter(memory: int, cpu: int = CHILD_CPU_SECONDS) -> Callable[[], None]:
    """A `preexec_fn` that applies the address-space and CPU limits in the child."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))

    return apply


def start_limited(
    argv: Sequence[str],
    stdout: IO[bytes],
    stderr: IO[bytes],
    *,
    memory: int = VALIDATOR_MEMORY,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """Start a limited child writing to files (so that two can run side by side)."""
    return subprocess.Popen(
        list(argv),
        cwd=cwd or REPO,
        env=env or child_env(),
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        preexec_fn=limiter(memory),
    )


def run_limited(
    argv: Sequence[str],
    *,
    memory: int = VALIDATOR_MEMORY,
    timeout: float = 300,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    input_bytes: bytes | None = None,
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        list(argv),
        cwd=cwd or REPO,
        env=env or child_env(),
        input=input_bytes,
        capture_output=True,
        timeout=timeout,
        preexec_fn=limiter(memory),
        check=False,
    )


def python_argv(*args: str) -> list[str]:
    return [sys.executable, *args]


def server_argv(memory: int = SERVER_MEMORY) -> list[str]:
    """`skill-ls serve` with the server's address-space limit applied in the process
    itself (pytest-lsp starts the command; it takes no preexec hook)."""
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))\n"
        f"resource.setrlimit(resource.RLIMIT_CPU, ({CHILD_CPU_SECONDS}, {CHILD_CPU_SECONDS}))\n"
        "from skill_ls.cli import main\n"
        "sys.exit(main(['serve']))\n"
    )
    return [sys.executable, "-c", code]


def needs(available: bool, reason: str) -> pytest.MarkDecorator:
    """Skip a test whose tool is missing here; under CI=true run it anyway (and let it
    fail): CI installs every tool the safety tests use (scripts/test.sh)."""
    in_ci = os.environ.get("CI", "").lower() == "true"
    return pytest.mark.skipif(not available and not in_ci, reason=reason)
