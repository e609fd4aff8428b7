"""Continue CLI (`cn`), offline through a local `config.yaml` naming an OpenAI-compatible
model whose `apiBase` is the mock: Chat Completions, no login. The catalog is the
description of its `Skills` tool; activation is that tool's result."""

from __future__ import annotations

import json
import os
import re
from typing import Any

from clientlab.drivers.base import Paths, Run, ToolScript, model_requests
from clientlab.drivers.openai_chat import SkillToolDriver
from clientlab.mock_model import Recorded, ToolCall

TOOL = "Skills"
# The tool's description: a fixed sentence, then one `name:`/`description:` pair per skill.
HEADER = "Use this tool to read the content of a skill by its name."
# The activation: the tool's answer, when the skill was found.
ACTIVATED = "<skill_name>"
# Each entry opens with a blank line and `name: ` (entries are joined by `,`).
ENTRY = re.compile(r"(?:^|\n,?)\nname: (.*)\ndescription: ")


class ContinueCli(SkillToolDriver):
    agent = "continue"
    package = "@continuedev/cli"
    project_root = ".continue/skills"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.base, "config")
        os.makedirs(folder, exist_ok=True)
        config = os.path.join(folder, "config.yaml")
        # JSON is YAML: one OpenAI-compatible model served by the mock.
        document = {
            "name": "lab",
            "version": "1.0.0",
            "schema": "v1",
            "models": [
                {
                    "name": "lab-model",
                    "provider": "openai",
                    "model": "lab-model",
                    "apiBase": paths.url + "/v1/",
                    "apiKey": "lab",
                    "roles": ["chat"],
                }
            ],
        }
        with open(config, "w", encoding="utf-8") as handle:
            json.dump(document, handle)
        env = self.base_env(paths) | {"CONTINUE_CLI_ENABLE_TELEMETRY": "0"}
        argv = [f"{paths.bin_dir}/cn", "--config", config, "-p", prompt]
        return Run(argv, env)

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        # The Skills tool takes the name only.
        return None if skill is None else ToolCall(TOOL, {"skill_name": skill})

    def catalog(self, requests: list[Recorded]) -> str | None:
        for body in model_requests(requests):
            for tool in body.get("tools") or []:
                function: dict[str, Any] = tool.get("function") or {}
                if function.get("name") == TOOL:
                    description = function.get("description")
                    if isinstance(description, str) and description.startswith(HEADER):
                        return description
        return None

    def listed(self, catalog: str) -> list[str]:
        return ENTRY.findall(catalog.split("\n", 1)[1] if "\n" in catalog else "")

    def activated(self, text: str) -> bool:
        return text.startswith(ACTIVATED)


DRIVER = ContinueCli()
