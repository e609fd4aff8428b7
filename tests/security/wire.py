"""A raw LSP client over stdio with strict framing, for hostile-input tests of the server.

Unlike pytest-lsp (whose reader skips stray lines), this reader fails on any byte on
stdout outside `Content-Length` frames, as vscode-jsonrpc does. It can also send bytes
that are not valid messages at all, and it can refuse to answer the server's requests.
The server runs under the harness's address-space and CPU limits.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import select
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .harness import REPO, SERVER_MEMORY, child_env, limiter, server_argv

# How long to wait for one answer before calling the server unresponsive (a hang guard:
# answers normally take milliseconds; the slowest hostile documents take seconds).
ANSWER_TIMEOUT = 60.0

Message = dict[str, Any]


class FramingError(AssertionError):
    pass


class ServerGone(AssertionError):
    pass


def frame(payload: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(payload), payload)


def encode(message: Message) -> bytes:
    return frame(json.dumps(message, ensure_ascii=False).encode("utf-8"))


class WireClient:
    """One server process; messages read by a thread, answers awaited with a timeout."""

    def __init__(
        self,
        *,
        cwd: Path | None = None,
        memory: int = SERVER_MEMORY,
        argv: list[str] | None = None,
        settings: dict[str, Any] | None = None,
        answer_configuration: bool = True,
        env: dict[str, str] | None = None,
        preexec: Callable[[], None] | None = None,
    ) -> None:
        self.stderr_file = tempfile.TemporaryFile()  # noqa: SIM115 (closed by kill())
        limit = limiter(memory)

        def before_exec() -> None:
            limit()
            if preexec is not None:
                preexec()

        self.proc = subprocess.Popen(
            argv or server_argv(memory),
            cwd=cwd or REPO,
            env=env or child_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr_file,
            preexec_fn=before_exec,
        )
        assert self.proc.stdin is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        self.settings = settings or {}
        self.answer_configuration = answer_configuration
        self._ids = itertools.count(1)
        self._lock = threading.Condition()
        self._write_lock = threading.Lock()
        self.responses: dict[Any, Message] = {}
        self.notifications: list[Message] = []
        self.server_requests: list[Message] = []
        self.framing_error: str | None = None
        self.closed = False
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # --- reading ---------------------------------------------------------------------------

    def _read_exact(self, count: int) -> bytes:
        assert self.proc.stdout is not None
        data = b""
        while len(data) < count:
            chunk = self.proc.stdout.read(count - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def _read_header_line(self) -> bytes:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline(8192)
        if not line:
            raise EOFError
        if not line.endswith(b"\r\n"):
            raise FramingError(f"header line without CRLF: {line[:200]!r}")
        return line[:-2]

    def _read_message(self) -> Message:
        length: int | None = None
        while True:
            line = self._read_header_line()
            if line == b"":
                break
            name, sep, value = line.partition(b":")
            if not sep:
                raise FramingError(f"not a header: {line[:200]!r}")
            key = name.strip().lower()
            if key == b"content-length":
                length = int(value.strip())
            elif key != b"content-type":
                raise FramingError(f"unknown header: {line[:200]!r}")
        if length is None:
            raise FramingError("frame without Content-Length")
        body = self._read_exact(length)
        message = json.loads(body.decode("utf-8"))
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            raise FramingError(f"not a JSON-RPC 2.0 message: {body[:200]!r}")
        return message

    def _read_loop(self) -> None:
        try:
            while True:
                message = self._read_message()
                self._dispatch(message)
        except EOFError:
            pass
        except (FramingError, ValueError) as exc:
            self.framing_error = str(exc)
        finally:
            with self._lock:
                self.closed = True
                self._lock.notify_all()

    def _dispatch(self, message: Message) -> None:
        if "method" in message and "id" in message:
            with self._lock:
                self.server_requests.append(message)
            self._answer_server_request(message)
            return
        with self._lock:
            if "method" in message:
                self.notifications.append(message)
            else:
                self.responses[message.get("id")] = message
            self._lock.notify_all()

    def _answer_server_request(self, message: Message) -> None:
        method = message["method"]
        result: Any = None
        if method == "workspace/configuration":
            if not self.answer_configuration:
                return
            result = [self.settings for _ in message["params"]["items"]]
        elif method == "workspace/applyEdit":
            result = {"applied": False}
        elif method == "window/showDocument":
            result = {"success": False}
        elif method not in (
            "client/registerCapability",
            "client/unregisterCapability",
            "window/workDoneProgress/create",
            "workspace/diagnostic/refresh",
            "workspace/semanticTokens/refresh",
            "workspace/inlayHint/refresh",
            "workspace/codeLens/refresh",
        ):
            self.send(
                {
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "error": {"code": -32601, "message": f"client has no {method}"},
                }
            )
            return
        self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})

    # --- writing ---------------------------------------------------------------------------

    def send_raw(self, data: bytes, timeout: float = ANSWER_TIMEOUT) -> None:
        """Write bytes to the server's stdin; a server that stops reading its input for
        `timeout` seconds fails the test instead of blocking it forever."""
        assert self.proc.stdin is not None
        fd = self.proc.stdin.fileno()
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        with self._write_lock:
            while view:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(
                        f"server did not read its input for {timeout} s "
                        f"({len(view)} of {len(data)} bytes unsent)"
                    )
                _, writable, _ = select.select([], [fd], [], min(remaining, 0.5))
                if not writable:
                    continue
                try:
                    written = os.write(fd, view[: 1 << 16])
                except BlockingIOError:
                    continue
                except BrokenPipeError as exc:
                    raise ServerGone(f"server stdin closed: {self.stderr_tail()}") from exc
                view = view[written:]

    def send(self, message: Message) -> None:
        self.send_raw(encode(message))

    def notify(self, method: str, params: Any = None) -> None:
        message: Message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request_async(self, method: str, params: Any = None, msg_id: Any = None) -> Any:
        msg_id = next(self._ids) if msg_id is None else msg_id
        message: Message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return msg_id

    def wait_response(self, msg_id: Any, timeout: float = ANSWER_TIMEOUT) -> Message:
        deadline = time.monotonic() + timeout
        with self._lock:
            while msg_id not in self.responses:
                self._check_alive()
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"no answer to request {msg_id!r} in {timeout} s")
                self._lock.wait(min(remaining, 0.5))
            return self.responses.pop(msg_id)

    def request(self, method: str, params: Any = None, timeout: float = ANSWER_TIMEOUT) -> Any:
        """Send a request and return its result; an error answer raises."""
        response = self.wait_response(self.request_async(method, params), timeout)
        if "error" in response:
            raise AssertionError(f"{method} failed: {response['error']}")
        return response.get("result")

    def _check_alive(self) -> None:
        if self.framing_error is not None:
            raise FramingError(f"server broke framing: {self.framing_error}")
        if self.closed:
            raise ServerGone(
                f"server closed stdout (exit {self.proc.poll()}): {self.stderr_tail()}"
            )

    def wait_for(self, predicate: Callable[[], bool], timeout: float = ANSWER_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        with self._lock:
            while not predicate():
                self._check_alive()
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError("condition not met in time")
                self._lock.wait(min(remaining, 0.5))

    # --- LSP conveniences ------------------------------------------------------------------

    def initialize(
        self,
        root: Path | None,
        *,
        pull: bool = False,
        capabilities: dict[str, Any] | None = None,
        initialization_options: Any = None,
    ) -> Message:
        caps = capabilities if capabilities is not None else client_capabilities(pull)
        params: dict[str, Any] = {
            "processId": None,
            "clientInfo": {"name": "skill-ls-safety-tests"},
            "capabilities": caps,
            "rootUri": root.as_uri() if root else None,
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}] if root else None,
        }
        if initialization_options is not None:
            params["initializationOptions"] = initialization_options
        result = self.request("initialize", params)
        self.notify("initialized", {})
        return result  # type: ignore[no-any-return]

    def open(self, uri: str, text: str, version: int = 1, language: str = "markdown") -> None:
        self.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": language,
                    "version": version,
                    "text": text,
                }
            },
        )

    def change(self, uri: str, version: int, changes: list[dict[str, Any]]) -> None:
        self.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes},
        )

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def published(self, uri: str) -> list[Message]:
        with self._lock:
            return [
                n["params"]
                for n in self.notifications
                if n["method"] == "textDocument/publishDiagnostics" and n["params"]["uri"] == uri
            ]

    def wait_published(
        self, uri: str, version: int | None = None, timeout: float = ANSWER_TIMEOUT
    ) -> Message:
        """The newest publishDiagnostics for `uri` (with `version`, when given)."""

        def found() -> bool:
            return any(version is None or p.get("version") == version for p in self.published(uri))

        self.wait_for(found, timeout)
        matching = [
            p for p in self.published(uri) if version is None or p.get("version") == version
        ]
        return matching[-1]

    def log_messages(self) -> list[str]:
        with self._lock:
            return [
                n["params"]["message"]
                for n in self.notifications
                if n["method"] == "window/logMessage"
            ]

    def ping(self, timeout: float = ANSWER_TIMEOUT) -> None:
        """A cheap valid request the server must answer (proves it is responsive)."""
        result = self.request(
            "workspace/executeCommand",
            {"command": "skill-ls.listClients", "arguments": []},
            timeout=timeout,
        )
        assert result and result["clients"], result

    def shutdown(self, timeout: float = 30) -> int:
        """shutdown + exit; returns the exit code (the server must exit by itself)."""
        self.request("shutdown", timeout=timeout)
        self.notify("exit")
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            self.kill()

    def stderr_tail(self, size: int = 4000) -> str:
        with contextlib.suppress(Exception):
            self.stderr_file.seek(0, 2)
            end = self.stderr_file.tell()
            self.stderr_file.seek(max(0, end - size))
            return self.stderr_file.read().decode("utf-8", errors="replace")
        return ""

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                if stream is not None:
                    stream.close()
        self._reader.join(timeout=5)
        self.stderr_file.close()


def client_capabilities(pull: bool = False) -> dict[str, Any]:
    """A capable client (VS Code-like): markdown, snippets, links, configuration; pull
    diagnostics when `pull`, else push."""
    text_document: dict[str, Any] = {
        "synchronization": {"didSave": True, "dynamicRegistration": False},
        "completion": {
            "completionItem": {"snippetSupport": True, "documentationFormat": ["markdown"]}
        },
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "definition": {"linkSupport": True},
        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
        "codeAction": {
            "codeActionLiteralSupport": {
                "codeActionKind": {"valueSet": ["", "quickfix", "source", "source.fixAll"]}
            }
        },
        "documentLink": {"tooltipSupport": True},
        "rename": {"prepareSupport": True},
    }
    if pull:
        text_document["diagnostic"] = {"relatedDocumentSupport": True}
    return {
        "general": {"positionEncodings": ["utf-16"]},
        "window": {"workDoneProgress": True, "showDocument": {"support": True}},
        "workspace": {
            "applyEdit": True,
            "configuration": True,
            "workspaceFolders": True,
            "workspaceEdit": {"documentChanges": True, "resourceOperations": ["create"]},
            "didChangeWatchedFiles": {"dynamicRegistration": True},
            "didChangeConfiguration": {"dynamicRegistration": True},
            "diagnostics": {"refreshSupport": True},
        },
        "textDocument": text_document,
    }


@contextlib.contextmanager
def server(root: Path | None = None, *, pull: bool = False, **kwargs: Any) -> Iterator[WireClient]:
    """A started and initialized server; shut down (and checked for a clean exit) after."""
    client = WireClient(**kwargs)
    try:
        client.initialize(root, pull=pull)
        yield client
        assert client.framing_error is None, client.framing_error
        assert client.shutdown() == 0, client.stderr_tail()
    finally:
        client.kill()
