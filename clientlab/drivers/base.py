"""What a driver knows about one agent: how to point it at the mock model, how to ask it
for a skill, and where in its requests the catalog and the activation text sit."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from clientlab.mock_model import Recorded, ToolCall

# A tool call, or a function of the request body that decides one (pi reads the path it
# was given in the catalog).
ToolScript = ToolCall | Callable[[Any], ToolCall | None] | None


@dataclass(frozen=True)
class Run:
    """One prepared run: the command line and its environment."""

    argv: list[str]
    env: dict[str, str]


@dataclass(frozen=True)
class Paths:
    base: str  # the run's temporary folder
    workspace: str
    home: str
    agent_dir: str  # where the agent's package is installed
    bin_dir: str  # node_modules/.bin of the install
    node_dir: str  # the Node binary's folder
    url: str  # the mock model server


class Driver:
    """Subclasses fill in one agent. `agent` is its skill-ls client id."""

    agent: str = ""
    package: str = ""
    # The project root `{project}` stands for in scenarios.
    project_root: str = ".agents/skills"
    timeout: float = 90.0

    def prepare(self, paths: Paths, prompt: str) -> Run:
        raise NotImplementedError

    def prompt(self, skill: str | None, arguments: str) -> str:
        if skill is None:
            return "Say hello."
        return f"Use the {skill} skill." + (f" Arguments: {arguments}" if arguments else "")

    def tool_call(self, skill: str | None, arguments: str, paths: Paths) -> ToolScript:
        return None

    def catalog(self, requests: list[Recorded]) -> str | None:
        """The catalog section of the first model request that has one."""
        raise NotImplementedError

    def listed(self, catalog: str) -> list[str]:
        raise NotImplementedError

    def activation(self, requests: list[Recorded], skill: str) -> str | None:
        """The text the model received for `skill`; None when the agent refused."""
        raise NotImplementedError

    def refusal(self, requests: list[Recorded], skill: str) -> str | None:
        """What the agent answered instead of activating (a tool error), if anything."""
        return None

    @staticmethod
    def base_env(paths: Paths) -> dict[str, str]:
        return {
            "PATH": os.pathsep.join(
                [paths.node_dir, paths.bin_dir, "/usr/local/bin", "/usr/bin", "/bin"]
            ),
            "HOME": paths.home,
            "TERM": "dumb",
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
            "TMPDIR": os.path.join(paths.base, "tmp"),
        }


def first_section(texts: list[str], start: str, end: str) -> str | None:
    """From `start` through the first `end` after it, in the first text that has both."""
    for text in texts:
        found = between(text, start, end)
        if found is not None:
            return found + end
    return None


def xml_names(catalog: str) -> list[str]:
    """The `<name>` of every entry of an `<available_skills>`-style catalog, in order."""
    return re.findall(r"<name>(.*?)</name>", catalog)


def model_requests(requests: list[Recorded]) -> list[dict[str, Any]]:
    """The JSON bodies of POST requests, in order."""
    return [r.body for r in requests if r.method == "POST" and isinstance(r.body, dict)]


def between(text: str, start: str, end: str | None, include_start: bool = True) -> str | None:
    at = text.find(start)
    if at == -1:
        return None
    stop = len(text) if end is None else text.find(end, at + len(start))
    if stop == -1:
        stop = len(text)
    return text[at if include_start else at + len(start) : stop]
