"""Bytecode for skill-ls before anything is timed.

An install from a wheel compiles every module at install time; an editable checkout writes
the bytecode on first import, unless PYTHONDONTWRITEBYTECODE is set (as on some CI and
development machines), and then every run compiles the package's modules again: about
60 ms of each cold `skill-ls check`, time no installed copy spends. Likewise the methods of
its records and its patterns (`skill_ls/code_cache.py`), which an installed copy's first run
keeps. The benchmarks time the installed case, so they compile both first.
"""

from __future__ import annotations

import compileall
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "skill_ls"


def compile_package() -> None:
    """Write bytecode for every module of the package (only where it is missing or stale)."""
    if not compileall.compile_dir(str(PACKAGE), quiet=1):
        raise SystemExit("could not compile skill_ls to bytecode")
    warmed = subprocess.run(
        [sys.executable, "-m", "skill_ls.code_cache"], cwd=PACKAGE.parent, capture_output=True
    )
    if warmed.returncode != 0:
        raise SystemExit("could not compile skill_ls's records and patterns")
