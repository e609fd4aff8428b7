"""Cline CLI (a native binary in its npm package), offline through its `openai-compatible`
provider, which speaks OpenAI Chat Completions against a base URL ending in `/v1`. The
provider is the one `cline auth -p openai-compatible -k KEY -m MODEL -b URL` records in
`~/.cline/data/settings/providers.json`; the driver writes that file itself (the same
fields), so a run starts no second process. The catalog is the end of the `skills` tool's
description (`Available skills: a, b.`; the tool is offered only when some skill is
loaded); activation is that tool's result."""

from __future__ import annotations

import json
import os

from clientlab.drivers.base import Paths, Run, ToolScript, model_requests
from clientlab.drivers.openai_chat import SkillToolDriver
from clientlab.mock_model import Recorded, ToolCall

TOOL = "skills"
HEADER = "Available skills: "
# The activation opens with the skill's name in this tag; an error is a plain sentence.
ACTIVATED = "<command-name>"


class Cline(SkillToolDriver):
    agent = "cline"
    # The `cline` wrapper (the same version) runs this package's binary.
    package = "@cline/cli-linux-x64"
    project_root = ".cline/skills"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".cline", "data", "settings")
        os.makedirs(folder, exist_ok=True)
        settings = {
            "provider": "openai-compatible",
            "apiKey": "lab",
            "model": "lab-model",
            "baseUrl": paths.url + "/v1",
        }
        providers = {
            "version": 1,
            "lastUsedProvider": "openai-compatible",
            "modes": {},
            "providers": {
                "openai-compatible": {
                    "settings": settings,
                    "updatedAt": "2026-01-01T00:00:00.000Z",
                    "tokenSource": "manual",
                }
            },
        }
        with open(os.path.join(folder, "providers.json"), "w", encoding="utf-8") as handle:
            json.dump(providers, handle)
        # Headless, it refuses a prompt without whitespace as an unknown command ("Prompt
        # text must be passed as a single quoted argument"); it trims the prompt it sends,
        # so a trailing space gets a one-word prompt (the mention probe's) through as is.
        if not any(char.isspace() for char in prompt):
            prompt += " "
        argv = [f"{paths.bin_dir}/cline", "--json", prompt]
        return Run(argv, self.base_env(paths))

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        if skill is None:
            return None
        return ToolCall(TOOL, {"skill": skill, "args": arguments or None})

    def catalog(self, requests: list[Recorded]) -> str | None:
        for description in _tool_descriptions(requests):
            at = description.find(HEADER)
            if at != -1:
                return description[at:]
        return None

    def listed(self, catalog: str) -> list[str]:
        names = catalog.removeprefix(HEADER).removesuffix(".")
        return names.split(", ") if names else []

    def activated(self, text: str) -> bool:
        return text.startswith(ACTIVATED)


def _tool_descriptions(requests: list[Recorded]) -> list[str]:
    """The `skills` tool's description in every request that offers it."""
    found: list[str] = []
    for body in model_requests(requests):
        for tool in body.get("tools") or []:
            function = tool.get("function") or {}
            if function.get("name") == TOOL:
                found.append(str(function.get("description") or ""))
    return found


DRIVER = Cline()
