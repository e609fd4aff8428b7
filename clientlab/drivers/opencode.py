"""OpenCode: OpenAI Chat Completions through its openai-compatible provider. The catalog
ends the system message; activation is the `skill` tool's result."""

from __future__ import annotations

import json
import os

from clientlab.drivers.base import Paths, Run, ToolScript, between, xml_names
from clientlab.drivers.openai_chat import SkillToolDriver, system_texts
from clientlab.mock_model import Recorded, ToolCall

HEADER = "Skills provide specialized instructions"
END = "</available_skills>"


class OpenCode(SkillToolDriver):
    agent = "opencode"
    package = "opencode-ai"
    # What a fork renames: its binary, its config folder and file under ~/.config, and the
    # prefix of its environment switches.
    binary = "opencode"
    config_name = "opencode"
    env_prefix = "OPENCODE"
    # Switches beyond the models fetch and the auto-update, which every fork has.
    extra_switches: tuple[str, ...] = ()

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".config", self.config_name)
        os.makedirs(folder, exist_ok=True)
        config = {
            "provider": {
                "lab": {
                    "npm": "@ai-sdk/openai-compatible",
                    "name": "Lab",
                    "options": {"baseURL": paths.url + "/v1", "apiKey": "lab"},
                    "models": {"lab-model": {"name": "Lab model"}},
                }
            }
        }
        with open(os.path.join(folder, f"{self.config_name}.json"), "w", encoding="utf-8") as f:
            json.dump(config, f)
        switches = ("DISABLE_MODELS_FETCH", "DISABLE_AUTOUPDATE", *self.extra_switches)
        env = self.base_env(paths) | {f"{self.env_prefix}_{name}": "1" for name in switches}
        argv = [f"{paths.bin_dir}/{self.binary}", "run", "-m", "lab/lab-model", prompt]
        return Run(argv, env)

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        return None if skill is None else ToolCall("skill", {"name": skill})

    def catalog(self, requests: list[Recorded]) -> str | None:
        for text in system_texts(requests):
            at = text.find(HEADER)
            if at == -1:
                continue
            # OpenCode does not escape descriptions, so a description may hold the end
            # tag itself: the catalog ends at the last one.
            stop = text.rfind(END)
            if stop < at:
                return (between(text, HEADER, None) or "") + END
            return text[at:stop] + END
        return None

    def listed(self, catalog: str) -> list[str]:
        return xml_names(catalog)

    def activated(self, text: str) -> bool:
        return text.startswith("<skill_content")


DRIVER = OpenCode()
