"""Codex: OpenAI Responses API through a provider in `~/.codex/config.toml`. The catalog is a
developer message `<skills_instructions>`; a `$name` mention in the prompt makes Codex add
the skill as a `<skill>` user message to the same request."""

from __future__ import annotations

import os
import re

from clientlab.drivers.base import Driver, Paths, Run, between, model_requests
from clientlab.mock_model import Recorded

HEADER = "<skills_instructions>"
END = "</skills_instructions>"


class Codex(Driver):
    agent = "codex"
    package = "@openai/codex"

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".codex")
        os.makedirs(folder, exist_ok=True)
        config = (
            'model_provider = "lab"\n'
            'model = "lab-model"\n'
            "[model_providers.lab]\n"
            'name = "Lab"\n'
            f'base_url = "{paths.url}/v1"\n'
            'env_key = "LAB_API_KEY"\n'
            'wire_api = "responses"\n'
            "request_max_retries = 0\n"
            "stream_max_retries = 0\n"
            f'[projects."{paths.workspace}"]\n'
            'trust_level = "trusted"\n'
        )
        with open(os.path.join(folder, "config.toml"), "w", encoding="utf-8") as handle:
            handle.write(config)
        env = self.base_env(paths) | {"LAB_API_KEY": "lab"}
        argv = [f"{paths.bin_dir}/codex", "exec", "--skip-git-repo-check", prompt]
        return Run(argv, env)

    def prompt(self, skill: str | None, arguments: str) -> str:
        if skill is None:
            return "Say hello."
        return f"Use ${skill} please." + (f" {arguments}" if arguments else "")

    def _texts(self, requests: list[Recorded]) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = []
        for body in model_requests(requests):
            for item in body.get("input") or []:
                if not isinstance(item, dict) or item.get("type") != "message":
                    continue
                for part in item.get("content") or []:
                    if isinstance(part, dict) and isinstance(part.get("text"), str):
                        found.append((str(item.get("role")), part["text"]))
            break  # the first request carries both the catalog and the mention
        return found

    def catalog(self, requests: list[Recorded]) -> str | None:
        for role, text in self._texts(requests):
            found = between(text, HEADER, END)
            if role == "developer" and found is not None:
                return found + END
        return None

    def listed(self, catalog: str) -> list[str]:
        return re.findall(r"^- ([^:`\n]+):", catalog, flags=re.MULTILINE)

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        for role, text in self._texts(requests):
            if role == "user" and text.startswith("<skill>"):
                return text
        return None


DRIVER = Codex()
