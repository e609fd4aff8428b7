"""Runs inside the peers venv: validate every skill folder under ROOT with skills-ref.

Prints one JSON object: the folders checked, the in-process time of the loop (discovery
included) and the error messages per folder. Used by bench_check.py; not a benchmark by itself.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

t_import = time.perf_counter()
from skills_ref import validate  # noqa: E402

t0 = time.perf_counter()
root = Path(sys.argv[1])

dirs: list[Path] = []
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = sorted(d for d in dirnames if d not in (".git", "node_modules"))
    if "SKILL.md" in filenames or "skill.md" in filenames:
        dirs.append(Path(dirpath))

errors: dict[str, list[str]] = {}
crashes: dict[str, str] = {}
for d in dirs:
    try:
        errs = validate(d)
    except Exception as exc:  # skills-ref crashes on some inputs (e.g. invalid UTF-8)
        crashes[str(d.relative_to(root))] = f"{type(exc).__name__}: {exc}"
        continue
    if errs:
        errors[str(d.relative_to(root))] = errs
t1 = time.perf_counter()

json.dump(
    {
        "folders": len(dirs),
        "loop_s": t1 - t0,
        "import_s": t0 - t_import,
        "errors": errors,
        "crashes": crashes,
    },
    sys.stdout,
)
