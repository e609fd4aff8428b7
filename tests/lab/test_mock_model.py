"""The lab's mock model server, spoken to over real HTTP in each API's shape."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from clientlab.mock_model import REPLY_TEXT, MockModelServer, Script, ToolCall

CALL = ToolCall("activate", {"name": "pdf"})


def _post(url: str, body: dict[str, Any]) -> tuple[str, str]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers.get("Content-Type", ""), response.read().decode()


def _events(stream: str) -> list[dict[str, Any]]:
    return [
        json.loads(line[len("data: ") :])
        for line in stream.splitlines()
        if line.startswith("data: ") and line != "data: [DONE]"
    ]


def test_anthropic_stream_calls_the_offered_tool_then_answers_text() -> None:
    with MockModelServer(Script(CALL)) as server:
        tools = [{"name": "activate", "input_schema": {}}]
        first = {"model": "m", "stream": True, "tools": tools, "messages": []}
        kind, body = _post(server.url + "/v1/messages", first)
        assert kind == "text/event-stream"
        events = _events(body)
        start = next(e for e in events if e["type"] == "content_block_start")
        delta = next(e for e in events if e["type"] == "content_block_delta")
        assert start["content_block"]["name"] == "activate"
        assert json.loads(delta["delta"]["partial_json"]) == {"name": "pdf"}
        result = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x"}]}
        _, body = _post(server.url + "/v1/messages", {**first, "messages": [result]})
        texts = [
            e["delta"].get("text") for e in _events(body) if e["type"] == "content_block_delta"
        ]
        assert texts == [REPLY_TEXT]
        assert len(server.requests) == 2
        assert server.requests[0].body["tools"] == tools


def test_chat_completions_stream_and_usage() -> None:
    with MockModelServer(Script(CALL)) as server:
        body = {
            "stream": True,
            "stream_options": {"include_usage": True},
            "tools": [{"type": "function", "function": {"name": "activate"}}],
            "messages": [{"role": "user", "content": "hi"}],
        }
        _, stream = _post(server.url + "/v1/chat/completions", body)
        chunks = _events(stream)
        call = chunks[0]["choices"][0]["delta"]["tool_calls"][0]["function"]
        assert call == {"name": "activate", "arguments": json.dumps({"name": "pdf"})}
        assert chunks[1]["choices"][0]["finish_reason"] == "tool_calls"
        assert chunks[-1]["usage"]["total_tokens"] == 15
        assert stream.rstrip().endswith("data: [DONE]")


def test_chat_completions_without_the_tool_answers_text() -> None:
    with MockModelServer(Script(CALL)) as server:
        _, answer = _post(server.url + "/v1/chat/completions", {"messages": []})
        assert json.loads(answer)["choices"][0]["message"]["content"] == REPLY_TEXT


def test_responses_stream_ends_with_completed() -> None:
    with MockModelServer(Script(CALL)) as server:
        body = {"stream": True, "tools": [{"type": "function", "name": "activate"}], "input": []}
        _, stream = _post(server.url + "/v1/responses", body)
        events = _events(stream)
        assert [e["type"] for e in events][-1] == "response.completed"
        item = next(e["item"] for e in events if e["type"] == "response.output_item.done")
        assert item["type"] == "function_call" and item["name"] == "activate"
        done = {**body, "input": [{"type": "function_call_output", "call_id": "c"}]}
        _, stream = _post(server.url + "/v1/responses", done)
        deltas = [e["delta"] for e in _events(stream) if e["type"].endswith("text.delta")]
        assert deltas == [REPLY_TEXT]


@pytest.mark.parametrize("method", ["streamGenerateContent?alt=sse", "generateContent"])
def test_gemini_function_call(method: str) -> None:
    with MockModelServer(Script(CALL)) as server:
        body = {"tools": [{"functionDeclarations": [{"name": "activate"}]}], "contents": []}
        url = f"{server.url}/v1beta/models/gemini-2.5-pro:{method}"
        _, answer = _post(url, body)
        payload = _events(answer)[0] if method.startswith("stream") else json.loads(answer)
        part = payload["candidates"][0]["content"]["parts"][0]
        assert part == {"functionCall": {"name": "activate", "args": {"name": "pdf"}}}


def test_gemini_json_side_question_gets_schema_shaped_json() -> None:
    with MockModelServer(Script()) as server:
        schema = {"properties": {"next_speaker": {"type": "string"}, "ok": {"type": "boolean"}}}
        body = {
            "contents": [],
            "generationConfig": {"responseMimeType": "application/json", "responseSchema": schema},
        }
        _, answer = _post(f"{server.url}/v1beta/models/m:generateContent", body)
        text = json.loads(answer)["candidates"][0]["content"]["parts"][0]["text"]
        assert json.loads(text) == {"next_speaker": "user", "ok": False}


def test_a_scripted_function_picks_the_call_from_the_request() -> None:
    def pick(body: Any) -> ToolCall | None:
        return ToolCall("read", {"path": body["messages"][0]["content"]})

    with MockModelServer(Script(pick)) as server:
        body = {
            "tools": [{"type": "function", "function": {"name": "read"}}],
            "messages": [{"role": "system", "content": "/x/SKILL.md"}],
        }
        _, answer = _post(server.url + "/v1/chat/completions", body)
        call = json.loads(answer)["choices"][0]["message"]["tool_calls"][0]["function"]
        assert json.loads(call["arguments"]) == {"path": "/x/SKILL.md"}


def test_listens_on_loopback_only_and_unknown_paths_are_404() -> None:
    with MockModelServer() as server:
        assert server.url.startswith("http://127.0.0.1:")
        with pytest.raises(urllib.error.HTTPError) as error:
            _post(server.url + "/v2/elsewhere", {})
        assert error.value.code == 404
