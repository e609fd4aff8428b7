"""Kilo Code CLI (an OpenCode fork, a native binary in its npm package): OpenAI Chat
Completions through its openai-compatible provider. Catalog and activation sit where
OpenCode puts them; only the binary, its config file and its environment differ."""

from __future__ import annotations

from clientlab.drivers.opencode import OpenCode


class Kilo(OpenCode):
    agent = "kilo"
    package = "@kilocode/cli"
    # Each run starts slowly (about 40 s on two busy cores).
    timeout = 150.0
    binary = "kilo"
    config_name = "kilo"
    env_prefix = "KILO"
    extra_switches = ("DISABLE_SHARE", "DISABLE_LSP_DOWNLOAD")


DRIVER = Kilo()
