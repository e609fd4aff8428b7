"""`.gitignore`, `.ignore` and `.fdignore` as a stack of pathspec matchers, one per folder.

Deeper files override shallower ones, as in git (a `!pattern` re-includes). An ignored
folder is never entered, so nothing below it can be re-included.
"""

from __future__ import annotations

import os
from collections.abc import Collection

import pathspec

from skill_ls.files import read_regular

IGNORE_FILES = (".gitignore", ".ignore", ".fdignore")

IgnoreStack = tuple[tuple[str, pathspec.GitIgnoreSpec], ...]


def load_ignore_file(
    folder: str, present: Collection[str] | None = None
) -> pathspec.GitIgnoreSpec | None:
    """The patterns of the ignore files in one folder, or None when it has none.

    `present`: the folder's entry names when the caller has listed it already (saves
    trying to open files that are not there, which dominates a large walk).
    """
    lines: list[str] = []
    for name in IGNORE_FILES:
        if present is not None and name not in present:
            continue
        try:
            data = read_regular(os.path.join(folder, name), 256 * 1024)
            lines.extend(data.decode("utf-8", errors="replace").splitlines())
        except OSError:
            continue
    if not lines:
        return None
    return pathspec.GitIgnoreSpec.from_lines(lines)


def push(stack: IgnoreStack, folder: str, present: Collection[str] | None = None) -> IgnoreStack:
    """`stack` plus the ignore files of `folder`, if it has any."""
    spec = load_ignore_file(folder, present)
    return stack if spec is None else (*stack, (folder, spec))


def is_ignored(stack: IgnoreStack, path: str, is_dir: bool) -> bool:
    """Whether the deepest ignore file with an opinion about `path` ignores it."""
    verdict: bool | None = None
    for base, spec in stack:
        # Paths built by a walk start with their base; relpath is the slow fallback.
        prefix = base.rstrip(os.sep) + os.sep
        if path.startswith(prefix):
            relative = path[len(prefix) :].replace(os.sep, "/")
        else:
            relative = os.path.relpath(path, base).replace(os.sep, "/")
            if relative.startswith(".."):
                continue
        result = spec.check_file(relative + "/" if is_dir else relative)
        if result.include is not None:
            verdict = result.include
    return bool(verdict)


def stack_above(base: str, root: str) -> IgnoreStack:
    """Ignore files from `base` down to the folder above `root`, for walking `root`.

    Files that would ignore the root itself are left out: a root the user keeps skills in
    (often a git-ignored personal folder) is searched by the clients regardless.
    """
    folders: list[str] = []
    current = os.path.dirname(root)
    while len(current) >= len(base):
        folders.append(current)
        if current == base:
            break
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    if not folders or folders[-1] != base:
        return ()
    stack: IgnoreStack = ()
    for folder in reversed(folders):
        spec = load_ignore_file(folder)
        if spec is not None and not is_ignored(((folder, spec),), root, True):
            stack = (*stack, (folder, spec))
    return stack
