"""A skill folder's files and folders, and the bytes they take."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls import access_log

_SKIPPED = frozenset({".git", "node_modules", "__pycache__"})


def walk_skill_folder(folder: Path, max_files: int) -> tuple[set[str], set[str]] | None:
    """Files and folders below a skill folder; symlinked folders are listed, not walked
    (so a link to `/` or a loop costs one entry)."""
    files: set[str] = set()
    dirs: set[str] = set()
    root = str(folder)
    prefix = len(root) + 1
    stack = [root]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as iterator:
                entries = list(iterator)
        except OSError:
            if current == root:
                return None
            continue
        for entry in entries:
            if entry.name in _SKIPPED:
                continue
            relative = entry.path[prefix:].replace(os.sep, "/")
            try:
                if entry.is_dir(follow_symlinks=False):
                    dirs.add(relative)
                    stack.append(entry.path)
                    continue
                if entry.is_symlink() and entry.is_dir():
                    dirs.add(relative)
                    continue
            except OSError:
                continue
            files.add(relative)
            if len(files) + len(dirs) >= max_files:
                return files, dirs
    return files, dirs


def total_bytes(folder: Path, files: set[str]) -> int:
    """The size of the listed files together; each one noted as read by a recorded run, so
    that a replay compares its size too."""
    total = 0
    for relative in files:
        path = os.path.join(folder, relative)
        access_log.note_size(path)
        try:
            total += os.lstat(path).st_size
        except OSError:
            continue
    return total
