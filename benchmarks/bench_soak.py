#!/usr/bin/env python3
"""The soak and branch switches at full size (issue 15), over raw stdio.

Phase 1, soak: 20,000 edits in bursts across 50 open documents of a generated 2,000-skill
workspace, with saves, closes and reopens, and skills created, deleted, renamed and edited
on disk between them (the seeded script of tests/reliability/soak.py). Measures edits/s,
edit -> diagnostics latency (a burst's last edit to the diagnostics of its version), the
server's RSS over time (after the warm-up, at the first minute, at the end) and the time to
converge; then checks the end state against a fresh look, as the short test does.

Phase 2, branch switches: a git repository whose branches differ in 1,000 skills (250 each
added, removed, renamed, edited; tests/reliability/branches.py), 50 documents open; switch
and back, in order, scrambled, and three checkouts at once. Measures the time from the last
file event to the server agreeing with a fresh look (the tests allow 30 s).

    python benchmarks/bench_soak.py            # writes benchmarks/results/soak.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import tests.security.wire as wire  # noqa: E402
from tests.reliability.branches import BranchPlan, Switcher, make_repository  # noqa: E402
from tests.reliability.soak import (  # noqa: E402
    USER_FOLDER_VARIABLES,
    Soak,
    SoakPlan,
    StampedClient,
    generate_workspace,
    stamped_server,
)
from tests.reliability.support import (  # noqa: E402
    errors_in_log,
    fresh_skills,
    list_skills,
    rss_kib,
    stop,
)
from tests.security.harness import limiter  # noqa: E402

WORK = REPO / "benchmarks" / ".work" / "soak"
RESULTS = REPO / "benchmarks" / "results" / "soak.json"
# The full soak uses more CPU than the tests' per-process bound (300 s).
CPU_SECONDS = 4 * 3600


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def server(root: Path) -> StampedClient:
    # The wire client applies the tests' CPU bound before exec; lift it for the benchmark.
    wire.limiter = lambda memory, cpu=CPU_SECONDS: limiter(memory, CPU_SECONDS)
    client = stamped_server(root, CPU_SECONDS)
    client.initialize(root)
    return client


def scanned(client: StampedClient, root: Path, timeout: float = 300) -> float:
    """Seconds until the server's skill list is a fresh scan's."""
    started = time.monotonic()
    expected = fresh_skills([root])
    while (found := list_skills(client)) != expected:
        if time.monotonic() - started > timeout:
            extra = [s for s in found if s not in expected][:3]
            missing = [s for s in expected if s not in found][:3]
            raise AssertionError(f"the first scan did not finish: {extra} {missing}")
        time.sleep(0.2)
    return time.monotonic() - started


def finished(client: StampedClient) -> None:
    assert stop(client) == 0
    assert client.framing_error is None
    assert errors_in_log(client) == [], errors_in_log(client)[:5]


def soak_phase(plan: SoakPlan) -> dict[str, Any]:
    root = WORK / "workspace"
    if root.exists():
        shutil.rmtree(root)
    log(f"soak: generating {plan.skills} skills")
    generate_workspace(root, plan)
    client = server(root)
    try:
        scan_s = scanned(client, root)
        log(
            f"soak: scanned in {scan_s:.1f} s; {plan.edits} edits across {plan.documents} documents"
        )
        soak = Soak(root, plan, client)
        report = soak.run()
        log(f"soak: {report.edits} edits in {report.seconds:.1f} s; computing the fresh look")
        truth = soak.truth(WORK)
        soak.finish(truth)
        finished(client)
    finally:
        client.kill()
    first_minute = next((kib for at, kib in report.rss_samples if at >= 60), report.rss_end_kib)
    latencies_ms = [s * 1000 for s in report.latencies]
    return {
        "skills": plan.skills,
        "documents": plan.documents,
        "edits": report.edits,
        "bursts": report.bursts,
        "saves": report.saves,
        "closes_and_reopens": report.reopens,
        "disk_changes": report.disk,
        "seed": plan.seed,
        "first_scan_s": round(scan_s, 2),
        "session_s": round(report.seconds, 1),
        "edits_per_s": round(report.edits / report.seconds, 1),
        "latency_ms": {
            "n": len(latencies_ms),
            "p50": round(pct(latencies_ms, 50), 1),
            "p95": round(pct(latencies_ms, 95), 1),
            "max": round(max(latencies_ms), 1),
        },
        "rss_mb": {
            "after_warmup": round(report.rss_after_warmup_kib / 1024, 1),
            "warmup_edits": int(plan.edits * plan.warmup),
            "first_minute": round(first_minute / 1024, 1),
            "end": round(report.rss_end_kib / 1024, 1),
            "end_over_warmup": round(report.rss_end_kib / report.rss_after_warmup_kib, 3),
            "samples": [(round(at, 1), round(kib / 1024, 1)) for at, kib in report.rss_samples],
        },
        "converge_s": round(report.converge_seconds, 2),
        "fresh_look_matches": True,
        "log_exceptions": 0,
    }


def branch_phase(plan: BranchPlan) -> dict[str, Any]:
    root = WORK / "repository"
    if root.exists():
        shutil.rmtree(root)
    log(f"branches: building a repository whose branches differ in {plan.differing} skills")
    make_repository(root, plan)
    client = server(root)
    switches: list[dict[str, Any]] = []
    try:
        scan_s = scanned(client, root)
        switcher = Switcher(root, plan, client)
        for branches, scrambled in (
            (("feature",), False),
            (("main",), False),
            (("feature",), True),
            (("main",), True),
            (("feature", "main", "feature"), True),
        ):
            seconds = switcher.checkout(*branches, scrambled=scrambled)
            log(f"branches: {' then '.join(branches)} scrambled={scrambled}: {seconds:.2f} s")
            switches.append(
                {
                    "checkout": list(branches),
                    "events": "scrambled, duplicated, in bursts" if scrambled else "in order",
                    "converge_s": round(seconds, 2),
                }
            )
        rss = rss_kib(client.proc.pid)
        finished(client)
    finally:
        client.kill()
    return {
        "differing_skills": plan.differing,
        "unchanged_skills": plan.unchanged,
        "documents": plan.documents,
        "first_scan_s": round(scan_s, 2),
        "switches": switches,
        "rss_end_mb": round(rss / 1024, 1),
        "fresh_look_matches": True,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skills", type=int, default=2000)
    parser.add_argument("--documents", type=int, default=50)
    parser.add_argument("--edits", type=int, default=20000)
    parser.add_argument("--differing", type=int, default=1000)
    parser.add_argument("--unchanged", type=int, default=250)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--only", choices=["soak", "branches"])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    WORK.mkdir(parents=True, exist_ok=True)
    # An empty home for the server and the fresh look alike (as the tests do): the user's
    # own skills, which no file event here reports, must not count.
    home = WORK / "home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir()
    os.environ["HOME"] = str(home)
    for name in USER_FOLDER_VARIABLES:
        os.environ.pop(name, None)
    load_before = os.getloadavg()
    doc: dict[str, Any] = {
        "benchmark": "skill-ls serve over stdio: soak and branch switches",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
        },
        "skill_ls_commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO
        ).stdout.strip(),
        "loadavg_before": [round(x, 2) for x in load_before],
    }
    if args.only != "branches":
        doc["soak"] = soak_phase(SoakPlan(args.skills, args.documents, args.edits, args.seed))
    if args.only != "soak":
        doc["branches"] = branch_phase(
            BranchPlan(args.differing, args.unchanged, args.documents, args.seed)
        )
    doc["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print_report(doc)
    return 0


def print_report(doc: dict[str, Any]) -> None:
    cpus = doc["machine"]["cpus"] or 1
    print(
        f"skill-ls {doc['skill_ls_commit']}, {cpus} CPUs, load {doc['loadavg_before']} -> "
        f"{doc['loadavg_after']}"
    )
    if max(doc["loadavg_before"][0], doc["loadavg_after"][0]) / cpus >= 0.7:
        print("note: the machine was busy (shared); times are inflated")
    soak = doc.get("soak")
    if soak:
        lat, rss = soak["latency_ms"], soak["rss_mb"]
        print(
            f"soak: {soak['edits']} edits, {soak['documents']} documents, {soak['skills']} skills: "
            f"{soak['edits_per_s']} edits/s; edit -> diagnostics p50 {lat['p50']} ms, "
            f"p95 {lat['p95']} ms, max {lat['max']} ms"
        )
        print(
            f"soak: RSS {rss['after_warmup']} MB after warm-up, {rss['first_minute']} MB at the "
            f"first minute, {rss['end']} MB at the end ({rss['end_over_warmup']}x); "
            f"converged {soak['converge_s']} s after the last edit"
        )
    branches = doc.get("branches")
    if branches:
        for switch in branches["switches"]:
            print(
                f"branches ({branches['differing_skills']} skills differ): "
                f"{' then '.join(switch['checkout'])}, events {switch['events']}: "
                f"agrees {switch['converge_s']} s after the last event"
            )


if __name__ == "__main__":
    raise SystemExit(main())
