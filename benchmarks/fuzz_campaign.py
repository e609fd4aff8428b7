#!/usr/bin/env python3
"""The long fuzzing campaign: >= 100,000 seeded inputs through the document model, the
validator, every quick fix and every renderer.

    python benchmarks/fuzz_campaign.py                      # 100,000 cases, seed 1, all CPUs
    python benchmarks/fuzz_campaign.py --cases 5000 --seed 7 --jobs 1

Inputs are mutations of every SKILL.md under examples/ and tests/fixtures/ (byte flips,
inserted YAML/Markdown tokens, truncations, duplicated/deleted/swapped lines, repeated
chunks) and, for 20% of them, random token soups. The properties are those of
tests/security/fuzzing.py: nothing raises; every finding, related range and fix edit lies
inside the document; every quick fix applies and removes its finding; every catalog and
activation format escapes the name, description, folder and file names.

Reproducible: worker k of J runs `campaign(count_k, seed * 1000 + k)`, so the same
--cases, --seed and --jobs give the same inputs. Prints the count and the result (and the
first failures, each naming its input), writes benchmarks/results/fuzz.json, and exits 1
when any property failed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from security.fuzzing import Outcome, campaign  # noqa: E402


def _worker(job: tuple[int, int]) -> Outcome:
    count, seed = job
    return campaign(count, seed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "fuzz.json")
    args = parser.parse_args()
    jobs = max(1, min(args.jobs, args.cases))
    counts = [args.cases // jobs + (1 if k < args.cases % jobs else 0) for k in range(jobs)]
    work = [(count, args.seed * 1000 + k) for k, count in enumerate(counts)]
    started = time.perf_counter()
    total = Outcome()
    if jobs == 1:
        total.add(_worker(work[0]))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for outcome in pool.map(_worker, work):
                total.add(outcome)
    seconds = time.perf_counter() - started
    result = "PASS" if not total.failures else f"FAIL ({len(total.failures)} failures)"
    print(
        f"fuzz campaign: {total.cases:,} cases, {total.fixes_applied:,} quick fixes applied, "
        f"{total.renderings:,} documents rendered in every format; seed {args.seed}, "
        f"{jobs} job(s), {seconds:.0f} s: {result}"
    )
    for failure in total.failures[:10]:
        print("  " + failure[:500])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "cases": total.cases,
                "fixesApplied": total.fixes_applied,
                "renderings": total.renderings,
                "failures": len(total.failures),
                "firstFailures": [f[:2000] for f in total.failures[:20]],
                "seed": args.seed,
                "jobs": jobs,
                "seconds": round(seconds, 1),
                "python": platform.python_version(),
                "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs",
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    return 0 if not total.failures else 1


if __name__ == "__main__":
    sys.exit(main())
