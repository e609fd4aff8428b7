"""Start-up: how soon `skill-ls serve` answers `initialize`, against the floor of importing
what the protocol needs, and how soon a small pre-commit check ends.

    python benchmarks/bench_start.py                     # 9 interleaved rounds
    python benchmarks/bench_start.py --baseline HEAD~3   # and an older commit alongside

Each round, in this order (so every measure sees the same machine load):
* floor: `python -c "import lsprotocol.types, pygls.lsp.server"`, process start included,
  and `python -c pass` (the interpreter alone);
* serve: `python -m skill_ls serve` started, `initialize` sent at once: the time to its
  answer, then `initialized` and a `didOpen` of a SKILL.md: the time to its first
  `publishDiagnostics` (both from process start);
* check 10, first: `python -m skill_ls check --no-cache` on 10 generated skills (the usual
  pre-commit run), wall time, as the first run after an install: without the compiled
  dataclass methods that run leaves beside the bytecode (skill_ls/code_cache.py);
* check 10: the same again, as every later run finds it;
* the same serve and check on `git archive REF` with --baseline.

Goals (issue: cold runs): `initialize` ≤ 1.3× the floor; the 10-skill check ≤ 120 ms.
Medians are printed and written to results/start.json.
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
WORK = HERE / ".work" / "start"
sys.path.insert(0, str(HERE))

from bytecode import compile_package  # noqa: E402
from generate import generate, single_skill_md  # noqa: E402

FLOOR = "import lsprotocol.types, pygls.lsp.server"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _read_message(stream: Any) -> dict[str, Any]:
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        byte = stream.read(1)
        if not byte:
            raise RuntimeError("the server closed its output")
        header += byte
    length = next(
        int(line.split(b":")[1]) for line in header.split(b"\r\n") if line.startswith(b"Content")
    )
    message: dict[str, Any] = json.loads(stream.read(length))
    return message


def time_floor(program: str = FLOOR) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", program], check=True)
    return time.perf_counter() - start


def time_serve(code: Path, skill: Path) -> tuple[float, float]:
    """(start → initialize answered, start → first diagnostics of the opened SKILL.md)."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "skill_ls", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=code,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        root = skill.parent.parent
        proc.stdin.write(
            _frame(
                {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "initialize",
                    "params": {
                        "processId": None,
                        "rootUri": root.as_uri(),
                        "capabilities": {},
                    },
                }
            )
        )
        proc.stdin.flush()
        while "id" not in _read_message(proc.stdout):
            pass
        answered = time.perf_counter() - start
        text = skill.read_text(encoding="utf-8")
        open_doc = {"uri": skill.as_uri(), "languageId": "markdown", "version": 1, "text": text}
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        proc.stdin.write(
            _frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didOpen",
                    "params": {"textDocument": open_doc},
                }
            )
        )
        proc.stdin.flush()
        while True:
            message = _read_message(proc.stdout)
            if (
                message.get("method") == "textDocument/publishDiagnostics"
                and message["params"]["uri"] == skill.as_uri()
            ):
                break
        return answered, time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait()


def forget_compiled_records(code: Path) -> None:
    """As after an install: bytecode, but no compiled dataclass methods yet."""
    for path in (code / "skill_ls" / "__pycache__").glob("dataclass-code.*.marshal"):
        path.unlink()


def time_check(code: Path, root: Path) -> float:
    # An installed copy writes what it compiles (where PYTHONDONTWRITEBYTECODE is set, a
    # later run would pay the first run's price every time, as for the bytecode).
    env = {**os.environ, "PYTHONPATH": str(code)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "skill_ls", "check", "--no-cache", str(root)],
        cwd=code,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if done.returncode not in (0, 1):
        raise RuntimeError(f"check ended with {done.returncode}")
    return time.perf_counter() - start


def baseline_tree(ref: str) -> Path:
    target = WORK / "baseline"
    subprocess.run(["rm", "-rf", str(target)], check=True)
    target.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", ref], cwd=REPO, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(target / "skill_ls")], check=True)
    return target


def commit(ref: str) -> str:
    out = subprocess.run(["git", "rev-parse", "--short", ref], cwd=REPO, capture_output=True)
    return out.stdout.decode().strip()


def median_ms(values: list[float]) -> float:
    return round(statistics.median(values) * 1000, 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--baseline", default=None, metavar="REF", help="also time this commit")
    args = ap.parse_args(argv)

    compile_package()
    WORK.mkdir(parents=True, exist_ok=True)
    ten = WORK / "ten"
    generate(ten, count=10, layout="flat")
    open_root = WORK / "open" / ".agents" / "skills" / "bench-skill"
    open_root.mkdir(parents=True, exist_ok=True)
    skill = open_root / "SKILL.md"
    skill.write_text(single_skill_md(100), encoding="utf-8")

    trees = {"current": REPO}
    if args.baseline:
        trees["baseline"] = baseline_tree(args.baseline)
    runs: dict[str, dict[str, list[float]]] = {
        name: {"initialize": [], "first_diagnostics": [], "check_10_first": [], "check_10": []}
        for name in trees
    }
    floor: list[float] = []
    bare: list[float] = []  # the interpreter alone, for the 10-skill check's budget
    for code in trees.values():  # untimed warm-up (page cache)
        time_serve(code, skill)
        time_check(code, ten)
    for index in range(args.rounds):
        floor.append(time_floor())
        bare.append(time_floor("pass"))
        for name, code in trees.items():
            answered, diagnosed = time_serve(code, skill)
            runs[name]["initialize"].append(answered)
            runs[name]["first_diagnostics"].append(diagnosed)
            forget_compiled_records(code)
            runs[name]["check_10_first"].append(time_check(code, ten))
            runs[name]["check_10"].append(time_check(code, ten))
        log(f"round {index + 1}/{args.rounds}")

    floor_ms = median_ms(floor)
    load = os.getloadavg()
    doc: dict[str, Any] = {
        "measured": time.strftime("%Y-%m-%d"),
        "commit": commit("HEAD"),
        "python": platform.python_version(),
        "load_average_after": [round(x, 2) for x in load],
        "rounds": args.rounds,
        "floor_ms": floor_ms,
        "floor_runs_s": floor,
        "python_start_ms": median_ms(bare),
    }
    print(f"floor ({FLOOR}): {floor_ms} ms  (load {load[0]:.2f})")
    print(f"python -c pass: {median_ms(bare)} ms")
    for name, measures in runs.items():
        label = name if name == "current" else f"baseline {commit(args.baseline or '')}"
        summary = {key: median_ms(values) for key, values in measures.items()}
        summary["initialize_per_floor"] = round(summary["initialize"] / floor_ms, 2)
        doc[name] = {
            **summary,
            "runs_s": measures,
            **({"commit": commit(args.baseline)} if name == "baseline" and args.baseline else {}),
        }
        print(
            f"{label}: initialize {summary['initialize']} ms"
            f" ({summary['initialize_per_floor']}× the floor; goal ≤ 1.3×),"
            f" first diagnostics {summary['first_diagnostics']} ms,"
            f" check of 10 skills {summary['check_10']} ms (goal ≤ 120 ms;"
            f" the first after an install {summary['check_10_first']} ms)"
        )
    out = HERE / "results" / "start.json"
    out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    log(f"wrote {out.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
