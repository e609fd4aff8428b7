"""The existence of the paths a document's references lead to in its install tree, looked
up before the rules run (the rules only read the answers)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace

from skill_ls.document import SkillDocument
from skill_ls.files import is_within
from skill_ls.rules.body import install_lookups
from skill_ls.rules.context import CheckContext, InstallTree

# (path, exists) of each path looked up in an install tree, in order.
Probes = tuple[tuple[str, bool], ...]


def exists_in_tree(install: InstallTree, path: str) -> bool:
    """Whether `path` (absolute, normalised) exists inside the tree; a path outside it, or
    one that leaves it through a symbolic link, is never looked at."""
    if not install.contains(path):
        return False
    real = os.path.realpath(path)
    return is_within(real, os.path.realpath(install.root)) and os.path.exists(real)


def look_up(install: InstallTree, paths: Iterable[str]) -> InstallTree:
    """The tree with the answers for `paths` (each one looked up once)."""
    asked = tuple(dict.fromkeys(paths))
    found = frozenset(path for path in asked if exists_in_tree(install, path))
    return replace(install, looked_up=asked, found=found)


def with_lookups(context: CheckContext, document: SkillDocument) -> CheckContext:
    """`context` with its install tree's answers for what `document`'s references ask."""
    if context.install is None:
        return context
    tree = look_up(context.install, install_lookups(document, context))
    return replace(context, install=tree)


def probes_of(install: InstallTree | None) -> Probes:
    """What the lookups found, as (path, exists) in the order they were made."""
    if install is None:
        return ()
    return tuple((path, path in install.found) for path in install.looked_up)


def probes_hold(probes: Probes, install: InstallTree | None) -> bool:
    """Whether every path looked up before is still found (or missing) as it was."""
    if not probes:
        return True
    return install is not None and all(
        exists_in_tree(install, path) == found for path, found in probes
    )
