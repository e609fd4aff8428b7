#!/usr/bin/env python3
"""What competing skills (SKL509) cost: every cross-skill finding of a generated workspace
(what a workspace pull asks the index for), with the rule and without it, and a keystroke.

    python benchmarks/bench_competing.py                 # 1,000 and 10,000 skills
    python benchmarks/bench_competing.py --counts 1000

The workspace is benchmarks/generate.py's `clients` layout (every skill in a folder agents
read from the project). CPU seconds of this process: a scan, then
`cross_skill_diagnostics` for every skill (the first of them builds the words index), with
SKL509 ignored and with it selected; then 20 keystrokes in one skill's `description`
(`set_buffer` + `cross_skill_diagnostics`). Writes benchmarks/results/competing_speed.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

from skill_ls.settings import Settings  # noqa: E402
from skill_ls.workspace import WorkspaceIndex  # noqa: E402

WORK = HERE / ".work" / "competing"
RESULTS = HERE / "results" / "competing_speed.json"


def pull(root: Path, settings: Settings) -> dict[str, float | int]:
    index = WorkspaceIndex([root], settings, home=WORK / "home", environ={})
    started = time.process_time()
    report = index.scan()
    scanned = time.process_time()
    paths = list(index.skill_paths().values())
    found = 0
    for path in paths:
        found += sum(1 for d in index.cross_skill_diagnostics(path) if d.code == "SKL509")
    pulled = time.process_time()
    path = Path(paths[len(paths) // 2])
    text = path.read_text(encoding="utf-8")
    for keystroke in range(20):
        index.set_buffer(path, text.replace("description: ", f"description: x{keystroke} ", 1))
        index.cross_skill_diagnostics(path)
    typed = time.process_time()
    return {
        "skills": report.skills,
        "scan_cpu_s": round(scanned - started, 3),
        "findings_cpu_s": round(pulled - scanned, 3),
        "keystroke_cpu_ms": round((typed - pulled) / 20 * 1000, 2),
        "skl509": found,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--counts", default="1000,10000")
    args = parser.parse_args()
    rows = []
    for count in (int(c) for c in args.counts.split(",")):
        root = WORK / f"skills-{count}"
        if not (root / "manifest.json").exists():
            generate.generate(root, count=count, layout="clients")
        without = pull(root, Settings(ignore=("SKL509",)))
        with_rule = pull(root, Settings())
        rows.append({"count": count, "without": without, "with": with_rule})
        print(
            f"{count:>6} skills: findings {without['findings_cpu_s']:.2f} s without SKL509, "
            f"{with_rule['findings_cpu_s']:.2f} s with it ({with_rule['skl509']} findings); "
            f"keystroke {without['keystroke_cpu_ms']:.2f} ms / {with_rule['keystroke_cpu_ms']:.2f}"
            " ms"
        )
    RESULTS.write_text(json.dumps({"benchmark": "competing skills", "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
