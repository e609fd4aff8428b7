"""Transports: stdout carries nothing but well-formed frames; `--tcp` serves on loopback."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from .support import REPO, frame, isolated_env

BROKEN = "---\nname: Bad_Name\ndescription: x\nfoo: 1\n---\nÉté: [m](missing.md)\n"


def session(root: Path) -> list[dict[str, Any]]:
    uri = (root / "SKILL.md").as_uri()
    document = {"uri": uri, "languageId": "markdown", "version": 1, "text": BROKEN}
    position = {"line": 1, "character": 7}
    return [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "processId": None,
                "rootUri": root.as_uri(),
                "capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
                "initializationOptions": {"bogus": True},
            },
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": position},
        },
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "textDocument/completion",
            "params": {"textDocument": {"uri": uri}, "position": {"line": 999, "character": 999}},
        },
        {"jsonrpc": "2.0", "id": 4, "method": "no/suchMethod", "params": {}},
        {"jsonrpc": "2.0", "id": 5, "method": "shutdown", "params": None},
        {"jsonrpc": "2.0", "method": "exit", "params": None},
    ]


def parse_strictly(data: bytes) -> list[dict[str, Any]]:
    """Every byte must belong to a `Content-Length` frame holding one JSON object."""
    messages = []
    while data:
        head, separator, rest = data.partition(b"\r\n\r\n")
        assert separator, f"bytes outside a frame: {data[:200]!r}"
        headers = dict(line.split(b": ", 1) for line in head.split(b"\r\n") if line)
        assert set(headers) <= {b"Content-Length", b"Content-Type"}, headers
        length = int(headers[b"Content-Length"])
        body, data = rest[:length], rest[length:]
        assert len(body) == length, "truncated frame"
        messages.append(json.loads(body))
    return messages


def test_stdout_holds_only_frames(tmp_path: Path) -> None:
    (tmp_path / "SKILL.md").write_text(BROKEN, encoding="utf-8")
    messages_in = session(tmp_path)
    # Everything up to the shutdown at once; the shutdown once the document's diagnostics are
    # out (a server may drop a pending check when asked to shut down, and under load the
    # check can still be running when a shutdown sent at once arrives).
    opening = b"".join(frame(m) for m in messages_in[:-2])
    closing = b"".join(frame(m) for m in messages_in[-2:])
    server = subprocess.Popen(
        [sys.executable, "-m", "skill_ls", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=isolated_env(),
        cwd=REPO,
    )
    received = bytearray()
    reader = threading.Thread(target=_read_into, args=(server.stdout, received))
    reader.start()
    assert server.stdin is not None
    server.stdin.write(opening)
    server.stdin.flush()
    deadline = time.monotonic() + 60
    while b'"SKL403"' not in received and time.monotonic() < deadline:
        time.sleep(0.05)
    server.stdin.write(closing)
    server.stdin.close()
    returncode = server.wait(timeout=60)
    reader.join(timeout=60)
    assert server.stderr is not None
    stderr = server.stderr.read()
    done = subprocess.CompletedProcess(server.args, returncode, bytes(received), stderr)
    messages = parse_strictly(done.stdout)
    assert done.returncode == 0, done.stderr.decode()
    by_id = {m["id"]: m for m in messages if "id" in m and "method" not in m}
    assert by_id[1]["result"]["capabilities"]["positionEncoding"] == "utf-8"
    published = [m for m in messages if m.get("method") == "textDocument/publishDiagnostics"]
    missing = next(d for d in published[-1]["params"]["diagnostics"] if d["code"] == "SKL403")
    # "Été: [m](" is 9 characters but 11 UTF-8 bytes: the negotiated unit is the byte.
    assert missing["range"]["start"] == {"line": 5, "character": 11}
    assert "error" not in by_id[2] and "error" not in by_id[3]
    assert by_id[4]["error"]["code"] == -32601
    methods = {m.get("method") for m in messages}
    assert "window/showMessage" in methods  # the bogus setting, as a warning
    assert "window/logMessage" in methods  # logging goes to the client, not stdout


def _read_into(stream: IO[bytes] | None, received: bytearray) -> None:
    """Append the bytes of `stream` to `received` as they come, until it closes."""
    assert stream is not None
    while chunk := os.read(stream.fileno(), 65536):
        received.extend(chunk)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_tcp_on_loopback(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "skill_ls", "serve", "--tcp", f"127.0.0.1:{port}"],
        env=isolated_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never listened"
                time.sleep(0.1)
        with connection:
            connection.sendall(frame(session(tmp_path)[0]))
            received = b""
            while b'"id": 1' not in received and b'"id":1' not in received:
                chunk = connection.recv(65536)
                assert chunk, "connection closed"
                received += chunk
            assert b'"capabilities"' in received
    finally:
        server.kill()
        server.wait(timeout=10)
