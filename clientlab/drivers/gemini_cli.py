"""Gemini CLI: Gemini API. The catalog sits in `systemInstruction` under
`# Available Agent Skills`; activation is the `activate_skill` tool's function response."""

from __future__ import annotations

import json
import os
import re
from typing import Any

from clientlab.drivers.base import (
    Driver,
    Paths,
    Run,
    ToolScript,
    between,
    model_requests,
    xml_names,
)
from clientlab.mock_model import Recorded, ToolCall

HEADER = "# Available Agent Skills"
END = "</available_skills>"
# The list's own closing tag: on a line of its own, then a blank line (the next section of
# the system prompt) or the end. Gemini CLI escapes nothing, so a description may hold
# `</available_skills>` too.
_CLOSING = re.compile(r"\n</available_skills>(?=\n\n|\Z)")


class GeminiCli(Driver):
    agent = "gemini-cli"
    package = "@google/gemini-cli"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".gemini")
        os.makedirs(folder, exist_ok=True)
        settings = {
            "security": {
                "auth": {"selectedType": "gemini-api-key"},
                "folderTrust": {"enabled": False},
            }
        }
        with open(os.path.join(folder, "settings.json"), "w", encoding="utf-8") as handle:
            json.dump(settings, handle)
        env = self.base_env(paths) | {
            "GEMINI_API_KEY": "lab",
            "GOOGLE_GEMINI_BASE_URL": paths.url,
            "GEMINI_CLI_NO_RELAUNCH": "true",
        }
        argv = [f"{paths.bin_dir}/gemini", "-m", "gemini-2.5-pro", "--yolo", "-p", prompt]
        return Run(argv, env)

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        return None if skill is None else ToolCall("activate_skill", {"name": skill})

    def catalog(self, requests: list[Recorded]) -> str | None:
        for body in model_requests(requests):
            text = _system(body)
            at = text.find(HEADER)
            if at == -1:
                continue
            closing = _CLOSING.search(text, at)
            if closing is not None:
                return text[at : closing.end()]
            found = between(text, HEADER, END)
            if found is not None:
                return found + END
        return None

    def listed(self, catalog: str) -> list[str]:
        return xml_names(catalog)

    def _response(self, requests: list[Recorded]) -> dict[str, Any] | None:
        for body in model_requests(requests):
            for content in body.get("contents") or []:
                for part in content.get("parts") or []:
                    response = part.get("functionResponse")
                    if isinstance(response, dict) and response.get("name") == "activate_skill":
                        return response.get("response") or {}
        return None

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        response = self._response(requests)
        if response is None or "output" not in response:
            return None
        return str(response["output"])

    def refusal(self, requests: list[Recorded], skill: str) -> str | None:
        response = self._response(requests)
        if response is None:
            return None
        return json.dumps(response, ensure_ascii=False)


def _system(body: dict[str, Any]) -> str:
    instruction = body.get("systemInstruction") or {}
    if isinstance(instruction, str):
        return instruction
    return "".join(part.get("text", "") for part in instruction.get("parts") or [])


DRIVER = GeminiCli()
