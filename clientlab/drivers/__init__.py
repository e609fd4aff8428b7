"""One driver per agent the lab observes."""

from __future__ import annotations

from clientlab.drivers.base import Driver
from clientlab.drivers.claude_code import ClaudeCode
from clientlab.drivers.codex import Codex
from clientlab.drivers.copilot_cli import CopilotCli
from clientlab.drivers.droid import Droid
from clientlab.drivers.gemini_cli import GeminiCli
from clientlab.drivers.kilo import Kilo
from clientlab.drivers.opencode import OpenCode
from clientlab.drivers.pi import Pi
from clientlab.drivers.qwen_code import QwenCode

DRIVERS: dict[str, Driver] = {
    driver.agent: driver
    for driver in (
        ClaudeCode(),
        Codex(),
        CopilotCli(),
        Droid(),
        GeminiCli(),
        Kilo(),
        OpenCode(),
        Pi(),
        QwenCode(),
    )
}
