"""How an agent is installed on a user's machine (`Client.install`): the commands its
installer puts on PATH and the npm package behind them, so skill-ls can tell which version
a user runs (`workspace/installed_agents.py`) without running anything. Known for the agents
the client lab installs from npm (the same packages and commands its drivers start)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AgentInstall:
    # The launchers an install puts on PATH (the first found is read).
    commands: tuple[str, ...]
    # The npm package a launcher belongs to: its package.json names the version.
    package: str
    # The package's version when the lab observed the agent, where that differs from the
    # version the row names (a wrapper whose platform binary carries another version).
    observed_package_version: str | None = None


def version_key(version: str) -> tuple[int, ...] | None:
    """`2.1.332` → (2, 1, 332); None for a version that is not dotted numbers (a
    pre-release tag and anything else is not compared)."""
    parts = version.strip().split(".")
    if not parts or not all(part.isdigit() and len(part) <= 9 for part in parts):
        return None
    return tuple(int(part) for part in parts)
