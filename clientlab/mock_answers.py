"""The mock model's answers in each API's wire format: a scripted tool call, else plain
text, streamed (SSE) or whole, for Anthropic Messages, OpenAI Chat Completions and
Responses, and Gemini generateContent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

REPLY_TEXT = "Done."


@dataclass
class ToolCall:
    """The tool call to answer with: the tool's name and its arguments."""

    name: str
    arguments: dict[str, Any]


def sse(events: list[tuple[str | None, dict[str, Any]]]) -> Iterator[bytes]:
    for name, data in events:
        head = f"event: {name}\n" if name else ""
        yield f"{head}data: {json.dumps(data)}\n\n".encode()


def anthropic_answer(
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
    return "text/event-stream", sse(events)


def chat_answer(
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


def responses_answer(
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
    return "text/event-stream", sse(events)


def gemini_answer(
    body: dict[str, Any], call: ToolCall | None, stream: bool
) -> tuple[str, Iterator[bytes] | dict[str, Any]]:
    if call is not None:
        part: dict[str, Any] = {"functionCall": {"name": call.name, "args": call.arguments}}
    else:
        part = {"text": gemini_text(body)}
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


def gemini_text(body: dict[str, Any]) -> str:
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
