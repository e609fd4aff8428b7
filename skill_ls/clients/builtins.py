"""Each agent's own built-in skills, as observed: data files `skill_ls/data/builtins/<id>.json`.

A built-in has no file in the workspace, but it is in the agent's catalog and takes part in
name clashes. Its location is a pattern: `~`, `$CODEX_HOME` and `$XDG_CONFIG_HOME` expand
like user roots; `<install>` stands for the agent's install folder, which skill-ls cannot
know, and is printed as it is.

An older version whose built-ins differ (a row's `Client.older`) has a file of its own,
`<id>@<version>.json`, the version its row was observed in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from skill_ls.clients.model import Client

INSTALL_PLACEHOLDER = "<install>"


@dataclass(frozen=True)
class BuiltinSkill:
    name: str
    description: str
    # Where the agent says the skill lives (a pattern, see above); None when it gives none.
    location: str | None = None


@dataclass(frozen=True)
class BuiltinSet:
    client: str
    observed: str  # "Claude Code 2.1.328"
    skills: tuple[BuiltinSkill, ...]
    # The agent loads its built-ins concurrently and their order can differ between runs;
    # `skills` is then the order seen most often.
    order_varies: bool = False


@cache
def builtins_for(client_id: str, version: str | None = None) -> BuiltinSet | None:
    """The client's built-in skills in the order the agent lists them, at `version` (the
    version a row was observed in) where that version's differ; None if it has none."""
    folder = resources.files("skill_ls") / "data" / "builtins"
    data_file = folder / f"{client_id}@{version}.json"
    if version is None or not data_file.is_file():
        data_file = folder / f"{client_id}.json"
    if not data_file.is_file():
        return None
    data = json.loads(data_file.read_text(encoding="utf-8"))
    skills = tuple(
        BuiltinSkill(item["name"], item["description"], item.get("location"))
        for item in data["skills"]
    )
    return BuiltinSet(client_id, data["observed"], skills, bool(data.get("order_varies", False)))


def builtins_of(client: Client) -> BuiltinSet | None:
    """The built-ins of the agent at the version its row was observed in (an older row
    has its version's, where they differ)."""
    return builtins_for(client.id, client.observed_version)
