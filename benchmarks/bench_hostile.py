#!/usr/bin/env python3
"""Hostile documents: the long repeated runs that made skill-ls's patterns backtrack.

    python benchmarks/bench_hostile.py                    # results/hostile.json
    python benchmarks/bench_hostile.py --baseline HEAD~5  # and the same on an older commit

Builds (under benchmarks/.work/hostile/) the documents of the security review:
`server-195k` (a 195 KiB SKILL.md with a `# a # # ... #x` heading and a `](a](a...)` line,
which froze the server on foldingRange, documentSymbol and completion), `check-320k` (320 KB
of such runs, inline code `aaa...` and `[](<[](<...` links), `frontmatter-40k` (two long
plain frontmatter values, `1___...x` and `1_1_...x`), and one document per pattern input at
n = 100,000; and workspaces with the review's hostile manifests and configuration (a
marketplace listing one plugin 26,000 times, a 5,000-digit number in a plugin.json and in
`.skill-ls.toml`, 6,000 nested `[` in `.skill-ls.toml`) and a skill with a 100 KB name and
a 96 KB description. Then measures:

cli    -- CPU time (user + system, from the child's rusage) of a cold
          `python -m skill_ls check --no-cache --format json PATH`, one run per document
          (median of --reps);
server -- `skill-ls serve` over stdio (the JSON-RPC client of bench_lsp.py): on
          `server-195k`, didOpen -> its publishDiagnostics, then foldingRange,
          documentSymbol and completion (at the end of the link line) each as a request
          -> its reply; the longest of these is the longest the server was blocked.

With --baseline REF the same runs are made on `git archive REF` (the code before a fix)
in the same process, each capped at --cap seconds of CPU (RLIMIT_CPU; a capped run is
reported as over the cap). Target (the issue): every hostile document checks in <= 2 s of
CPU, and no request blocks the server longer than 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work" / "hostile"
RESULTS = HERE / "results" / "hostile.json"

sys.path.insert(0, str(HERE))
from bench_lsp import Client, log  # noqa: E402

N = 100_000
FRONTMATTER = "---\nname: my-skill\ndescription: Checks hostile input. Use when testing.\n---\n"
SERVER_DOC = "server-195k"


def documents() -> dict[str, str]:
    """name -> SKILL.md text."""
    heading = "# a" + " #" * 48_000 + "x"
    link = "](a" * 33_000 + ")"
    docs = {
        SERVER_DOC: FRONTMATTER + heading + "\n" + link + "\n",
        "check-320k": FRONTMATTER
        + "\n".join(
            [
                "# a" + " #" * 40_000 + "x",
                "See `" + "a" * 80_000 + "`.",
                "[](<" * 20_000,
                "](a" * 26_000 + ")",
            ]
        )
        + "\n",
        "frontmatter-40k": "---\nname: 1"
        + "_" * 20_000
        + "x\ndescription: "
        + "1_" * 10_000
        + "x\n---\nBody\n",
        "heading-n": FRONTMATTER + "# a" + " #" * N + "x\n",
        "link-prefix-n": FRONTMATTER + "](a" * N + ")\n",
        "file-name-n": FRONTMATTER + "`" + "a" * N + "`\n",
        "angle-links-n": FRONTMATTER + "[](<" * N + "\n",
        "underscore-int-n": "---\nname: my-skill\ndescription: Does it.\nlicense: 1"
        + "_" * N
        + "x\n---\n",
        "underscore-float-n": "---\nname: my-skill\ndescription: Does it.\nlicense: "
        + "1_" * N
        + "x\n---\n",
    }
    return docs


def workspaces() -> dict[str, dict[str, str]]:
    """name -> {relative path: text}: the review's hostile manifests and configuration, each
    beside one skill, checked as a folder."""
    skill = {"skills/s/SKILL.md": FRONTMATTER.replace("my-skill", "s") + "Body\n"}
    digits = "9" * 5_000  # past Python's 4,300-digit limit on int conversion
    marketplace = {"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "t", "source": "./p"}]}
    marketplace["plugins"] *= 26_000  # one plugin listed 26,000 times: 0.7 MB
    return {
        "marketplace-26000": {
            ".claude-plugin/marketplace.json": json.dumps(marketplace, separators=(",", ":")),
            "p/.claude-plugin/plugin.json": '{"name": "t"}',
            **{f"p/{path}": text for path, text in skill.items()},
        },
        "plugin-json-5000-digits": {
            ".claude-plugin/plugin.json": f'{{"name": "p", "version": {digits}}}',
            **skill,
        },
        "config-6000-nested": {".skill-ls.toml": "a = " + "[" * 6_000 + "\n", **skill},
        "config-5000-digits": {".skill-ls.toml": f"context-window = {digits}\n", **skill},
        "frontmatter-200k": {
            ".claude/skills/x/SKILL.md": "---\nname: "
            + "A_" * 50_000
            + "\ndescription: "
            + "word: " * 16_000
            + "\n---\nBody\n"
        },
    }


def write(root: Path) -> dict[str, Path]:
    """Each document as a skill's SKILL.md, each workspace as a folder: name -> what to check."""
    paths = {}
    for name, text in documents().items():
        folder = root / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "SKILL.md").write_text(text)
        paths[name] = folder / "SKILL.md"
    for name, files in workspaces().items():
        for relative, text in files.items():
            target = root / name / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        paths[name] = root / name
    return paths


def python() -> str:
    py = REPO / ".venv" / "bin" / "python"
    return str(py if py.exists() else sys.executable)


def env_for(code: Path | None) -> dict[str, str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(WORK / "cache")}
    if code is not None:
        env["PYTHONPATH"] = str(code)
    return env


def cli_cpu(path: Path, code: Path | None, cap: int) -> float | None:
    """CPU seconds of one cold `check --no-cache` of `path`; None when it hit the cap."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 1))

    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(
            [python(), "-m", "skill_ls", "check", "--no-cache", "--format", "json", str(path)],
            stdout=sink,
            stderr=sink,
            env=env_for(code),
            cwd=code or REPO,
            preexec_fn=limit,
        )
        _, status, usage = os.wait4(proc.pid, 0)
    if os.WIFSIGNALED(status) or usage.ru_utime + usage.ru_stime >= cap:
        return None
    return round(usage.ru_utime + usage.ru_stime, 3)


async def server_run(path: Path, code: Path | None, cap: int) -> dict[str, Any]:
    """didOpen -> diagnostics, then foldingRange, documentSymbol, completion, in seconds
    (None: no answer within `cap` seconds)."""
    text = path.read_text()
    uri = path.resolve().as_uri()
    cmd = [python(), "-m", "skill_ls", "serve"]
    if code is not None:
        cmd = ["env", f"PYTHONPATH={code}", *cmd]
    client = Client(cmd, code or REPO, cache=WORK / "cache")
    await client.start()
    out: dict[str, Any] = {}
    try:
        await client.initialize(path.parent)
        await asyncio.sleep(1.0)  # let the (tiny) workspace scan finish
        since = len(client.diagnostics)
        t0 = await client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
        )
        got = await client.wait_diag(lambda d: d[1] == uri, cap, since)
        out["didOpen_to_diagnostics_s"] = round(got[0] - t0, 3) if got else None
        doc = {"textDocument": {"uri": uri}}
        lines = text.split("\n")
        link_line = len(lines) - 2
        position = {"line": link_line, "character": len(lines[link_line])}
        for name, method, params in (
            ("foldingRange_s", "textDocument/foldingRange", doc),
            ("documentSymbol_s", "textDocument/documentSymbol", doc),
            ("completion_s", "textDocument/completion", {**doc, "position": position}),
        ):
            try:
                latency, _ = await client.request(method, params, timeout=cap)
                out[name] = round(latency, 3)
            except TimeoutError:
                out[name] = None
                break  # the server is still busy with it: the later answers would wait too
    finally:
        if client.proc and client.proc.returncode is None:
            client.proc.kill()
        await client.stop()
    answered = [v for v in out.values() if v is not None]
    out["longest_block_s"] = max(answered) if len(answered) == len(out) else None
    return out


def baseline_tree(ref: str) -> Path:
    target = WORK / "baseline"
    if target.exists():
        subprocess.run(["rm", "-rf", str(target)], check=True)
    target.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", ref], cwd=REPO, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return target


def measure(code: Path | None, paths: dict[str, Path], reps: int, cap: int) -> dict[str, Any]:
    cli: dict[str, Any] = {}
    for name, path in paths.items():
        runs = [cli_cpu(path, code, cap) for _ in range(reps)]
        done = [r for r in runs if r is not None]
        cli[name] = {
            "bytes": path.stat().st_size,
            "cpu_s": statistics.median(done) if len(done) == len(runs) else None,
            "runs": runs,
        }
        log(f"  check {name}: {cli[name]['cpu_s']} s CPU")
    server = asyncio.run(server_run(paths[SERVER_DOC], code, cap))
    log(f"  serve {SERVER_DOC}: {server}")
    return {"cli": cli, "server": {"document": SERVER_DOC, **server}}


def commit(ref: str) -> str:
    out = subprocess.run(
        ["git", "rev-parse", "--short", ref], cwd=REPO, capture_output=True, text=True
    )
    return out.stdout.strip()


def print_report(doc: dict[str, Any]) -> None:
    runs = [("skill-ls", doc["skill_ls"])] + (
        [(f"baseline {doc['baseline']['commit']}", doc["baseline"])] if "baseline" in doc else []
    )

    def fmt(value: float | None) -> str:
        return f">{doc['cap_s']}" if value is None else f"{value:.3f}"

    print(f"\n{'check --no-cache, CPU s':<28}" + "".join(f"{label:>22}" for label, _ in runs))
    for name in doc["skill_ls"]["cli"]:
        print(f"{name:<28}" + "".join(f"{fmt(r['cli'][name]['cpu_s']):>22}" for _, r in runs))
    print(f"\n{'serve ' + SERVER_DOC + ', s':<28}" + "".join(f"{label:>22}" for label, _ in runs))
    for key in doc["skill_ls"]["server"]:
        if key != "document":
            print(f"{key:<28}" + "".join(f"{fmt(r['server'].get(key)):>22}" for _, r in runs))
    slowest = max(v["cpu_s"] or float("inf") for v in doc["skill_ls"]["cli"].values())
    block = doc["skill_ls"]["server"]["longest_block_s"]
    print(
        f"\ntarget: slowest check {slowest:.3f} s CPU (<= 2 s), longest request "
        f"{fmt(block)} s (<= 1 s)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Benchmark skill-ls on hostile documents.")
    ap.add_argument("--reps", type=int, default=3, help="check runs per document (median)")
    ap.add_argument("--baseline", default=None, metavar="REF", help="also time this commit")
    ap.add_argument("--cap", type=int, default=60, help="CPU / wait cap per run, seconds")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args(argv)

    WORK.mkdir(parents=True, exist_ok=True)
    paths = write(WORK / "docs")
    doc: dict[str, Any] = {
        "benchmark": "hostile documents: skill-ls check and skill-ls serve",
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_before": [round(x, 2) for x in os.getloadavg()],
        },
        "cap_s": args.cap,
        "targets": {"check_cpu_s": 2.0, "request_s": 1.0},
    }
    log(f"skill-ls {commit('HEAD')}")
    started = time.perf_counter()
    doc["skill_ls"] = {"commit": commit("HEAD"), **measure(None, paths, args.reps, args.cap)}
    if args.baseline:
        log(f"baseline {args.baseline}")
        tree = baseline_tree(args.baseline)
        doc["baseline"] = {
            "commit": commit(args.baseline),
            **measure(tree, paths, 1, args.cap),
        }
    doc["machine"]["load_after"] = [round(x, 2) for x in os.getloadavg()]
    doc["wall_s"] = round(time.perf_counter() - started, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=2) + "\n")
    print_report(doc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
