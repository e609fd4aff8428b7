"""Path arithmetic on strings for the rules: `posixpath` joins, normalises and splits names
and never asks the disk (its `exists`, `realpath` and the like are not used here), so the
validator can work with paths and still read nothing. The paths are the POSIX paths the
context builder (`skill_ls.gathering`) hands in."""

from __future__ import annotations

import posixpath


def is_within(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or below it, by name (normalised paths; `files.is_within`
    for the rules)."""
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def join_normal(folder: str, relative: str) -> str:
    """`relative` below `folder`, normalised (`..` taken away by name, as the disk is not
    asked)."""
    return posixpath.normpath(posixpath.join(folder, relative))
