"""Qwen Code (a Gemini CLI fork), offline through its OpenAI-compatible provider: Chat
Completions. The catalog is a `<system-reminder>` at the start of the first user message;
activation is the `skill` tool's result."""

from __future__ import annotations

import json
import os
import re
from typing import Any

from clientlab.drivers.base import Paths, Run, ToolScript, model_requests
from clientlab.drivers.openai_chat import SkillToolDriver, text_of
from clientlab.mock_model import Recorded, ToolCall

HEADER = "The following skills are available for use with the Skill tool."
END = "</available_skills>"
# With no skill at all it says so instead of listing.
EMPTY = "No skills are currently available."
# The activation is the skill's text after this line; an error result has no such line.
ACTIVATED = "Base directory for this skill: "


class QwenCode(SkillToolDriver):
    agent = "qwen-code"
    package = "@qwen-code/qwen-code"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".qwen")
        os.makedirs(folder, exist_ok=True)
        settings = {
            "security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}}
        }
        with open(os.path.join(folder, "settings.json"), "w", encoding="utf-8") as handle:
            json.dump(settings, handle)
        env = self.base_env(paths) | {
            "OPENAI_API_KEY": "lab",
            "OPENAI_BASE_URL": paths.url + "/v1",
            "OPENAI_MODEL": "lab-model",
            "QWEN_CODE_SUPPRESS_YOLO_WARNING": "1",
        }
        argv = [f"{paths.bin_dir}/qwen", "--yolo", "-p", prompt]
        return Run(argv, env)

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        if skill is None:
            return None
        # Qwen Code's Skill tool takes `args`, but ignores them for a skill.
        payload = {"skill": skill, "args": arguments} if arguments else {"skill": skill}
        return ToolCall("skill", payload)

    def catalog(self, requests: list[Recorded]) -> str | None:
        for text in _first_user_texts(requests):
            at = text.find(HEADER)
            if at != -1:
                # Names and descriptions are XML-escaped, so the first end tag is the list's.
                stop = text.find(END, at)
                return text[at : len(text) if stop == -1 else stop + len(END)]
            if EMPTY in text:
                return None
        return None

    def listed(self, catalog: str) -> list[str]:
        return re.findall(r"<name>\n(.*?)\n</name>", catalog)

    def activated(self, text: str) -> bool:
        return text.startswith(ACTIVATED)


def _first_user_texts(requests: list[Recorded]) -> list[str]:
    """The first user message of every request that offers tools (not side questions)."""
    texts: list[str] = []
    for body in model_requests(requests):
        if not body.get("tools"):
            continue
        messages: list[dict[str, Any]] = body.get("messages") or []
        for message in messages:
            if message.get("role") == "user":
                texts.append(text_of(message.get("content")))
                break
    return texts


DRIVER = QwenCode()
