"""Copilot CLI (offline, bring-your-own-model): OpenAI Chat Completions. The catalog is an
`<available_skills>` block inside the system prompt's `<skill>` section; activation is the
`skill` tool's result followed by a `<skill-context>` user message."""

from __future__ import annotations

import re

from clientlab.drivers.base import Driver, Paths, Run, ToolScript, first_section, xml_names
from clientlab.drivers.openai_chat import after_tool_result, system_texts, text_of
from clientlab.mock_model import Recorded, ToolCall

HEADER = "<available_skills>"
END = "</available_skills>"


class CopilotCli(Driver):
    agent = "copilot-cli"
    package = "@github/copilot"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        env = self.base_env(paths) | {
            "COPILOT_OFFLINE": "true",
            "COPILOT_PROVIDER_BASE_URL": paths.url + "/v1",
            "COPILOT_PROVIDER_TYPE": "openai",
            "COPILOT_PROVIDER_API_KEY": "lab",
            "COPILOT_MODEL": "lab-model",
            "COPILOT_ALLOW_ALL": "true",
        }
        argv = [f"{paths.bin_dir}/copilot", "-p", prompt, "--allow-all-tools"]
        return Run(argv, env)

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        return None if skill is None else ToolCall("skill", {"skill": skill})

    def catalog(self, requests: list[Recorded]) -> str | None:
        return first_section(system_texts(requests), HEADER, END)

    def listed(self, catalog: str) -> list[str]:
        names = xml_names(catalog)
        # Past its budget Copilot CLI names the rest on one line; they can still be invoked.
        rest = re.search(r"^Additional skills available \(invoke by name\): (.*)$", catalog, re.M)
        return names + (rest.group(1).split(", ") if rest else [])

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        result, after = after_tool_result(requests)
        if result is None:
            return None
        for message in after:
            text = text_of(message.get("content"))
            if message.get("role") == "user" and text.startswith("<skill-context"):
                return text
        return None

    def refusal(self, requests: list[Recorded], skill: str) -> str | None:
        result, _ = after_tool_result(requests)
        return result


DRIVER = CopilotCli()
