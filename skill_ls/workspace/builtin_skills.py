"""An agent's built-in skill as a LoadedSkill in that agent's view (scope "builtin")."""

from __future__ import annotations

import posixpath

from skill_ls.clients.builtins import BuiltinSkill
from skill_ls.workspace.model import LoadedSkill
from skill_ls.workspace.roots import Environment


def builtin_skill(builtin: BuiltinSkill, environment: Environment) -> LoadedSkill:
    location = builtin.location or ""
    if location.startswith(("~", "$")):
        location = environment.expand(location)
    folder = posixpath.dirname(location) if location.endswith("SKILL.md") else location
    root = posixpath.dirname(folder) if folder else ""
    return LoadedSkill(
        name=builtin.name,
        description=builtin.description,
        path=location,
        folder=folder,
        real_path=location,
        scope="builtin",
        root=root,
        relative_path=f"{builtin.name}/SKILL.md",
        root_pattern=_root_pattern(builtin.location or ""),
    )


def _root_pattern(location: str) -> str:
    """The root folder of a built-in's location pattern, unexpanded."""
    folder = posixpath.dirname(location) if location.endswith("SKILL.md") else location
    return posixpath.dirname(folder) if folder else ""
