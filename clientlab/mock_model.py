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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

REPLY_TEXT = "Done."


@dataclass
class ToolCall:
    """The tool call to answer with: the tool's name and its arguments."""

    name: str
    arguments: dict[str, Any]


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


def _sse(events: list[tuple[str | None, dict[str, Any]]]) -> Iterator[bytes]:
    for name, data in events:
        head = f"event: {name}\n" if name else ""
        yield f"{head}data: {json.dumps(data)}\n\n".encode()


def _anthropic(
    body: dict[str, Any], call: ToolCall | None
) -> tuple[str, Iterator[bytes] | dict[str, Any]]:
    model = body.get("model", "mock")
    usage = {"input_tokens": 10, "output_tokens": 5}
    if call is not None:
        block: dict[str, Any] = {
            "type": "tool_use",
            "id": "toolu_mock_1",
            "name": call.name,
            "input": call.arguments,
        }
        stop = "tool_use"
    else:
        block = {"type": "text", "text": REPLY_TEXT}
        stop = "end_turn"
    if not body.get("stream"):
        return "application/json", {
            "id": "msg_mock",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [block],
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": usage,
        }
    start = dict(block, input={}) if call is not None else dict(block, text="")
    delta = (
        {"type": "input_json_delta", "partial_json": json.dumps(call.arguments)}
        if call is not None
        else {"type": "text_delta", "text": REPLY_TEXT}
    )
    events: list[tuple[str | None, dict[str, Any]]] = [
        (
            "message_start",
            {
                "type": "message_start",
                "message": {
                    "id": "msg_mock",
                    "type": "message",
                    "role": "assistant",
                    "model": model,
                    "content": [],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": {"input_tokens": 10, "output_tokens": 1},
                },
            },
        ),
        (
            "content_block_start",
            {"type": "content_block_start", "index": 0, "content_block": start},
        ),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 5},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return "text/event-stream", _sse(events)


def _chat(
    body: dict[str, Any], call: ToolCall | None
) -> tuple[str, Iterator[bytes] | dict[str, Any]]:
    model = body.get("model", "mock")
    usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    tool_calls = (
        [
            {
                "index": 0,
                "id": "call_mock_1",
                "type": "function",
                "function": {"name": call.name, "arguments": json.dumps(call.arguments)},
            }
        ]
        if call is not None
        else None
    )
    finish = "tool_calls" if call is not None else "stop"
    if not body.get("stream"):
        message: dict[str, Any] = {"role": "assistant", "content": None if call else REPLY_TEXT}
        if tool_calls:
            message["tool_calls"] = [
                {k: v for k, v in c.items() if k != "index"} for c in tool_calls
            ]
        return "application/json", {
            "id": "chatcmpl-mock",
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": usage,
        }

    def chunk(delta: dict[str, Any], finish_reason: str | None) -> dict[str, Any]:
        return {
            "id": "chatcmpl-mock",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
        }

    first = (
        {"role": "assistant", "tool_calls": tool_calls}
        if tool_calls
        else {"role": "assistant", "content": REPLY_TEXT}
    )
    chunks = [chunk(first, None), chunk({}, finish)]
    if (body.get("stream_options") or {}).get("include_usage"):
        chunks.append(
            {
                "id": "chatcmpl-mock",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": model,
                "choices": [],
                "usage": usage,
            }
        )

    def stream() -> Iterator[bytes]:
        for item in chunks:
            yield f"data: {json.dumps(item)}\n\n".encode()
        yield b"data: [DONE]\n\n"

    return "text/event-stream", stream()


def _responses(
    body: dict[str, Any], call: ToolCall | None
) -> tuple[str, Iterator[bytes] | dict[str, Any]]:
    model = body.get("model", "mock")
    if call is not None:
        item: dict[str, Any] = {
            "type": "function_call",
            "id": "fc_mock_1",
            "call_id": "call_mock_1",
            "name": call.name,
            "arguments": json.dumps(call.arguments),
            "status": "completed",
        }
    else:
        item = {
            "type": "message",
            "id": "msg_mock_1",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": REPLY_TEXT, "annotations": []}],
        }
    usage = {
        "input_tokens": 10,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 5,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 15,
    }
    response = {
        "id": "resp_mock",
        "object": "response",
        "created_at": 0,
        "model": model,
        "status": "completed",
        "output": [item],
        "usage": usage,
    }
    if not body.get("stream"):
        return "application/json", response
    events: list[tuple[str | None, dict[str, Any]]] = [
        (
            "response.created",
            {
                "type": "response.created",
                "response": dict(response, status="in_progress", output=[]),
            },
        ),
        (
            "response.output_item.added",
            {"type": "response.output_item.added", "output_index": 0, "item": item},
        ),
    ]
    if call is None:
        events.append(
            (
                "response.output_text.delta",
                {
                    "type": "response.output_text.delta",
                    "item_id": "msg_mock_1",
                    "output_index": 0,
                    "content_index": 0,
                    "delta": REPLY_TEXT,
                },
            )
        )
    events += [
        (
            "response.output_item.done",
            {"type": "response.output_item.done", "output_index": 0, "item": item},
        ),
        ("response.completed", {"type": "response.completed", "response": response}),
    ]
    return "text/event-stream", _sse(events)


def _gemini(
    body: dict[str, Any], call: ToolCall | None, stream: bool
) -> tuple[str, Iterator[bytes] | dict[str, Any]]:
    if call is not None:
        part: dict[str, Any] = {"functionCall": {"name": call.name, "args": call.arguments}}
    else:
        part = {"text": _gemini_text(body)}
    answer = {
        "candidates": [
            {"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}
        ],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "mock",
    }
    if not stream:
        return "application/json", answer
    return "text/event-stream", iter([f"data: {json.dumps(answer)}\r\n\r\n".encode()])


def _gemini_text(body: dict[str, Any]) -> str:
    """Plain text, or a small JSON object where the request asks for JSON (Gemini CLI's
    side questions, such as who speaks next or which model to route to)."""
    config = body.get("generationConfig") or {}
    if config.get("responseMimeType") != "application/json":
        return REPLY_TEXT
    schema = config.get("responseJsonSchema") or config.get("responseSchema") or {}
    properties = schema.get("properties") or {}
    answer: dict[str, Any] = {}
    for key, spec in properties.items():
        kind = str((spec or {}).get("type", "string")).lower()
        enum = (spec or {}).get("enum")
        if key == "next_speaker":
            answer[key] = "user"
        elif enum:
            answer[key] = enum[0]
        elif kind == "boolean":
            answer[key] = False
        elif kind in ("number", "integer"):
            answer[key] = 0
        elif kind == "array":
            answer[key] = []
        elif kind == "object":
            answer[key] = {}
        else:
            answer[key] = ""
    return json.dumps(answer)


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
                answer = _anthropic(payload, call)
            elif path.endswith("/chat/completions"):
                answer = _chat(payload, call)
            elif path.endswith("/responses"):
                answer = _responses(payload, call)
            elif ":streamGenerateContent" in path:
                answer = _gemini(payload, call, stream=True)
            elif ":generateContent" in path:
                answer = _gemini(payload, call, stream=False)
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
