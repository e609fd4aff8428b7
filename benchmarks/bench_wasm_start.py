#!/usr/bin/env python3
"""Time to first diagnostics after opening a SKILL.md: the editor extension's two runtimes of
the bundled server, side by side in one run (interleaved, N runs each).

    python benchmarks/bench_wasm_start.py [--runs 3]

* cpython -- `python -S -m skill_ls serve` on vscode-extension/bundled/libs, as the extension
             starts it when the machine has a Python 3.11+;
* wasm    -- `node vscode-extension/dist/wasmHost.js --stdio`: the same package under the
             bundled WebAssembly Python (Pyodide), the extension's fallback.

Each run starts the server, sends initialize/initialized, opens the examples' changelog skill
and stops the clock at its first publishDiagnostics. Build first (the test suite does it):
`bash vscode-extension/scripts/bundle-python.sh && (cd vscode-extension && node esbuild.mjs)`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
EXTENSION = REPO / "vscode-extension"
SKILL = REPO / "examples" / ".github" / "skills" / "changelog" / "SKILL.md"


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def _read(stream: Any) -> dict[str, Any]:
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        header += stream.read(1)
    length = next(
        int(line.split(b":")[1])
        for line in header.split(b"\r\n")
        if line.lower().startswith(b"content-length")
    )
    message: dict[str, Any] = json.loads(stream.read(length))
    return message


def first_diagnostics(command: list[str], env: dict[str, str]) -> float:
    root = (REPO / "examples").as_uri()
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    )
    assert process.stdin is not None and process.stdout is not None
    folders = [{"uri": root, "name": "examples"}]
    document = {
        "uri": SKILL.as_uri(),
        "languageId": "skill",
        "version": 1,
        "text": SKILL.read_text(),
    }
    for message in (
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "processId": None,
                "rootUri": root,
                "capabilities": {},
                "workspaceFolders": folders,
            },
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}},
    ):
        process.stdin.write(_frame(message))
    process.stdin.flush()
    while _read(process.stdout).get("method") != "textDocument/publishDiagnostics":
        pass
    elapsed = time.perf_counter() - started
    process.stdin.write(_frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    process.stdin.write(_frame({"jsonrpc": "2.0", "method": "exit"}))
    process.stdin.close()
    process.wait(30)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    libs = str(EXTENSION / "bundled" / "libs")
    cpython = (
        [sys.executable, "-S", "-m", "skill_ls", "serve"],
        {**os.environ, "PYTHONPATH": libs, "PYTHONSAFEPATH": "1"},
    )
    wasm = (["node", str(EXTENSION / "dist" / "wasmHost.js"), "--stdio"], dict(os.environ))
    times: dict[str, list[float]] = {"cpython": [], "wasm": []}
    for _ in range(runs):
        times["cpython"].append(first_diagnostics(*cpython))
        times["wasm"].append(first_diagnostics(*wasm))
    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"load average {os.getloadavg()[0]:.2f}; {runs} runs each, medians:")
    print(f"  first diagnostics, CPython {sys.version.split()[0]}: {median['cpython']:.2f} s")
    ratio = median["wasm"] / median["cpython"]
    print(f"  first diagnostics, WebAssembly (Pyodide): {median['wasm']:.2f} s ({ratio:.1f}x)")


if __name__ == "__main__":
    main()
