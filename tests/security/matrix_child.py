"""Child process for the bad-documents matrix (`python -m security.matrix_child NAME...`).

Run under the harness's limits (address space, CPU). For each case it writes the SKILL.md
into a skill folder, runs `check_file` (the same read, parse and validate as the CLI),
renders its name and description in every catalog and activation format, and prints one
JSON line: codes found, range and escaping problems, any exception, wall seconds. A
per-case alarm turns a hang into a reported failure instead of a stuck test.
"""

from __future__ import annotations

import json
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import FrameType

from skill_ls.checking import check_file
from skill_ls.settings import Settings

from .cases import CASES_BY_NAME
from .fuzzing import render_problems
from .harness import CASE_WALL_SECONDS
from .properties import diagnostic_problems


class Hang(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang(f"still running after {CASE_WALL_SECONDS} s")


def run_case(name: str, folder: Path) -> dict[str, object]:
    case = CASES_BY_NAME[name]
    skill = folder / name / "my-skill"
    skill.mkdir(parents=True)
    path = skill / "SKILL.md"
    path.write_bytes(case.build())
    out: dict[str, object] = {"name": name}
    start = time.perf_counter()
    signal.alarm(CASE_WALL_SECONDS)
    try:
        result = check_file(path, Settings())
        signal.alarm(0)
        out["codes"] = sorted({d.code for d in result.diagnostics})
        out["count"] = len(result.diagnostics)
        problems: list[str] = []
        doc = result.document
        if doc is not None:
            problems += diagnostic_problems(doc, result.diagnostics)[:5]
            skill_name = doc.string_value("name")
            description = doc.string_value("description")
            if skill_name is not None and description is not None:
                problems += render_problems(skill_name, description, doc.text)[:5]
        out["problems"] = problems
    except BaseException as exc:  # report everything, including MemoryError and Hang
        signal.alarm(0)
        out["error"] = f"{type(exc).__name__}: {exc}"
        out["traceback"] = traceback.format_exc()[-2000:]
    out["seconds"] = round(time.perf_counter() - start, 3)
    path.unlink()
    return out


def main(names: list[str]) -> int:
    signal.signal(signal.SIGALRM, _alarm)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            print(json.dumps(run_case(name, Path(tmp))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
