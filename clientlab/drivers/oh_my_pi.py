"""oh-my-pi (`omp`, a fork of pi that runs on Bun): OpenAI Chat Completions through a
provider in `~/.omp/agent/models.yml`; no login. The catalog is a `<skills>` list of
`- name: description` lines in the system message; the model activates a skill by reading
`skill://<name>` with the `read` tool."""

from __future__ import annotations

import os
import re

from clientlab.drivers.base import Driver, Paths, Run, ToolScript, first_section
from clientlab.drivers.openai_chat import after_tool_result, system_texts
from clientlab.mock_model import Recorded, ToolCall

HEADER = "Matching skill → MUST read `skill://<name>` first.\n<skills>\n"
END = "</skills>"
# `- name: description`, one entry a line (a name holds no `: `).
# What `read` answers for a name it has no skill of (then the names it has).
UNKNOWN = "Unknown skill: "
ENTRY = re.compile(r"^- (.*?):(?: |$)", re.MULTILINE)  # an empty description ends at the colon

MODELS = """providers:
  lab:
    api: openai-completions
    baseUrl: {url}/v1
    apiKey: lab
    models:
      - id: lab-model
"""


class OhMyPi(Driver):
    agent = "oh-my-pi"
    package = "@oh-my-pi/pi-coding-agent"
    project_root = ".omp/skills"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".omp", "agent")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "models.yml"), "w", encoding="utf-8") as handle:
            handle.write(MODELS.format(url=paths.url))
        # `omp` starts with `#!/usr/bin/env bun`: the `bun` package pinned beside it puts
        # Bun in node_modules/.bin, which is on the run's PATH.
        argv = [f"{paths.bin_dir}/omp", "--provider", "lab", "--model", "lab-model", "-p", prompt]
        return Run(argv, self.base_env(paths))

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        return None if skill is None else ToolCall("read", {"path": f"skill://{skill}"})

    def catalog(self, requests: list[Recorded]) -> str | None:
        return first_section(system_texts(requests), HEADER, END)

    def listed(self, catalog: str) -> list[str]:
        return ENTRY.findall(catalog[len(HEADER) :])

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        text, _ = after_tool_result(requests)
        return None if text is None or text.startswith(UNKNOWN) else text

    def refusal(self, requests: list[Recorded], skill: str) -> str | None:
        text, _ = after_tool_result(requests)
        return text


DRIVER = OhMyPi()
