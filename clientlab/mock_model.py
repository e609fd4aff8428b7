"""A local stand-in for the model APIs the agents speak, which records every request.

It answers the Anthropic Messages API (SSE or JSON), OpenAI Chat Completions and Responses
(streamed or not) and Gemini generateContent / streamGenerateContent. It listens on
127.0.0.1 only. What it answers follows a script: while a request offers the scripted tool
and carries no tool result yet, it answers with a call of that tool (this is how a skill is
activated); otherwise it answers with plain text, so the agent stops.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from clientlab.mock_answers import (
    REPLY_TEXT,
    ToolCall,
    anthropic_answer,
    chat_answer,
    gemini_answer,
    responses_answer,
)

__all__ = ["REPLY_TEXT", "MockModelServer", "Recorded", "Script", "ToolCall"]


@dataclass
class Recorded:
    method: str
    path: str
    body: Any  # parsed JSON, or the raw text when it is not JSON


@dataclass
class Script:
    # A fixed tool call, or a function of the request body that picks one (or none).
    tool_call: ToolCall | Callable[[Any], ToolCall | None] | None = None
    requests: list[Recorded] = field(default_factory=list)


class MockModelServer:
    """`with MockModelServer() as server:` starts it on a free port; `server.url`."""

    def __init__(self, script: Script | None = None) -> None:
        self.script = script or Script()
        self._lock = threading.Lock()
        handler = _handler_for(self)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def requests(self) -> list[Recorded]:
        with self._lock:
            return list(self.script.requests)

    def record(self, item: Recorded) -> None:
        with self._lock:
            self.script.requests.append(item)

    def __enter__(self) -> MockModelServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


# --- deciding what to answer -------------------------------------------------------------


def _offered_tools(body: dict[str, Any]) -> set[str]:
    names: set[str] = set()
    for tool in body.get("tools") or []:
        if not isinstance(tool, dict):
            continue
        if isinstance(tool.get("name"), str):  # Anthropic, Responses
            names.add(tool["name"])
        function = tool.get("function")
        if isinstance(function, dict) and isinstance(function.get("name"), str):  # Chat
            names.add(function["name"])
        for declaration in tool.get("functionDeclarations") or []:  # Gemini
            if isinstance(declaration, dict) and isinstance(declaration.get("name"), str):
                names.add(declaration["name"])
    return names


def _has_tool_result(body: dict[str, Any]) -> bool:
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        if message.get("role") == "tool":  # Chat
            return True
        content = message.get("content")
        if isinstance(content, list) and any(
            isinstance(block, dict) and block.get("type") == "tool_result" for block in content
        ):  # Anthropic
            return True
    items = body.get("input")
    if isinstance(items, list) and any(
        isinstance(item, dict) and item.get("type") == "function_call_output" for item in items
    ):  # Responses
        return True
    for content in body.get("contents") or []:  # Gemini
        for part in (content or {}).get("parts") or []:
            if isinstance(part, dict) and "functionResponse" in part:
                return True
    return False


def _tool_call_for(script: Script, body: Any) -> ToolCall | None:
    if script.tool_call is None or not isinstance(body, dict) or _has_tool_result(body):
        return None
    call = script.tool_call if isinstance(script.tool_call, ToolCall) else script.tool_call(body)
    if call is None:
        return None
    if call.name not in _offered_tools(body) or _has_tool_result(body):
        return None
    return call


# --- answers in each API's shape ---------------------------------------------------------


# --- HTTP --------------------------------------------------------------------------------


def _handler_for(server: MockModelServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def _send_json(self, status: int, payload: Any) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            path = urlsplit(self.path).path
            server.record(Recorded("GET", self.path, None))
            if path.endswith("/models"):
                self._send_json(
                    200,
                    {
                        "object": "list",
                        "data": [
                            {
                                "id": "mock-model",
                                "object": "model",
                                "created": 0,
                                "owned_by": "mock",
                            }
                        ],
                    },
                )
            else:
                self._send_json(404, {"error": {"message": f"not found: {path}"}})

        def do_HEAD(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if self.headers.get("Content-Encoding") == "gzip":
                import gzip

                raw = gzip.decompress(raw)
            elif self.headers.get("Content-Encoding") == "zstd":
                raw = b""
            try:
                body: Any = json.loads(raw or b"null")
            except ValueError:
                body = raw.decode("utf-8", "replace")
            server.record(Recorded("POST", self.path, body))
            path = urlsplit(self.path).path
            call = _tool_call_for(server.script, body)
            payload: dict[str, Any] = body if isinstance(body, dict) else {}
            if path.endswith("/messages/count_tokens"):
                self._send_json(200, {"input_tokens": 10})
                return
            if path.endswith("/messages"):
                answer = anthropic_answer(payload, call)
            elif path.endswith("/chat/completions"):
                answer = chat_answer(payload, call)
            elif path.endswith("/responses"):
                answer = responses_answer(payload, call)
            elif ":streamGenerateContent" in path:
                answer = gemini_answer(payload, call, stream=True)
            elif ":generateContent" in path:
                answer = gemini_answer(payload, call, stream=False)
            elif ":countTokens" in path:
                self._send_json(200, {"totalTokens": 10})
                return
            else:
                self._send_json(404, {"error": {"message": f"not found: {path}"}})
                return
            kind, content = answer
            if isinstance(content, dict):
                self._send_json(200, content)
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            for piece in content:
                self.wfile.write(piece)
                self.wfile.flush()
            self.close_connection = True

    return Handler
