"""Helpers for agents that speak OpenAI Chat Completions (pi, OpenCode, Kilo Code CLI,
Copilot CLI, Qwen Code, Factory Droid)."""

from __future__ import annotations

from typing import Any

from clientlab.drivers.base import Driver, model_requests
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


class SkillToolDriver(Driver):
    """An agent whose skill tool answers in the tool result: that answer is the activation
    when it opens as the agent's activation does (`activated`), else the agent's refusal."""

    def activated(self, text: str) -> bool:
        raise NotImplementedError

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        text, _ = after_tool_result(requests)
        return text if text is not None and self.activated(text) else None

    def refusal(self, requests: list[Recorded], skill: str) -> str | None:
        text, _ = after_tool_result(requests)
        return text
