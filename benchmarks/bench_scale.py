#!/usr/bin/env python3
"""Cold `skill-ls check --no-cache` as a workspace grows, and on real folders.

    python benchmarks/bench_scale.py                      # 1,000, 10,000 and 100,000 skills
    python benchmarks/bench_scale.py --counts 1000,10000 --root benchmarks/.work/corpus

Generated mixed workspaces (`generate.py`, seed 1) of each count, and each folder given with
`--root`, are checked by a cold process (`--no-cache`, output to a file); each is timed
`--reps` times (the median is reported) with the wall time, CPU time and peak memory of the
process and its worker processes (`wait4`'s usage: the largest of them). agnix 0.59.3 runs
beside it where it takes the folder (it refuses more than 10,000 files, and spent 468 s on a
10,000-skill folder before refusing), from the peers venv `bench_check.py` installs. The
ratio of each count's time to the first count's says whether the cost grows linearly.
Writes `results/scale.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work"
sys.path.insert(0, str(HERE))

from bench_check import PEERS_VENV, run_timed  # noqa: E402
from bytecode import compile_package  # noqa: E402

# agnix refuses folders of more files than this, after walking them.
AGNIX_MAX_SKILLS = 2000


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def workspace(count: int) -> Path:
    """The generated mixed workspace of `count` skills (made once, kept in .work)."""
    root = WORK / f"scale-{count}-mixed"
    # A marker, not the manifest: reading 100,000 skills' manifest here would grow this
    # process, and with it the peak memory of the processes it starts (see below).
    marker = WORK / f"scale-{count}-mixed.done"
    if marker.exists() and (root / "manifest.json").exists():
        return root
    log(f"generating {count:,} skills in {root.relative_to(REPO)} ...")
    # In a process of its own: a forked child's peak memory counts its parent's pages until
    # it runs the timed program, and 100,000 generated skills' manifest is 150 MB of them.
    command = [sys.executable, str(HERE / "generate.py"), "--count", str(count)]
    command += ["--out", str(root), "--layout", "mixed", "--seed", "1"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    marker.write_text(f"{count}\n")
    return root


def skills_in(root: Path) -> int:
    return sum(1 for _ in root.rglob("SKILL.md"))


def time_tool(name: str, command: list[str], root: Path, reps: int) -> dict[str, Any]:
    out = WORK / "scale-out" / f"{root.name}.{name}.out"
    out.parent.mkdir(parents=True, exist_ok=True)
    runs = [run_timed(command, out, REPO) for _ in range(reps)]
    walls = [run["wall_s"] for run in runs]
    return {
        "command": " ".join(_shown(part) for part in command),
        "median_s": round(statistics.median(walls), 3),
        "runs_s": [round(wall, 3) for wall in walls],
        "median_cpu_s": round(statistics.median(run["cpu_s"] for run in runs), 3),
        "max_rss_mb": round(max(run["max_rss_mb"] for run in runs), 1),
        "exit_codes": sorted({run["exit"] for run in runs}),
    }


def _shown(part: str) -> str:
    """A command's part as the results show it: relative to the repository."""
    return os.path.relpath(part, REPO) if part.startswith(str(REPO) + os.sep) else part


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", default="1000,10000,100000")
    parser.add_argument("--root", action="append", type=Path, default=[], help="a real folder")
    parser.add_argument("--reps", type=int, default=3, help="runs per folder below 50,000 skills")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "scale.json")
    args = parser.parse_args(argv)
    compile_package()
    skill_ls = [str(REPO / ".venv" / "bin" / "python"), "-m", "skill_ls", "check"]
    agnix = PEERS_VENV / "bin" / "agnix"
    folders = [(workspace(int(count)), int(count)) for count in args.counts.split(",")]
    folders += [(root.resolve(), skills_in(root)) for root in args.root]
    results: list[dict[str, Any]] = []
    for root, skills in folders:
        reps = args.reps if skills < 50_000 else 1
        load_before = os.getloadavg()
        entry: dict[str, Any] = {"root": os.path.relpath(root, REPO), "skills": skills}
        entry["skill-ls"] = time_tool(
            "skill-ls", [*skill_ls, str(root), "--no-cache", "--format", "json"], root, reps
        )
        if agnix.exists() and skills <= AGNIX_MAX_SKILLS:
            entry["agnix"] = time_tool(
                "agnix", [str(agnix), str(root), "--format", "json"], root, reps
            )
            entry["skill-ls/agnix"] = round(
                entry["skill-ls"]["median_s"] / entry["agnix"]["median_s"], 2
            )
        entry["load_average"] = [round(load_before[0], 2), round(os.getloadavg()[0], 2)]
        results.append(entry)
        ours = entry["skill-ls"]
        log(
            f"{entry['root']}: {skills:,} skills, skill-ls {ours['median_s']} s,"
            f" {ours['max_rss_mb']} MB"
            + (f"; agnix {entry['agnix']['median_s']} s" if "agnix" in entry else "")
        )
    first = results[0]["skill-ls"]["median_s"] / results[0]["skills"]
    for entry in results:
        per_skill = entry["skill-ls"]["median_s"] / entry["skills"]
        entry["per_skill_vs_first"] = round(per_skill / first, 2)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO
    ).stdout.strip()
    document = {
        "benchmark": "cold skill-ls check as the workspace grows",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commit": commit,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
