#!/usr/bin/env python3
"""Language-server benchmarks for `skill-ls serve` over stdio.

    python benchmarks/bench_lsp.py                 # all scenarios, results/lsp.json

A small hand-written JSON-RPC client (asyncio, Content-Length framing, no LSP library, so
the client adds as little as possible to what is measured) starts
`python -m skill_ls serve` from the project venv and runs:

keystrokes  -- on a 100-line and on a 2,700-line SKILL.md: open it, then 200 one-character
               edits (typing, with a backspace now and then) as didChange notifications with
               increasing versions (incremental ranges when the server offers incremental
               sync, the whole text otherwise). "sequential": each edit waits for the
               publishDiagnostics of its own version; latency = send -> that publish.
               "typing": the same edits sent every --typing-interval ms without waiting;
               latency of an edit = send -> first publish whose version is >= its own (a
               skipped stale version waits for the newer one), and the last publish must
               carry the last version. p50/p95/max in milliseconds.
workspace   -- a generated workspace of 10,000 skills (benchmarks/generate.py, mixed layout):
               initialize with that root, then measure the time until the server has
               checked everything (the end of its workDoneProgress scan, the reply to
               workspace/diagnostic when the server offers pull diagnostics, and the last
               publishDiagnostics once they settle), completion latency of requests sent
               every 100 ms while the scan runs, and the server's peak RSS (VmHWM of the
               server process; the whole process tree is also sampled every 50 ms).

Targets (issue 4): p95 <= 10 ms (100 lines), <= 50 ms (2,700 lines); 10,000 skills checked
<= 10 s with completion answered <= 50 ms meanwhile; RSS <= 200 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work" / "lsp"
RESULTS = HERE / "results" / "lsp.json"

sys.path.insert(0, str(HERE))
import generate  # noqa: E402
from bytecode import compile_package  # noqa: E402


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


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(p / 100 * len(s) + 0.5) - 1))
    return s[k]


def summary_ms(values_s: list[float]) -> dict[str, Any]:
    ms = [v * 1000 for v in values_s]
    if not ms:
        return {"n": 0}
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(pct(ms, 95), 2),
        "max_ms": round(max(ms), 2),
        "mean_ms": round(statistics.fmean(ms), 2),
    }


# ---------------------------------------------------------------------------
# Memory of a process tree (Linux /proc)
# ---------------------------------------------------------------------------


def _status_kb(pid: int, key: str) -> int:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as fh:
                out += [int(x) for x in fh.read().split()]
    except OSError:
        pass
    return out


def tree_rss_kb(pid: int) -> int:
    total, stack, seen = 0, [pid], set()
    while stack:
        p = stack.pop()
        if p in seen:
            continue
        seen.add(p)
        total += _status_kb(p, "VmRSS")
        stack += _children(p)
    return total


# ---------------------------------------------------------------------------
# A minimal LSP client over stdio
# ---------------------------------------------------------------------------


class Client:
    def __init__(self, cmd: list[str], cwd: Path, cache: Path | None = None) -> None:
        self.cmd = cmd
        self.cwd = cwd
        # The server's result cache folder (XDG_CACHE_HOME): a fresh one times a first
        # session, the same one again a later session over unchanged files.
        self.cache = cache
        self.proc: asyncio.subprocess.Process | None = None
        self._next_id = 0
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self.diagnostics: list[tuple[float, str, int | None, int]] = []  # (t, uri, version, n)
        self._diag_event = asyncio.Event()
        self.progress: list[tuple[float, Any, dict[str, Any]]] = []
        self.progress_tokens_created: list[Any] = []
        self.server_requests: list[str] = []
        self.log_messages: list[str] = []
        self.stderr_tail: list[str] = []
        self._reader: asyncio.Task[None] | None = None
        self._err_reader: asyncio.Task[None] | None = None
        self.capabilities: dict[str, Any] = {}
        self.folders: list[dict[str, str]] = []
        self.peak_tree_rss_kb = 0
        self._sampler: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            *self.cmd,
            cwd=self.cwd,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            limit=1 << 26,
            env={**os.environ, "XDG_CACHE_HOME": str(self.cache)} if self.cache else None,
        )
        self._reader = asyncio.create_task(self._read_loop())
        self._err_reader = asyncio.create_task(self._read_stderr())
        self._sampler = asyncio.create_task(self._sample_rss())

    async def _sample_rss(self) -> None:
        assert self.proc
        while self.proc.returncode is None:
            self.peak_tree_rss_kb = max(self.peak_tree_rss_kb, tree_rss_kb(self.proc.pid))
            await asyncio.sleep(0.05)

    def peak_rss_main_kb(self) -> int:
        assert self.proc
        return _status_kb(self.proc.pid, "VmHWM")

    async def _read_stderr(self) -> None:
        assert self.proc and self.proc.stderr
        while True:
            line = await self.proc.stderr.readline()
            if not line:
                return
            self.stderr_tail.append(line.decode(errors="replace").rstrip())
            del self.stderr_tail[:-50]

    async def _read_loop(self) -> None:
        assert self.proc and self.proc.stdout
        rd = self.proc.stdout
        while True:
            length = None
            while True:
                line = await rd.readline()
                if not line:
                    for fut in self._pending.values():
                        if not fut.done():
                            fut.set_exception(ConnectionError("server closed stdout"))
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if length is None:
                continue
            body = await rd.readexactly(length)
            now = time.perf_counter()
            msg = json.loads(body)
            self._dispatch(msg, now)

    def _dispatch(self, msg: dict[str, Any], now: float) -> None:
        if "id" in msg and "method" not in msg:
            fut = self._pending.pop(msg["id"], None)
            if fut and not fut.done():
                fut.set_result((now, msg))
            return
        method = msg.get("method")
        params = msg.get("params") or {}
        if "id" in msg:  # a request from the server: answer it
            self.server_requests.append(method)
            result: Any = None
            if method == "workspace/configuration":
                result = [None for _ in params.get("items", [])]
            elif method == "window/workDoneProgress/create":
                self.progress_tokens_created.append(params.get("token"))
            elif method == "workspace/workspaceFolders":
                result = self.folders
            self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
            return
        if method == "textDocument/publishDiagnostics":
            self.diagnostics.append(
                (now, params.get("uri"), params.get("version"), len(params.get("diagnostics", [])))
            )
            self._diag_event.set()
        elif method == "$/progress":
            self.progress.append((now, params.get("token"), params.get("value") or {}))
        elif method in ("window/logMessage", "window/showMessage"):
            self.log_messages.append(str(params.get("message"))[:300])
            del self.log_messages[:-50]

    def _send(self, msg: dict[str, Any]) -> float:
        assert self.proc and self.proc.stdin
        body = json.dumps(msg, separators=(",", ":")).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return time.perf_counter()

    async def request(self, method: str, params: Any, timeout: float = 60) -> tuple[float, Any]:
        """Send a request; return (latency in seconds, result). Raises on an error reply."""
        self._next_id += 1
        rid = self._next_id
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[rid] = fut
        t0 = self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        assert self.proc and self.proc.stdin
        await self.proc.stdin.drain()
        t1, msg = await asyncio.wait_for(fut, timeout)
        if "error" in msg:
            raise RuntimeError(f"{method}: {msg['error']}")
        return t1 - t0, msg.get("result")

    async def notify(self, method: str, params: Any) -> float:
        t = self._send({"jsonrpc": "2.0", "method": method, "params": params})
        assert self.proc and self.proc.stdin
        await self.proc.stdin.drain()
        return t

    async def wait_diag(
        self, pred: Any, timeout: float, since: int = 0
    ) -> tuple[float, str, int | None, int] | None:
        """Wait for a publishDiagnostics matching pred, among those from index `since` on."""
        deadline = time.perf_counter() + timeout
        start = since
        while True:
            for i in range(start, len(self.diagnostics)):
                if pred(self.diagnostics[i]):
                    return self.diagnostics[i]
            start = len(self.diagnostics)
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self._diag_event.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._diag_event.wait(), left)

    async def initialize(self, root: Path, pull: bool = False) -> dict[str, Any]:
        root_uri = root.resolve().as_uri()
        self.folders = [{"uri": root_uri, "name": root.name}]
        text_doc: dict[str, Any] = {
            "synchronization": {"dynamicRegistration": False, "didSave": True},
            "publishDiagnostics": {
                "relatedInformation": True,
                "versionSupport": True,
                "codeDescriptionSupport": True,
                "dataSupport": True,
            },
            "completion": {
                "completionItem": {
                    "snippetSupport": True,
                    "documentationFormat": ["markdown", "plaintext"],
                }
            },
            "hover": {"contentFormat": ["markdown", "plaintext"]},
        }
        if pull:
            text_doc["diagnostic"] = {"dynamicRegistration": False, "relatedDocumentSupport": True}
        caps: dict[str, Any] = {
            "general": {"positionEncodings": ["utf-16"]},
            "textDocument": text_doc,
            "window": {"workDoneProgress": True},
            "workspace": {
                "configuration": True,
                "workspaceFolders": True,
                "didChangeWatchedFiles": {"dynamicRegistration": False},
            },
        }
        if pull:
            caps["workspace"]["diagnostics"] = {"refreshSupport": False}
        _, result = await self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "clientInfo": {"name": "skill-ls-bench", "version": "1"},
                "rootUri": root_uri,
                "rootPath": str(root.resolve()),
                "workspaceFolders": self.folders,
                "capabilities": caps,
            },
            timeout=120,
        )
        self.capabilities = result.get("capabilities", {}) if isinstance(result, dict) else {}
        await self.notify("initialized", {})
        return self.capabilities

    def sync_kind(self) -> int:
        s = self.capabilities.get("textDocumentSync")
        if isinstance(s, int):
            return s
        if isinstance(s, dict):
            return int(s.get("change", 1))
        return 1

    async def stop(self) -> int | None:
        if not self.proc:
            return None
        with contextlib.suppress(Exception):
            await self.request("shutdown", None, timeout=10)
            await self.notify("exit", None)
        try:
            await asyncio.wait_for(self.proc.wait(), 10)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        for t in (self._reader, self._err_reader, self._sampler):
            if t:
                t.cancel()
        return self.proc.returncode


def server_command(override: str | None) -> list[str]:
    if override:
        return override.split()
    py = REPO / ".venv" / "bin" / "python"
    return [str(py if py.exists() else sys.executable), "-m", "skill_ls", "serve"]


# ---------------------------------------------------------------------------
# Keystroke latency
# ---------------------------------------------------------------------------

TYPED = "Run the report script before every release and compare the output. "


def make_edits(text: str, n: int) -> list[tuple[tuple[int, int, int, int], str]]:
    """n keystrokes in the middle of the body: typing, with a backspace every 9th key.

    Returns incremental changes ((start_line, start_char, end_line, end_char), new_text)
    relative to the text as it is before each edit.
    """
    lines = text.split("\n")
    # the end of a prose line near the middle of the body
    close = next(i for i in range(1, len(lines)) if lines[i] == "---")
    mid = close + (len(lines) - close) // 2
    line = next(
        (
            i
            for i in range(mid, len(lines))
            if lines[i]
            and not lines[i].startswith(("#", "|", "`", "-", " "))
            and lines[i][0].isalpha()
        ),
        mid,
    )
    col = len(lines[line])
    edits: list[tuple[tuple[int, int, int, int], str]] = []
    k = 0
    for i in range(n):
        if i % 9 == 8 and k > 0:
            edits.append(((line, col - 1, line, col), ""))
            col -= 1
            k -= 1
        else:
            ch = TYPED[i % len(TYPED)]
            edits.append(((line, col, line, col), ch))
            col += 1
            k += 1
    return edits


def apply_edit(text: str, rng: tuple[int, int, int, int], new: str) -> str:
    lines = text.split("\n")
    sl, sc, el, ec = rng
    start = sum(len(x) + 1 for x in lines[:sl]) + sc
    end = sum(len(x) + 1 for x in lines[:el]) + ec
    return text[:start] + new + text[end:]


def write_single_skill(lines: int) -> Path:
    name = f"bench-skill-{lines}"
    d = WORK / f"single-{lines}" / ".agents" / "skills" / name
    (d / "references").mkdir(parents=True, exist_ok=True)
    (d / "scripts").mkdir(parents=True, exist_ok=True)
    (d / "references" / "reference.md").write_text("# Reference\n\nDetails.\n")
    (d / "scripts" / "run.py").write_text("print('ok')\n")
    text = generate.single_skill_md(lines, name=name)
    (d / "SKILL.md").write_text(text, encoding="utf-8")
    return d / "SKILL.md"


async def keystrokes(
    cmd: list[str], lines: int, n_edits: int, interval_ms: float, timeout: float
) -> dict[str, Any]:
    path = write_single_skill(lines)
    text = path.read_text(encoding="utf-8")
    root = path.parents[3]
    uri = path.resolve().as_uri()
    cl = Client(cmd, REPO)
    await cl.start()
    out: dict[str, Any] = {"lines": text.count("\n"), "edits": n_edits}
    try:
        await cl.initialize(root)
        incremental = cl.sync_kind() == 2
        out["sync"] = "incremental" if incremental else "full"
        t_open = await cl.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
        )
        first = await cl.wait_diag(lambda d: d[1] == uri and d[2] == 1, timeout)
        if first is None:  # a server that publishes without versions
            first = await cl.wait_diag(lambda d: d[1] == uri, 1.0)
        out["open_to_first_diagnostics_ms"] = (
            round((first[0] - t_open) * 1000, 2) if first else None
        )
        versioned = bool(first and first[2] is not None)
        out["publish_has_version"] = versioned

        edits = make_edits(text, n_edits)
        version = 1
        cur = text

        def change_params(
            v: int, rng: tuple[int, int, int, int], new: str, full: str
        ) -> dict[str, Any]:
            if incremental:
                ch: dict[str, Any] = {
                    "range": {
                        "start": {"line": rng[0], "character": rng[1]},
                        "end": {"line": rng[2], "character": rng[3]},
                    },
                    "text": new,
                }
            else:
                ch = {"text": full}
            return {"textDocument": {"uri": uri, "version": v}, "contentChanges": [ch]}

        # 1) sequential: each keystroke waits for its own diagnostics
        lat: list[float] = []
        missing = 0
        for rng, new in edits:
            version += 1
            cur = apply_edit(cur, rng, new)
            seen = len(cl.diagnostics)
            t0 = await cl.notify("textDocument/didChange", change_params(version, rng, new, cur))
            v = version
            if versioned:
                got = await cl.wait_diag(lambda d, v=v: d[1] == uri and (d[2] or 0) >= v, timeout)
            else:
                got = await cl.wait_diag(lambda d: d[1] == uri, timeout, since=seen)
            if got is None:
                missing += 1
            else:
                lat.append(got[0] - t0)
        out["sequential"] = summary_ms(lat) | {"timeouts": missing}

        # 2) typing: edits every interval_ms without waiting; latest wins
        # Undo the first pass by reopening the original text under a new version.
        sent: list[tuple[int, float]] = []
        cur = text
        version += 1
        await cl.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]},
        )
        v_reset = version
        await cl.wait_diag(lambda d: d[1] == uri and (d[2] or 0) >= v_reset, timeout)
        start_idx = len(cl.diagnostics)
        t_next = time.perf_counter()
        for rng, new in edits:
            version += 1
            cur = apply_edit(cur, rng, new)
            t0 = await cl.notify("textDocument/didChange", change_params(version, rng, new, cur))
            sent.append((version, t0))
            t_next += interval_ms / 1000
            delay = t_next - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
        last_v = version
        final = await cl.wait_diag(
            lambda d: d[1] == uri and (d[2] or 0) >= last_v, timeout, since=start_idx
        )
        pubs = [d for d in cl.diagnostics[start_idx:] if d[1] == uri]
        typing_lat: list[float] = []
        if versioned:
            for v, t0 in sent:
                hit = next((d for d in pubs if d[2] is not None and d[2] >= v and d[0] >= t0), None)
                if hit:
                    typing_lat.append(hit[0] - t0)
            versions = [d[2] for d in pubs]
            out["typing"] = summary_ms(typing_lat) | {
                "interval_ms": interval_ms,
                "publishes": len(pubs),
                "last_published_version": versions[-1] if versions else None,
                "final_version": last_v,
                "final_version_published": bool(final and final[2] == last_v),
                "out_of_order_publishes": sum(
                    1
                    for a, b in itertools.pairwise(versions)
                    if a is not None and b is not None and b < a
                ),
                "time_to_final_ms": round((final[0] - sent[-1][1]) * 1000, 2) if final else None,
            }
        else:
            out["typing"] = {"skipped": "publishDiagnostics carries no version"}
        out["server_peak_rss_mb"] = round(cl.peak_rss_main_kb() / 1024, 1)
    finally:
        out["server_exit"] = await cl.stop()
        if cl.stderr_tail:
            out["server_stderr_tail"] = cl.stderr_tail[-5:]
    return out


# ---------------------------------------------------------------------------
# Workspace scan
# ---------------------------------------------------------------------------


WS_LAYOUT = "clients"  # every skill in a folder that clients discover, so the server checks all


def workspace_root(count: int, seed: int) -> tuple[Path, dict[str, Any]]:
    root = WORK.parent / f"workspace-{count}"
    mf = root / "manifest.json"
    if mf.exists():
        m = json.loads(mf.read_text())
        if m.get("count") == count and m.get("seed") == seed and m.get("layout") == WS_LAYOUT:
            return root, m
    log(f"generating {count} skills in {root.relative_to(REPO)} ...")
    return root, generate.generate(root, count, seed, layout=WS_LAYOUT)


async def workspace(
    cmd: list[str],
    count: int,
    seed: int,
    pull: bool,
    timeout: float,
    settle: float,
    cache: Path | None = None,
) -> dict[str, Any]:
    root, manifest = workspace_root(count, seed)
    broken = {(root / b["dir"] / "SKILL.md").resolve().as_uri() for b in manifest["broken"]}
    all_uris = {(root / s["dir"] / "SKILL.md").resolve().as_uri() for s in manifest["skills"]}
    probe = next(s for s in manifest["skills"] if not s["broken"])
    probe_path = root / probe["dir"] / "SKILL.md"
    probe_uri = probe_path.resolve().as_uri()
    probe_text = probe_path.read_text(encoding="utf-8")

    cl = Client(cmd, REPO, cache)
    out: dict[str, Any] = {"skills": count, "broken": len(broken), "client_pull": pull}
    await cl.start()
    try:
        t0 = time.perf_counter()
        caps = await cl.initialize(root, pull=pull)
        t_init = time.perf_counter()
        out["start_to_initialize_reply_ms"] = round((t_init - t0) * 1000, 2)
        dp = caps.get("diagnosticProvider")
        server_ws_pull = bool(isinstance(dp, dict) and dp.get("workspaceDiagnostics"))
        out["server_workspace_diagnostics"] = server_ws_pull

        # Open one skill and ask for completion every 100 ms while the scan runs.
        await cl.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": probe_uri,
                    "languageId": "markdown",
                    "version": 1,
                    "text": probe_text,
                }
            },
        )

        ws_task: asyncio.Task[tuple[float, Any]] | None = None
        t_ws_sent = time.perf_counter()
        if pull and server_ws_pull:
            ws_task = asyncio.create_task(
                cl.request("workspace/diagnostic", {"previousResultIds": []}, timeout=timeout)
            )

        def progress_done() -> bool:
            begun = {tok for _, tok, v in cl.progress if v.get("kind") == "begin"}
            ended = {tok for _, tok, v in cl.progress if v.get("kind") == "end"}
            return bool(begun) and begun <= ended

        def scan_done() -> bool:
            if ws_task is not None and not ws_task.done():
                return False
            if any(v.get("kind") == "begin" for _, _, v in cl.progress):
                return progress_done()
            published = {d[1] for d in cl.diagnostics}
            if broken and broken <= published:
                # settle: no new publish for `settle` seconds
                return time.perf_counter() - cl.diagnostics[-1][0] >= settle
            return bool(cl.diagnostics) and time.perf_counter() - cl.diagnostics[-1][0] >= settle

        comp_lat: list[float] = []
        comp_lat_scan: list[float] = []
        comp_errors: list[str] = []
        comp_items: list[int] = []
        deadline = t0 + timeout
        # completion at the start of line 1 (the first frontmatter key)
        comp_params = {"textDocument": {"uri": probe_uri}, "position": {"line": 1, "character": 0}}
        min_requests = 5
        while time.perf_counter() < deadline:
            done = scan_done()
            if done and len(comp_lat) + len(comp_errors) >= min_requests:
                break
            try:
                lat, res = await cl.request("textDocument/completion", comp_params, timeout=30)
                comp_lat.append(lat)
                if not done:
                    comp_lat_scan.append(lat)
                items = res.get("items", []) if isinstance(res, dict) else (res or [])
                comp_items.append(len(items))
            except Exception as exc:
                comp_errors.append(f"{type(exc).__name__}: {exc}"[:200])
            await asyncio.sleep(0.1)
        t_done = time.perf_counter()
        out["timed_out"] = t_done >= deadline

        ends = [t for t, _, v in cl.progress if v.get("kind") == "end"]
        begins = [t for t, _, v in cl.progress if v.get("kind") == "begin"]
        out["progress_begin_s"] = round(min(begins) - t0, 3) if begins else None
        out["progress_end_s"] = round(max(ends) - t0, 3) if ends else None
        out["scan_s"] = round(max(ends) - min(begins), 3) if ends and begins else None
        if ws_task is not None and ws_task.done() and not ws_task.exception():
            lat, res = ws_task.result()
            items = res.get("items", []) if isinstance(res, dict) else []
            out["workspace_diagnostic_reply_s"] = round(t_ws_sent - t0 + lat, 3)
            out["workspace_diagnostic_items"] = len(items)
            ws_uris = {it.get("uri") for it in items}
            # the open document is pulled with textDocument/diagnostic, not listed here
            out["workspace_diagnostic_covers_all"] = (ws_uris | {probe_uri}) >= all_uris
            with_diags = {it.get("uri") for it in items if it.get("items")}
            out["workspace_diagnostic_items_with_diagnostics"] = len(with_diags)
            out["workspace_diagnostic_broken_with_diagnostics"] = len(with_diags & broken)
        published = {d[1] for d in cl.diagnostics}
        nonempty = {d[1] for d in cl.diagnostics if d[3] > 0}
        out["published_uris"] = len(published & all_uris)
        out["published_uris_with_diagnostics"] = len(nonempty & all_uris)
        out["broken_with_diagnostics"] = max(
            len(nonempty & broken), out.get("workspace_diagnostic_broken_with_diagnostics", 0)
        )
        out["every_skill_reported"] = bool(
            published >= all_uris or out.get("workspace_diagnostic_covers_all")
        )
        out["last_publish_s"] = round(cl.diagnostics[-1][0] - t0, 3) if cl.diagnostics else None
        signals = [
            x
            for x in (
                out["progress_end_s"],
                out.get("workspace_diagnostic_reply_s"),
                out["last_publish_s"],
            )
            if x is not None
        ]
        out["time_to_all_diagnostics_s"] = max(signals) if signals else None
        out["completion_during_scan"] = summary_ms(comp_lat_scan)
        out["completion_all"] = summary_ms(comp_lat) | {
            "errors": len(comp_errors),
            "first_error": comp_errors[0] if comp_errors else None,
            "items_last": comp_items[-1] if comp_items else None,
        }
        out["server_peak_rss_mb"] = round(cl.peak_rss_main_kb() / 1024, 1)
        # The server may check in worker processes: their memory counts too.
        out["server_tree_peak_rss_sampled_mb"] = round(cl.peak_tree_rss_kb / 1024, 1)
        out["server_requests"] = sorted(set(cl.server_requests))
    finally:
        out["server_exit"] = await cl.stop()
        if cl.stderr_tail:
            out["server_stderr_tail"] = cl.stderr_tail[-5:]
    return out


# ---------------------------------------------------------------------------


def print_report(doc: dict[str, Any]) -> None:
    print()
    for k in doc.get("keystrokes", []):
        if "error" in k:
            print(f"keystrokes {k.get('lines')} lines: ERROR {k['error']}")
            continue
        s, t = k["sequential"], k.get("typing", {})
        print(
            f"keystrokes {k['lines']:>5} lines ({k.get('sync')} sync): "
            f"sequential p50 {s.get('p50_ms')} ms  p95 {s.get('p95_ms')} ms  "
            f"max {s.get('max_ms')} ms"
            f"  (timeouts {s.get('timeouts')})"
        )
        if "p50_ms" in t:
            print(
                f"{'':29}typing every {t['interval_ms']} ms: p50 {t['p50_ms']} ms  "
                f"p95 {t['p95_ms']} ms"
                f"  max {t['max_ms']} ms  publishes {t['publishes']}/{k['edits']}"
                f"  final version published: {t['final_version_published']}"
            )
        print(
            f"{'':29}open -> first diagnostics {k.get('open_to_first_diagnostics_ms')} ms, "
            f"server peak RSS {k.get('server_peak_rss_mb')} MB"
        )
    for key in ("workspace", "workspace_pull"):
        w = doc.get(key)
        if not w:
            continue
        label = f"{key} {w['skills']}"
        if "error" in w:
            print(f"{label}: ERROR {w['error']}")
        else:
            c = w["completion_during_scan"]
            print(
                f"{label} skills: "
                f"all diagnostics {w['time_to_all_diagnostics_s']} s "
                f"(progress end {w['progress_end_s']}, last publish {w['last_publish_s']}, "
                f"workspace/diagnostic {w.get('workspace_diagnostic_reply_s')})"
            )
            print(
                f"{'':29}completion during scan: n {c.get('n')} p50 {c.get('p50_ms')} ms "
                f"p95 {c.get('p95_ms')} ms max {c.get('max_ms')} ms"
            )
            print(
                f"{'':29}peak RSS: server process {w['server_peak_rss_mb']} MB, with its "
                f"workers {w['server_tree_peak_rss_sampled_mb']} MB; broken with diagnostics "
                f"{w['broken_with_diagnostics']}/{w['broken']}; every skill reported: "
                f"{w['every_skill_reported']}"
            )
    print()


async def amain(args: argparse.Namespace) -> dict[str, Any]:
    cmd = server_command(args.server)
    load_before = os.getloadavg()
    doc: dict[str, Any] = {
        "benchmark": "skill-ls serve over stdio",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
        },
        "server": " ".join(cmd).replace(str(REPO) + "/", ""),
        "skill_ls_commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO
        ).stdout.strip(),
        "keystrokes": [],
    }
    scen = set(args.scenarios.split(","))
    if "keystrokes" in scen:
        for lines in (int(x) for x in args.sizes.split(",")):
            wait_quiet(args.wait_quiet)
            log(f"keystrokes: {lines}-line SKILL.md, {args.edits} edits")
            try:
                r = await keystrokes(cmd, lines, args.edits, args.typing_interval, args.timeout)
            except Exception as exc:
                r = {"lines": lines, "error": f"{type(exc).__name__}: {exc}"}
            doc["keystrokes"].append(r)
    # Each run starts with an empty result cache; "workspace-pull-warm" then runs again
    # over the cache the "workspace-pull" session left (a later session, nothing changed).
    caches = WORK / "server-cache"
    shutil.rmtree(caches, ignore_errors=True)
    for name, pull in (
        ("workspace", False),
        ("workspace-pull", True),
        ("workspace-pull-warm", True),
    ):
        if name not in scen:
            continue
        cache = caches / ("workspace-pull" if name.startswith("workspace-pull") else name)
        if not (WORK.parent / f"workspace-{args.count}" / "manifest.json").exists():
            workspace_root(args.count, args.seed)  # generate before waiting for quiet
        wait_quiet(args.wait_quiet)
        log(f"{name}: {args.count} skills")
        key = name.replace("-", "_")
        try:
            doc[key] = await workspace(
                cmd, args.count, args.seed, pull, args.ws_timeout, args.settle, cache
            )
        except Exception as exc:
            doc[key] = {"skills": args.count, "error": f"{type(exc).__name__}: {exc}"}
    doc["loadavg_before"] = [round(x, 2) for x in load_before]
    doc["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
    return doc


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Benchmark skill-ls serve over stdio.")
    ap.add_argument(
        "--scenarios",
        default="keystrokes,workspace,workspace-pull,workspace-pull-warm",
        help="keystrokes; workspace (push client: progress + publishDiagnostics); "
        "workspace-pull (client advertises pull diagnostics and asks workspace/diagnostic, "
        "empty result cache); workspace-pull-warm (the same again over the cache it left)",
    )
    ap.add_argument("--sizes", default="100,2700", help="SKILL.md sizes in lines")
    ap.add_argument("--edits", type=int, default=200)
    ap.add_argument("--typing-interval", type=float, default=30.0, help="ms between typed keys")
    ap.add_argument("--count", type=int, default=10000, help="skills in the workspace scenario")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--settle",
        type=float,
        default=2.0,
        help="seconds without publishes that count as done when there is no progress",
    )
    ap.add_argument("--timeout", type=float, default=30.0, help="per-diagnostics wait (s)")
    ap.add_argument("--ws-timeout", type=float, default=180.0, help="workspace scenario limit (s)")
    ap.add_argument(
        "--server", default=None, help="server command (default: .venv python -m skill_ls serve)"
    )
    ap.add_argument(
        "--nice",
        type=int,
        default=0,
        help="run the client and server at this niceness (e.g. -10 as root on a shared machine)",
    )
    ap.add_argument(
        "--wait-quiet",
        type=float,
        default=0,
        metavar="SECONDS",
        help="first wait up to this long for the load average to drop (shared machines)",
    )
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args(argv)
    compile_package()

    WORK.mkdir(parents=True, exist_ok=True)
    if args.nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)  # the server inherits it
    doc = asyncio.run(amain(args))
    doc["nice"] = args.nice
    print_report(doc)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
