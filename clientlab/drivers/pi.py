"""pi: OpenAI Chat Completions through a provider in `~/.pi/agent/models.json`. The catalog
ends the system message; the model activates a skill by reading its SKILL.md with `read`,
at the location the catalog gives."""

from __future__ import annotations

import html
import json
import os
import re
from typing import Any

from clientlab.drivers.base import Driver, Paths, Run, ToolScript, first_section, xml_names
from clientlab.drivers.openai_chat import after_tool_result, system_texts, text_of
from clientlab.mock_model import Recorded, ToolCall

HEADER = "The following skills provide specialized instructions"
END = "</available_skills>"


class Pi(Driver):
    agent = "pi"
    package = "@mariozechner/pi-coding-agent"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".pi", "agent")
        os.makedirs(folder, exist_ok=True)
        models = {
            "providers": {
                "lab": {
                    "api": "openai-completions",
                    "baseUrl": paths.url + "/v1",
                    "apiKey": "lab",
                    "models": [{"id": "lab-model"}],
                }
            }
        }
        with open(os.path.join(folder, "models.json"), "w", encoding="utf-8") as handle:
            json.dump(models, handle)
        argv = [f"{paths.bin_dir}/pi", "--provider", "lab", "--model", "lab-model", "-p", prompt]
        return Run(argv, self.base_env(paths))

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        if skill is None:
            return None

        def read_listed(body: Any) -> ToolCall | None:
            for message in (body or {}).get("messages") or []:
                if message.get("role") != "system":
                    continue
                location = _location(text_of(message.get("content")), skill)
                if location is not None:
                    return ToolCall("read", {"path": location})
            return None

        return read_listed

    def catalog(self, requests: list[Recorded]) -> str | None:
        return first_section(system_texts(requests), HEADER, END)

    def listed(self, catalog: str) -> list[str]:
        return xml_names(catalog)

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        text, _ = after_tool_result(requests)
        return text


def _location(system: str, skill: str) -> str | None:
    for block in re.findall(r"<skill>(.*?)</skill>", system, flags=re.DOTALL):
        name = re.search(r"<name>(.*?)</name>", block)
        location = re.search(r"<location>(.*?)</location>", block)
        if name and location and html.unescape(name.group(1)) == skill:
            return html.unescape(location.group(1))
    return None


DRIVER = Pi()
