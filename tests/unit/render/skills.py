"""A skill as one client's view holds it, for the renderers' unit tests."""

from __future__ import annotations

from skill_ls.workspace.index_records import LoadedSkill


def loaded_skill(
    name: str,
    description: str,
    root: str,
    scope: str = "project",
    hidden: bool = False,
    when_to_use: str | None = None,
) -> LoadedSkill:
    """`name`'s SKILL.md in a folder of its own directly below `root`."""
    folder = f"{root}/{name}"
    return LoadedSkill(
        name=name,
        description=description,
        path=f"{folder}/SKILL.md",
        folder=folder,
        real_path=f"{folder}/SKILL.md",
        scope=scope,
        root=root,
        relative_path=f"{name}/SKILL.md",
        hidden=hidden,
        when_to_use=when_to_use,
    )
