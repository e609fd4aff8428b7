"""Factory Droid (a native binary in its npm package), offline through a custom model in
`~/.factory/config.json` that speaks OpenAI Chat Completions; no login. The catalog is a
`<system-reminder>` among the parts of the first user message; activation is the `Skill`
tool's result."""

from __future__ import annotations

import json
import os
import re
from typing import Any

from clientlab.drivers.base import Paths, Run, ToolScript, model_requests
from clientlab.drivers.openai_chat import SkillToolDriver, text_of
from clientlab.mock_model import Recorded, ToolCall

HEADER = "Available skills (invoke by exact name when its description matches the request):"
END = "\n</system-reminder>"
# The activation: the tool's answer, when the skill was found.
ACTIVATED = re.compile(r'Skill "[^"\n]*" is now active\.')
# `name: description`, one a line, or the name alone past the budget (a name holds no `:`).
ENTRY = re.compile(r"^([^:\n]+)(?:: |$)", re.MULTILINE)


class Droid(SkillToolDriver):
    agent = "droid"
    # @factory/cli 0.225.1 runs its platform package's binary; that package is published at
    # 0.225.2 only, so the binary that answers (and its version) is this one's.
    package = "@factory/cli-linux-x64"
    project_root = ".factory/skills"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".factory")
        os.makedirs(folder, exist_ok=True)
        config = {
            "custom_models": [
                {
                    "model_display_name": "Lab model",
                    "model": "lab-model",
                    "base_url": paths.url + "/v1",
                    "api_key": "lab",
                    "provider": "generic-chat-completion-api",
                    "max_tokens": 4096,
                }
            ]
        }
        with open(os.path.join(folder, "config.json"), "w", encoding="utf-8") as handle:
            json.dump(config, handle)
        argv = [f"{paths.bin_dir}/droid", "exec", "-m", "custom:lab-model", prompt]
        return Run(argv, self.base_env(paths))

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        # Droid's Skill tool takes the name only.
        return None if skill is None else ToolCall("Skill", {"skill": skill})

    def catalog(self, requests: list[Recorded]) -> str | None:
        for parts in _first_user_parts(requests):
            for text in parts:
                at = text.find(HEADER)
                if at == -1:
                    continue
                stop = text.rfind(END)
                return text[at : len(text) if stop < at else stop]
        return None

    def listed(self, catalog: str) -> list[str]:
        return ENTRY.findall(catalog.split("\n", 1)[1] if "\n" in catalog else "")

    def activated(self, text: str) -> bool:
        return ACTIVATED.match(text) is not None


def _first_user_parts(requests: list[Recorded]) -> list[list[str]]:
    """The parts of the first user message of every request that offers tools."""
    found: list[list[str]] = []
    for body in model_requests(requests):
        if not body.get("tools"):
            continue
        messages: list[dict[str, Any]] = body.get("messages") or []
        for message in messages:
            if message.get("role") == "user":
                content = message.get("content")
                if isinstance(content, list):
                    found.append([text_of([part]) for part in content])
                else:
                    found.append([text_of(content)])
                break
    return found


DRIVER = Droid()
