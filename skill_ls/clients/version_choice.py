"""The versions a run judges agents by (`clients.versions`), as the command line and the
editor's setting pass them on: `SKILL_LS_AGENT_VERSIONS=pi=0.60.0,claude-code=2.1.300` in the
environment, read when the client table is built, and inherited by worker processes. Light
on purpose: the language server reads its setting before it loads anything else."""

from __future__ import annotations

import os
from collections.abc import Mapping

from skill_ls.clients.install_facts import version_key

ENVIRONMENT = "SKILL_LS_AGENT_VERSIONS"


def parse_choice(text: str) -> dict[str, str]:
    """`ID=VERSION` pairs, comma-separated; raises ValueError on a malformed pair."""
    chosen: dict[str, str] = {}
    for pair in filter(None, (part.strip() for part in text.split(","))):
        client_id, sep, version = pair.partition("=")
        if not sep or not client_id.strip() or version_key(version) is None:
            raise ValueError(f"expected ID=VERSION (dotted numbers), got {pair!r}")
        chosen[client_id.strip()] = version.strip()
    return chosen


def encode(chosen: Mapping[str, str]) -> str:
    """The environment variable's value for `chosen`."""
    return ",".join(f"{client_id}={version}" for client_id, version in chosen.items())


def chosen_versions(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The versions this process was asked to judge by (empty: the newest observed); a
    malformed value is ignored, as the command line and the server check it first."""
    try:
        return parse_choice((os.environ if environ is None else environ).get(ENVIRONMENT, ""))
    except ValueError:
        return {}
