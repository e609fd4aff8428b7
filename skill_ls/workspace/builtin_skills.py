"""An agent's built-in skills as LoadedSkills in that agent's view (scope "builtin"), and
where they go among the skills found."""

from __future__ import annotations

import posixpath
from functools import partial

from skill_ls.clients.builtins import BuiltinSkill, builtins_of
from skill_ls.clients.clashes import clash_key
from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill
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


def with_builtins(
    client: Client, found: list[LoadedSkill], environment: Environment
) -> tuple[LoadedSkill, ...]:
    """The client's own built-in skills (in its order), then the skills found; or after
    them (`Client.clashes.builtin_position`).

    A found skill with a built-in's name replaces it, unless the client lists both
    (`Client.clashes.builtin_clash`); in the built-in's place if
    `Client.clashes.clash_keeps_place`."""
    builtin_set = builtins_of(client)
    if builtin_set is None:
        return tuple(found)
    # Names compared as the client clashes them (case folded where it folds case).
    key = partial(clash_key, client.clashes)
    if client.clashes.builtin_clash == "replaced" and client.clashes.clash_keeps_place:
        by_name = {key(skill.name): skill for skill in found}
        names = {key(builtin.name) for builtin in builtin_set.skills}
        in_place = [
            by_name.get(key(builtin.name)) or builtin_skill(builtin, environment)
            for builtin in builtin_set.skills
        ]
        rest = [skill for skill in found if key(skill.name) not in names]
        return (
            (*rest, *in_place) if client.clashes.builtin_position == "last" else (*in_place, *rest)
        )
    replaced = client.clashes.builtin_clash == "replaced"
    taken = {key(skill.name) for skill in found} if replaced else set()
    builtins = [
        builtin_skill(builtin, environment)
        for builtin in builtin_set.skills
        if key(builtin.name) not in taken
    ]
    if client.clashes.builtin_position == "last":
        return (*found, *builtins)
    return (*builtins, *found)
