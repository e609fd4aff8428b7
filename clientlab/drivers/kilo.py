"""Kilo Code CLI (an OpenCode fork, a native binary in its npm package): OpenAI Chat
Completions through its openai-compatible provider. Catalog and activation sit where
OpenCode puts them; only the binary, its config file and its environment differ."""

from __future__ import annotations

from clientlab.drivers.opencode import OpenCode


class Kilo(OpenCode):
    agent = "kilo"
    # @kilocode/cli 7.8.1 is a Node wrapper that runs its platform package's binary; that
    # package is published up to 7.7.9 only, pinned beside it, so the binary that answers
    # (and the version observed) is this one's.
    package = "@kilocode/cli-linux-x64"
    # Each run starts slowly (about 40 s on two busy cores).
    timeout = 150.0
    binary = "kilo"
    config_name = "kilo"
    env_prefix = "KILO"
    extra_switches = ("DISABLE_SHARE", "DISABLE_LSP_DOWNLOAD")


DRIVER = Kilo()
