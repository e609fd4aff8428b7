#!/usr/bin/env python3
"""The listing budget (SKL508) on a keystroke, in a workspace over every budget.

    python benchmarks/bench_listing_budget.py                  # results/listing_budget.json
    python benchmarks/bench_listing_budget.py --baseline main  # and the code before SKL508

A generated workspace of 1,000 skills with 300-character descriptions, half under
`.claude/skills` (Claude Code, Copilot CLI) and half under `.agents/skills` (Codex, Factory
Droid, Qwen Code, Copilot CLI): each budget agent lists 500 or more, over its budget (about
165,000 characters against Claude Code's 30,000, Copilot CLI's 15,000 and the others'). It
is indexed in-process; then, CPU time of:

scan         -- `WorkspaceIndex.scan()` (which measures each budget agent's listing once)
first check  -- the first `cross_skill_diagnostics` of one skill after the scan
keystroke    -- `set_buffer` with a changed description + `cross_skill_diagnostics` of that
                skill, repeated (the index keeps each entry's measure and patches the
                agents' views: one skill is measured again); median and p95 in ms
rebuild      -- for comparison, what a keystroke would cost if it rendered every budget
                agent's whole catalog instead (`catalog_for` per agent)

for every agent as the audience (the default) and for Claude Code alone. With
`--baseline REF` the keystroke is also timed on `git archive REF` (no SKL508 there).
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
WORK = HERE / ".work" / "listing_budget"
RESULTS = HERE / "results" / "listing_budget.json"
COUNT = 1000
KEYSTROKES = 200
BUDGET_CLIENTS = ("claude-code", "codex", "copilot-cli", "droid", "qwen-code")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def generate(root: Path, count: int) -> Path:
    project = root / "project"
    if project.exists():
        return project
    (project / ".git").mkdir(parents=True)
    for number in range(count):
        root = ".claude" if number % 2 == 0 else ".agents"
        folder = project / root / "skills" / f"skill-{number:04d}"
        folder.mkdir(parents=True)
        description = f"Handles task {number}. " + "Use when the request mentions it. " * 8
        (folder / "SKILL.md").write_text(
            f"---\nname: skill-{number:04d}\ndescription: {description.strip()}\n---\n\n"
            + "# Body\n\nSteps.\n" * 20
        )
    return project


def measure(project: Path, audience: list[str] | None, rebuild: bool) -> dict[str, Any]:
    """Runs in the process whose `skill_ls` is being measured."""
    from skill_ls.settings import Settings
    from skill_ls.workspace import WorkspaceIndex

    settings = Settings(target_clients=tuple(audience) if audience else ())
    index = WorkspaceIndex([project], settings, home=WORK / "home", environ={})
    started = time.process_time()
    index.scan()
    scan = time.process_time() - started
    path = project / ".claude" / "skills" / "skill-0500" / "SKILL.md"
    started = time.process_time()
    found = index.cross_skill_diagnostics(path)
    first = time.process_time() - started
    keystrokes: list[float] = []
    for round_ in range(KEYSTROKES):
        text = f"---\nname: skill-0500\ndescription: Edited {round_} times. Use when asked.\n---\n"
        started = time.process_time()
        index.set_buffer(path, text)
        index.cross_skill_diagnostics(path)
        keystrokes.append(time.process_time() - started)
    out: dict[str, Any] = {
        "scan_cpu_s": round(scan, 4),
        "first_check_cpu_ms": round(first * 1000, 2),
        "keystroke_cpu_ms": _summary(keystrokes),
        "SKL508_on_the_skill": sum(1 for d in found if d.code == "SKL508"),
    }
    if rebuild:
        from skill_ls.render import catalog_for

        rebuilt: list[float] = []
        for round_ in range(20):
            text = f"---\nname: skill-0500\ndescription: Rebuilt {round_}. Use when asked.\n---\n"
            started = time.process_time()
            index.set_buffer(path, text)
            for client in audience or BUDGET_CLIENTS:
                if client in BUDGET_CLIENTS:
                    catalog_for(index, client)
            rebuilt.append(time.process_time() - started)
        out["rebuild_catalogs_cpu_ms"] = _summary(rebuilt)
    return out


def _summary(samples: list[float]) -> dict[str, float]:
    ms = sorted(sample * 1000 for sample in samples)
    return {
        "median": round(statistics.median(ms), 2),
        "p95": round(ms[int(len(ms) * 0.95) - 1], 2),
        "max": round(ms[-1], 2),
    }


def child(code: Path, project: Path, audience: list[str] | None, rebuild: bool) -> Any:
    """`measure` in a fresh interpreter importing `skill_ls` from `code`."""
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "import bench_listing_budget as b; from pathlib import Path;"
        "print(json.dumps(b.measure(Path(sys.argv[3]), json.loads(sys.argv[4]),"
        " sys.argv[5] == '1')))"
    )
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            script,
            str(code),
            str(HERE),
            str(project),
            json.dumps(audience),
            "1" if rebuild else "0",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(code)},
    )
    return json.loads(result.stdout)


def baseline_tree(ref: str) -> Path:
    target = WORK / "baseline"
    subprocess.run(["rm", "-rf", str(target)], check=True)
    target.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", ref], cwd=REPO, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return target


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default=None, metavar="REF", help="also time this commit")
    args = ap.parse_args()
    project = generate(WORK, COUNT)
    audiences: dict[str, list[str] | None] = {"every agent": None, "claude-code": ["claude-code"]}
    doc: dict[str, Any] = {
        "benchmark": "SKL508 listing budget: a keystroke in a 1,000-skill over-budget workspace",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "skills": COUNT,
        "keystrokes": KEYSTROKES,
        "runs": {},
    }
    for name, audience in audiences.items():
        log(f"audience: {name}")
        doc["runs"][name] = {"this": child(REPO, project, audience, rebuild=True)}
    if args.baseline:
        tree = baseline_tree(args.baseline)
        commit = subprocess.run(
            ["git", "rev-parse", args.baseline], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        doc["baseline"] = commit
        for name, audience in audiences.items():
            log(f"baseline {commit[:10]}, audience: {name}")
            doc["runs"][name]["baseline"] = child(tree, project, audience, rebuild=False)
    RESULTS.write_text(json.dumps(doc, indent=1) + "\n")
    for name, runs in doc["runs"].items():
        for which, run in runs.items():
            keys = run["keystroke_cpu_ms"]
            rebuild = run.get("rebuild_catalogs_cpu_ms", {}).get("median", "-")
            print(
                f"{name:12} {which:8} scan {run['scan_cpu_s']:.3f} s  first check "
                f"{run['first_check_cpu_ms']:.1f} ms  keystroke median {keys['median']} ms "
                f"p95 {keys['p95']} ms  (rebuilding catalogs: {rebuild} ms)"
            )


if __name__ == "__main__":
    main()
