#!/usr/bin/env python3
"""Times `skill-ls check` on 1,000 generated skills, side by side with skills-ref and agnix.

    python benchmarks/bench_check.py            # 1,000 skills, layouts mixed+spread, 5 runs each

For every layout it generates the workspace (benchmarks/generate.py, seeded), then runs
one untimed warm-up of each tool and N timed repetitions, interleaved, and reports the
median wall time:

* skill-ls  -- `skill-ls check ROOT --format json` as a cold subprocess (interpreter start,
               imports, folder walk, parsing, validation, JSON output to a file);
* skills-ref -- a cold subprocess of the peers venv's Python that walks ROOT for SKILL.md
               and calls `skills_ref.validate(dir)` in an in-process loop; both the process
               wall time and the in-process loop time are recorded;
* agnix     -- `agnix ROOT --format json` (Rust binary from the PyPI wheel).

The peers are installed, pinned, into benchmarks/.work/peers-venv (never the project venv).
A peer that cannot be installed is reported and skipped; skill-ls is still timed.

As a sanity check (not a contest) it counts, per tool, how many of the known-broken folders
got at least one error and how many clean folders did. Results go to
benchmarks/results/check.json.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work"
PEERS_VENV = WORK / "peers-venv"
RESULTS = HERE / "results" / "check.json"

PEER_PINS = {"skills-ref": "0.1.1", "agnix": "0.59.3"}

sys.path.insert(0, str(HERE))
import generate  # noqa: E402
from bytecode import compile_package  # noqa: E402

# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def wait_quiet(max_wait_s: float, threshold: float = 0.7) -> None:
    """Wait (at most max_wait_s) until the 1-minute load average per CPU is below threshold."""
    if max_wait_s <= 0:
        return
    cpus = os.cpu_count() or 1
    deadline = time.monotonic() + max_wait_s
    while os.getloadavg()[0] / cpus >= threshold and time.monotonic() < deadline:
        log(f"waiting for a quieter machine (load {os.getloadavg()[0]:.1f} on {cpus} CPUs)")
        time.sleep(15)


def ensure_peers(venv: Path, install: bool) -> dict[str, str | None]:
    """Create the peers venv and install the pinned peers; return {peer: version or None}."""
    py = venv / "bin" / "python"
    if install and not py.exists():
        log(f"creating {venv.relative_to(REPO)}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    found: dict[str, str | None] = {}
    for peer, ver in PEER_PINS.items():
        have = peer_version(venv, peer)
        if have != ver and install and py.exists():
            log(f"installing {peer}=={ver} into the peers venv")
            r = subprocess.run(
                [
                    str(py),
                    "-m",
                    "pip",
                    "install",
                    "-q",
                    "--disable-pip-version-check",
                    f"{peer}=={ver}",
                ],
                capture_output=True,
                text=True,
            )
            if r.returncode != 0:
                log(f"  could not install {peer}=={ver}:\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
            have = peer_version(venv, peer)
        found[peer] = have
    return found


def peer_version(venv: Path, peer: str) -> str | None:
    py = venv / "bin" / "python"
    if not py.exists():
        return None
    r = subprocess.run(
        [str(py), "-c", f"import importlib.metadata as m; print(m.version({peer!r}))"],
        capture_output=True,
        text=True,
    )
    return r.stdout.strip() or None if r.returncode == 0 else None


def skill_ls_command(override: str | None) -> list[str] | None:
    """The skill-ls command line, or None when `check` is not available yet."""
    if override:
        cmd = override.split()
    elif (REPO / ".venv" / "bin" / "skill-ls").exists():
        cmd = [str(REPO / ".venv" / "bin" / "skill-ls")]
    else:
        py = REPO / ".venv" / "bin" / "python"
        cmd = [str(py if py.exists() else sys.executable), "-m", "skill_ls"]
    try:
        r = subprocess.run(
            [*cmd, "check", "--help"], capture_output=True, text=True, cwd=REPO, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        log(f"skill-ls not runnable: {exc}")
        return None
    if r.returncode != 0:
        log(
            f"skill-ls check not available (exit {r.returncode}): "
            f"{(r.stderr or r.stdout).strip().splitlines()[-1:]}"
        )
        return None
    return cmd


def skill_ls_version(cmd: list[str]) -> str:
    r = subprocess.run([*cmd, "--version"], capture_output=True, text=True, cwd=REPO)
    out = (r.stdout or r.stderr).strip()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO
    ).stdout.strip()
    return f"{out or 'unknown'} (repo {commit or 'uncommitted'})"


NICE = 0  # set from --nice: the niceness each timed command runs with


def _set_nice() -> None:
    if NICE:
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, 0, NICE)


def run_timed(cmd: list[str], out_path: Path, cwd: Path) -> dict[str, Any]:
    """Run cmd with stdout to out_path; wall time, CPU time and peak RSS of that process."""
    env = dict(os.environ)
    if "-m" in cmd and "skill_ls" in cmd:
        # `python -m skill_ls` from a venv where the project is not installed: find the source.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    with open(out_path, "wb") as out, open(out_path.with_suffix(".stderr"), "wb") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(
            cmd,
            stdout=out,
            stderr=err,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            env=env,
            preexec_fn=_set_nice if NICE else None,
        )
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
    return {
        "wall_s": wall,
        "cpu_s": ru.ru_utime + ru.ru_stime,
        "max_rss_mb": ru.ru_maxrss / 1024,
        "exit": p.returncode,
    }


# ---------------------------------------------------------------------------
# Reading each tool's output back (for the sanity check)
# ---------------------------------------------------------------------------

SEVERITY_KEYS = ("severity", "level")
PATH_KEYS = ("path", "file", "filename", "uri", "relative_path")


def _walk_diags(node: Any, path: str | None, out: list[tuple[str | None, str]]) -> None:
    if isinstance(node, dict):
        for k in PATH_KEYS:
            v = node.get(k)
            if isinstance(v, str):
                path = v
                break
        sev = next((node[k] for k in SEVERITY_KEYS if isinstance(node.get(k), str)), None)
        code = node.get("code") or node.get("rule") or node.get("ruleId")
        if sev is not None and code is not None:
            out.append((path, sev.lower()))
        for v in node.values():
            if isinstance(v, (dict, list)):
                _walk_diags(v, path, out)
    elif isinstance(node, list):
        for v in node:
            _walk_diags(v, path, out)


def json_diagnostics(text: str) -> list[tuple[str | None, str]]:
    """(file, severity) of every diagnostic-looking object in a JSON document."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        # JSON Lines?
        out: list[tuple[str | None, str]] = []
        for line in text.splitlines():
            line = line.strip()
            if line:
                with contextlib.suppress(json.JSONDecodeError):
                    _walk_diags(json.loads(line), None, out)
        return out
    out = []
    _walk_diags(doc, None, out)
    return out


def skill_dir_of(file: str | None, root: Path, cwd: Path, dirs: set[str]) -> str | None:
    if not file:
        return None
    if file.startswith("file://"):
        from urllib.parse import unquote, urlparse

        file = unquote(urlparse(file).path)
    p = Path(file)
    if not p.is_absolute():
        p = cwd / p
    try:
        rel = p.resolve().relative_to(root.resolve())
    except ValueError:
        try:
            rel = Path(os.path.normpath(p)).relative_to(root)
        except ValueError:
            return None
    for parent in [rel, *rel.parents]:
        s = parent.as_posix()
        if s in dirs:
            return s
    return None


def sanity(
    per_dir_errors: dict[str, int],
    per_severity: Counter[str],
    manifest: dict[str, Any],
    per_dir_warnings: dict[str, int] | None = None,
) -> dict[str, Any]:
    broken = {b["dir"]: b["kind"] for b in manifest["broken"]}
    hit = {d for d, n in per_dir_errors.items() if n > 0}
    warned = {d for d, n in (per_dir_warnings or {}).items() if n > 0}
    missed_kinds = Counter(k for d, k in broken.items() if d not in hit)
    missed_any = Counter(k for d, k in broken.items() if d not in hit | warned)
    return {
        "diagnostics_by_severity": dict(sorted(per_severity.items())),
        "error_diagnostics_in_broken": sum(n for d, n in per_dir_errors.items() if d in broken),
        "broken_folders": len(broken),
        "broken_folders_with_errors": len(hit & broken.keys()),
        "broken_folders_with_errors_or_warnings": len((hit | warned) & broken.keys()),
        "clean_folders_with_errors": len(hit - broken.keys()),
        "clean_folders_with_warnings": len(warned - broken.keys()),
        "broken_kinds_without_error": dict(sorted(missed_kinds.items())),
        "broken_kinds_without_error_or_warning": dict(sorted(missed_any.items())),
    }


def sanity_from_json(text: str, root: Path, cwd: Path, manifest: dict[str, Any]) -> dict[str, Any]:
    dirs = {s["dir"] for s in manifest["skills"]}
    per_dir: Counter[str] = Counter()
    per_dir_warn: Counter[str] = Counter()
    sev: Counter[str] = Counter()
    unmapped = 0
    for file, severity in json_diagnostics(text):
        sev[severity] += 1
        d = skill_dir_of(file, root, cwd, dirs)
        if d is None:
            unmapped += 1
        elif severity == "error":
            per_dir[d] += 1
        elif severity in ("warning", "warn"):
            per_dir_warn[d] += 1
    out = sanity(per_dir, sev, manifest, per_dir_warn)
    out["diagnostics_not_in_a_skill_folder"] = unmapped
    return out


# ---------------------------------------------------------------------------
# The benchmark
# ---------------------------------------------------------------------------


def bench_layout(
    layout: str, args: argparse.Namespace, tools: dict[str, list[str]], work: Path
) -> dict[str, Any]:
    root = work / f"check-{args.count}-{layout}"
    log(f"\n== layout {layout}: generating {args.count} skills in {root.relative_to(REPO)}")
    manifest = generate.generate(root, args.count, args.seed, layout=layout)
    n_files = sum(1 for _ in root.rglob("*") if _.is_file() and ".git" not in _.parts)
    out_dir = work / "out"
    out_dir.mkdir(exist_ok=True)

    wait_quiet(args.wait_quiet)
    load_before = os.getloadavg()
    runs: dict[str, list[dict[str, Any]]] = {t: [] for t in tools}
    for rep in range(args.warmup + args.reps):
        for tool, cmd_tpl in tools.items():
            cmd = [c.replace("{ROOT}", root.name) for c in cmd_tpl]
            res = run_timed(cmd, out_dir / f"{tool}-{layout}.json", cwd=root.parent)
            if tool == "skills-ref":
                try:
                    res["loop_s"] = json.loads((out_dir / f"{tool}-{layout}.json").read_text())[
                        "loop_s"
                    ]
                except (json.JSONDecodeError, KeyError, OSError):
                    res["loop_s"] = None
            tag = "warm-up" if rep < args.warmup else f"run {rep - args.warmup + 1}"
            log(f"  {tag:8} {tool:10} {res['wall_s']:7.3f} s  exit {res['exit']}")
            if rep >= args.warmup:
                runs[tool].append(res)

    summary: dict[str, Any] = {}
    for tool, rs in runs.items():
        walls = [r["wall_s"] for r in rs]
        s: dict[str, Any] = {
            "command": " ".join(tools[tool])
            .replace(str(REPO) + "/", "")
            .replace("{ROOT}", root.name),
            "median_s": statistics.median(walls),
            "min_s": min(walls),
            "max_s": max(walls),
            "runs_s": [round(w, 4) for w in walls],
            "median_cpu_s": statistics.median(r["cpu_s"] for r in rs),
            "max_rss_mb": round(max(r["max_rss_mb"] for r in rs), 1),
            "exit_codes": sorted({r["exit"] for r in rs}),
        }
        if tool == "skills-ref":
            loops = [r["loop_s"] for r in rs if r.get("loop_s") is not None]
            s["median_loop_s"] = statistics.median(loops) if loops else None
        # Sanity check on the last run's output.
        text = (out_dir / f"{tool}-{layout}.json").read_text(encoding="utf-8", errors="replace")
        try:
            if tool == "skills-ref":
                data = json.loads(text)
                per_dir = Counter({d: len(e) for d, e in data["errors"].items()})
                per_dir.update({d: 1 for d in data["crashes"]})
                s["sanity"] = sanity(per_dir, Counter(error=sum(per_dir.values())), manifest)
                s["sanity"]["folders_checked"] = data["folders"]
                s["sanity"]["crashes"] = len(data["crashes"])
            else:
                s["sanity"] = sanity_from_json(text, root, root.parent, manifest)
                doc = json.loads(text)
                if tool == "agnix":
                    s["sanity"]["files_checked"] = doc.get("files_checked")
                elif isinstance(doc.get("summary"), dict):
                    s["sanity"]["files_checked"] = doc["summary"].get("files")
                    s["sanity"]["codes"] = dict(
                        sorted(
                            Counter(
                                d.get("code")
                                for d in doc.get("diagnostics", [])
                                if isinstance(d, dict)
                            ).items()
                        )
                    )
        except Exception as exc:  # keep timing results even if the output is unexpected
            s["sanity"] = {"unreadable_output": f"{type(exc).__name__}: {exc}"}
        summary[tool] = s

    load_after = os.getloadavg()
    # The fixed cost of each tool: the same command on a project with no skills.
    empty = work / "empty-project"
    empty.mkdir(exist_ok=True)
    for tool, cmd_tpl in tools.items():
        cmd = [c.replace("{ROOT}", empty.name) for c in cmd_tpl]
        walls = [
            run_timed(cmd, out_dir / f"{tool}-empty.json", cwd=empty.parent)["wall_s"]
            for _ in range(3)
        ]
        summary[tool]["empty_project_s"] = round(statistics.median(walls), 4)

    ratios: dict[str, float] = {}
    cpu_ratios: dict[str, float] = {}
    best_ratios: dict[str, float] = {}
    for ours in ("skill-ls", "skill-ls-warm"):
        if ours not in summary:
            continue
        for peer in ("agnix", "skills-ref"):
            if peer in summary:
                ratios[f"{ours}/{peer}"] = round(
                    summary[ours]["median_s"] / summary[peer]["median_s"], 3
                )
                best_ratios[f"{ours}/{peer}"] = round(
                    summary[ours]["min_s"] / summary[peer]["min_s"], 3
                )
                cpu_ratios[f"{ours}/{peer}"] = round(
                    summary[ours]["median_cpu_s"] / max(summary[peer]["median_cpu_s"], 1e-9),
                    3,
                )
    return {
        "layout": layout,
        "skills": args.count,
        "broken": len(manifest["broken"]),
        "files": n_files,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "tools": summary,
        "ratios": ratios,
        "cpu_time_ratios": cpu_ratios,
        "best_of_runs_ratios": best_ratios,
        "machine_busy": max(load_before[0], load_after[0]) > (os.cpu_count() or 1) * 0.5,
    }


def print_table(results: list[dict[str, Any]]) -> None:
    print()
    print(
        "broken: known-broken folders with >=1 error (>=1 error or warning); "
        "clean: other folders with >=1 error"
    )
    hdr = (
        f"{'layout':8} {'tool':13} {'median s':>9} {'min s':>7} {'max s':>7} {'cpu s':>7} "
        f"{'RSS MB':>7}  {'broken':>14}  {'clean':>5}  diags(e/w/i/h)"
    )
    print(hdr)
    print("-" * len(hdr))
    for res in results:
        for tool, s in res["tools"].items():
            san = s.get("sanity", {})
            sev = san.get("diagnostics_by_severity", {})
            diags = "/".join(str(sev.get(k, 0)) for k in ("error", "warning", "info", "hint"))
            hit = (
                f"{san.get('broken_folders_with_errors', '?')}"
                f"({san.get('broken_folders_with_errors_or_warnings', '?')})"
                f"/{san.get('broken_folders', '?')}"
            )
            print(
                f"{res['layout']:8} {tool:13} {s['median_s']:9.3f} {s['min_s']:7.3f} "
                f"{s['max_s']:7.3f} {s['median_cpu_s']:7.3f} {s['max_rss_mb']:7.1f}  "
                f"{hit:>14}  {san.get('clean_folders_with_errors', '?'):>5}  {diags}"
            )
            extra = f"on an empty project: {s['empty_project_s']:.3f} s"
            if tool == "skills-ref" and s.get("median_loop_s") is not None:
                extra += f"; in-process loop alone: {s['median_loop_s']:.3f} s"
            print(f"{'':8} {'':13} ({extra})")
        for k, v in res["ratios"].items():
            print(
                f"{res['layout']:8} ratio {k}: {v:.2f}x median wall "
                f"({res['best_of_runs_ratios'][k]:.2f}x best of runs, "
                f"{res['cpu_time_ratios'][k]:.2f}x CPU time)"
            )
        if res["machine_busy"]:
            print(f"{res['layout']:8} WARNING: the machine was busy; wall times are inflated")
        print(
            f"{res['layout']:8} load average before/after: "
            f"{res['loadavg_before'][0]} / {res['loadavg_after'][0]} ({os.cpu_count()} CPUs)"
        )
    print()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="Benchmark skill-ls check against skills-ref and agnix."
    )
    ap.add_argument("--count", "-n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--reps", type=int, default=5, help="timed repetitions per tool (median reported)"
    )
    ap.add_argument("--warmup", type=int, default=1, help="untimed runs per tool first")
    ap.add_argument(
        "--layouts",
        default="mixed,spread",
        help="comma-separated: mixed, spread, flat (see generate.py)",
    )
    ap.add_argument(
        "--skill-ls",
        dest="skill_ls",
        default=None,
        help="command for skill-ls (default: .venv/bin/skill-ls)",
    )
    ap.add_argument(
        "--no-install", action="store_true", help="do not create/install the peers venv"
    )
    ap.add_argument(
        "--only", default=None, help="comma-separated subset of skill-ls,skills-ref,agnix"
    )
    ap.add_argument(
        "--wait-quiet",
        type=float,
        default=0,
        metavar="SECONDS",
        help="first wait up to this long for the load average to drop (shared machines)",
    )
    ap.add_argument(
        "--nice",
        type=int,
        default=0,
        help="run the timed commands at this niceness (e.g. -10 as root on a shared machine)",
    )
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args(argv)
    compile_package()
    global NICE
    NICE = args.nice

    WORK.mkdir(parents=True, exist_ok=True)
    peers = ensure_peers(PEERS_VENV, install=not args.no_install)
    tools: dict[str, list[str]] = {}
    notes: list[str] = []

    sl = skill_ls_command(args.skill_ls)
    if sl:
        # Cold: no result cache, as on a first run. Warm: its own cache folder, filled by
        # the untimed warm-up run, so the timed runs are "nothing changed since last time".
        tools["skill-ls"] = [*sl, "check", "{ROOT}", "--format", "json", "--no-cache"]
        tools["skill-ls-warm"] = [
            *sl,
            "check",
            "{ROOT}",
            "--format",
            "json",
            "--cache-dir",
            str(WORK / "result-cache"),
        ]
    else:
        notes.append("skill-ls check was not available; not timed")
    if peers.get("skills-ref"):
        tools["skills-ref"] = [
            str(PEERS_VENV / "bin" / "python"),
            str(HERE / "_skills_ref_loop.py"),
            "{ROOT}",
        ]
    else:
        notes.append(f"skills-ref=={PEER_PINS['skills-ref']} could not be installed; not timed")
    agnix = PEERS_VENV / "bin" / "agnix"
    if peers.get("agnix") and agnix.exists():
        tools["agnix"] = [str(agnix), "{ROOT}", "--format", "json"]
    else:
        notes.append(f"agnix=={PEER_PINS['agnix']} could not be installed; not timed")
    if args.only:
        keep = set(args.only.split(","))
        tools = {k: v for k, v in tools.items() if k in keep}
    for n in notes:
        log(f"NOTE: {n}")
    if not tools:
        log("nothing to time")
        return 1

    results = [bench_layout(layout, args, tools, WORK) for layout in args.layouts.split(",")]
    print_table(results)
    for n in notes:
        print(f"NOTE: {n}")

    doc = {
        "benchmark": "skill-ls check vs skills-ref vs agnix",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
        },
        "versions": {
            "skill-ls": skill_ls_version(sl) if sl else None,
            "skills-ref": peers.get("skills-ref"),
            "agnix": peers.get("agnix"),
        },
        "settings": {
            "nice": args.nice,
            "count": args.count,
            "seed": args.seed,
            "reps": args.reps,
            "warmup": args.warmup,
            "statistic": "median wall time",
        },
        "notes": notes,
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out.relative_to(REPO) if args.out.is_relative_to(REPO) else args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
