"""Claude Code: Anthropic Messages API. The catalog is a `system` message appended to
`messages`; activation is the `Skill` tool, whose result is followed by a text block."""

from __future__ import annotations

import re
from typing import Any

from clientlab.drivers.base import Driver, Paths, Run, ToolScript, between, model_requests
from clientlab.mock_model import Recorded, ToolCall

HEADER = "The following skills are available for use with the Skill tool:"
END = "\n\nToday's date is"


class ClaudeCode(Driver):
    agent = "claude-code"
    package = "@anthropic-ai/claude-code"
    project_root = ".claude/skills"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        env = self.base_env(paths) | {
            "ANTHROPIC_BASE_URL": paths.url,
            "ANTHROPIC_API_KEY": "sk-lab",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
        }
        argv = [
            f"{paths.bin_dir}/claude",
            "-p",
            prompt,
            "--allowedTools",
            "Skill",
            "--output-format",
            "json",
        ]
        return Run(argv, env)

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        if skill is None:
            return None
        return ToolCall(
            "Skill", {"skill": skill, "args": arguments} if arguments else {"skill": skill}
        )

    def catalog(self, requests: list[Recorded]) -> str | None:
        for body in model_requests(requests):
            for text in _system_texts(body):
                found = between(text, HEADER, END)
                if found is not None:
                    return found
        return None

    def listed(self, catalog: str) -> list[str]:
        return re.findall(r"^- (.+?)(?::(?: |$)|$)", catalog, flags=re.MULTILINE)

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        for body in model_requests(requests):
            for message in body.get("messages") or []:
                content = message.get("content")
                if message.get("role") != "user" or not isinstance(content, list):
                    continue
                for at, block in enumerate(content):
                    if block.get("type") == "tool_result" and not block.get("is_error"):
                        texts = [
                            b.get("text", "") for b in content[at + 1 :] if b.get("type") == "text"
                        ]
                        if texts:
                            return "\n".join(texts)
        return None

    def refusal(self, requests: list[Recorded], skill: str) -> str | None:
        for body in model_requests(requests):
            for message in body.get("messages") or []:
                content = message.get("content")
                if not isinstance(content, list):
                    continue
                for block in content:
                    if block.get("type") == "tool_result" and block.get("is_error"):
                        return _text_of(block.get("content"))
        return None


def _system_texts(body: dict[str, Any]) -> list[str]:
    texts: list[str] = []
    for message in body.get("messages") or []:
        if message.get("role") == "system":
            texts.append(_text_of(message.get("content")))
    return texts


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(b.get("text", "") for b in content if isinstance(b, dict))
    return ""


DRIVER = ClaudeCode()
