"""Kimi Code CLI, offline through the model its environment names (`KIMI_MODEL_NAME`,
`KIMI_MODEL_PROVIDER_TYPE=openai`, `KIMI_MODEL_BASE_URL`): OpenAI Chat Completions, no
login. The catalog is the `# Skills` section of the system message; the `Skill` tool answers
that the skill was loaded, and the skill's text follows as a user message."""

from __future__ import annotations

import os
import re
from typing import Any

from clientlab.drivers.base import Driver, Paths, Run, ToolScript, model_requests
from clientlab.drivers.openai_chat import system_texts, text_of
from clientlab.mock_model import Recorded, ToolCall

# The listing opens with this line and runs to the end of the section.
HEADER = "DISREGARD any earlier skill listings. Current available skills:"
# The skills section ends the system prompt with two blank lines (plugins' instructions
# would follow under this heading; the lab installs none).
END = "\n\n\n"
PLUGINS = "\n\n\n\n# Plugin Instructions"
# A skill's entry: `- name: description` (a name holds no `: `).
ENTRY = re.compile(r"^- (.*?): ", re.MULTILINE)
# The user message the Skill tool sends after its answer.
ACTIVATED = "Skill tool loaded instructions for this request. Follow them."


class KimiCode(Driver):
    agent = "kimi-code"
    package = "@moonshot-ai/kimi-code"
    project_root = ".kimi-code/skills"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        os.makedirs(os.path.join(paths.home, ".kimi-code"), exist_ok=True)
        env = self.base_env(paths) | {
            "KIMI_MODEL_NAME": "lab-model",
            "KIMI_MODEL_API_KEY": "lab",
            "KIMI_MODEL_PROVIDER_TYPE": "openai",
            "KIMI_MODEL_BASE_URL": paths.url + "/v1",
            "KIMI_CODE_NO_AUTO_UPDATE": "1",
        }
        argv = [f"{paths.bin_dir}/kimi", "-p", prompt]
        return Run(argv, env)

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        if skill is None:
            return None
        payload = {"skill": skill, "args": arguments} if arguments else {"skill": skill}
        return ToolCall("Skill", payload)

    def catalog(self, requests: list[Recorded]) -> str | None:
        for text in system_texts(requests):
            at = text.find(HEADER)
            if at == -1:
                continue
            stop = text.find(PLUGINS, at)
            section = text[at:] if stop == -1 else text[at:stop] + END
            return section.removesuffix(END)
        return None

    def listed(self, catalog: str) -> list[str]:
        return ENTRY.findall(catalog)

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        for text in _after_tool_user_texts(requests):
            if text.startswith(ACTIVATED):
                return text
        return None

    def refusal(self, requests: list[Recorded], skill: str) -> str | None:
        for body in reversed(model_requests(requests)):
            for message in body.get("messages") or []:
                if message.get("role") == "tool":
                    return text_of(message.get("content"))
        return None


def _after_tool_user_texts(requests: list[Recorded]) -> list[str]:
    """The user messages after the first tool result of the last request that has one."""
    for body in reversed(model_requests(requests)):
        messages: list[dict[str, Any]] = body.get("messages") or []
        for at, message in enumerate(messages):
            if message.get("role") == "tool":
                return [
                    text_of(later.get("content"))
                    for later in messages[at + 1 :]
                    if later.get("role") == "user"
                ]
    return []


DRIVER = KimiCode()
