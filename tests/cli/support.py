"""The command line as the tests run it: a real `python -m skill_ls` subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run_cli(
    *args: str, cwd: Path | None = None, home: Path | None = None, path: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`skill-ls ARGS` from `cwd` (default: the repository), its user folders under `home`
    (default: the caller's) only: `XDG_CONFIG_HOME` and `CODEX_HOME` are unset; `path`: the
    PATH it sees (default: the caller's)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    if path is not None:
        env["PATH"] = path
    if home is not None:
        env["HOME"] = str(home)
    for name in ("XDG_CONFIG_HOME", "CODEX_HOME"):
        env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "skill_ls", *args],
        cwd=cwd or REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
