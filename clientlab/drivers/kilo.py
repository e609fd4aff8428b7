"""Kilo Code CLI (an OpenCode fork, a native binary in its npm package): OpenAI Chat
Completions through its openai-compatible provider. Catalog and activation sit where
OpenCode puts them; only the binary, its config file and its environment differ."""

from __future__ import annotations

import json
import os

from clientlab.drivers.base import Paths, Run
from clientlab.drivers.opencode import OpenCode


class Kilo(OpenCode):
    agent = "kilo"
    package = "@kilocode/cli"
    # Each run starts slowly (about 40 s on two busy cores).
    timeout = 150.0

    def prepare(self, paths: Paths, prompt: str) -> Run:
        folder = os.path.join(paths.home, ".config", "kilo")
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
        with open(os.path.join(folder, "kilo.json"), "w", encoding="utf-8") as handle:
            json.dump(config, handle)
        env = self.base_env(paths) | {
            "KILO_DISABLE_MODELS_FETCH": "1",
            "KILO_DISABLE_AUTOUPDATE": "1",
            "KILO_DISABLE_SHARE": "1",
            "KILO_DISABLE_LSP_DOWNLOAD": "1",
        }
        argv = [f"{paths.bin_dir}/kilo", "run", "-m", "lab/lab-model", prompt]
        return Run(argv, env)
