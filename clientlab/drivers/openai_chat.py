"""Helpers for agents that speak OpenAI Chat Completions (pi, OpenCode, Copilot CLI)."""

from __future__ import annotations

from typing import Any

from clientlab.drivers.base import model_requests
from clientlab.mock_model import Recorded


def text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def system_texts(requests: list[Recorded]) -> list[str]:
    """The system messages of every request that offers tools (not side questions)."""
    texts: list[str] = []
    for body in model_requests(requests):
        if not body.get("tools"):
            continue
        for message in body.get("messages") or []:
            if message.get("role") in ("system", "developer"):
                texts.append(text_of(message.get("content")))
    return texts


def after_tool_result(requests: list[Recorded]) -> tuple[str | None, list[dict[str, Any]]]:
    """The first tool message's text and the messages after it, in the last request."""
    for body in reversed(model_requests(requests)):
        messages = body.get("messages") or []
        for at, message in enumerate(messages):
            if message.get("role") == "tool":
                return text_of(message.get("content")), messages[at + 1 :]
    return None, []
