"""Find SKILL.md files under a folder: honours ignore files, skips .git and node_modules,
bounded in depth and count, survives symlink loops and unreadable folders."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pathspec

IGNORE_FILES = (".gitignore", ".ignore", ".fdignore")
SKIPPED_DIRS = frozenset({".git", "node_modules", ".hg", ".svn", "__pycache__", ".venv"})
MAX_DEPTH = 32
MAX_FILES = 200_000


@dataclass
class WalkResult:
    skill_files: list[Path] = field(default_factory=list)
    # Bounds that were hit, as human-readable sentences (reported, never silent).
    bounds_hit: list[str] = field(default_factory=list)


def _load_ignore(folder: Path) -> pathspec.PathSpec[Any] | None:
    lines: list[str] = []
    for name in IGNORE_FILES:
        try:
            with open(folder / name, encoding="utf-8", errors="replace") as handle:
                lines.extend(handle.read().splitlines())
        except OSError:
            continue
    if not lines:
        return None
    return pathspec.PathSpec[Any].from_lines("gitwildmatch", lines)


def is_skill_file_name(name: str) -> bool:
    """SKILL.md, and its lowercase/mixed-case misspellings (reported by a rule)."""
    return name.lower() == "skill.md"


def find_skill_files(
    root: Path, max_depth: int = MAX_DEPTH, max_entries: int = MAX_FILES
) -> WalkResult:
    """Every SKILL.md under `root` (a folder), in a stable order."""
    result = WalkResult()
    seen_real: set[str] = set()
    entries_seen = 0
    # Each stack item: folder, depth, and the ignore specs in force (base folder, spec).
    stack: list[tuple[Path, int, tuple[tuple[Path, pathspec.PathSpec[Any]], ...]]] = [(root, 0, ())]
    while stack:
        folder, depth, specs = stack.pop()
        try:
            real = os.path.realpath(folder)
        except OSError:
            continue
        if real in seen_real:
            continue  # a symlink loop or a second link to the same folder
        seen_real.add(real)
        spec = _load_ignore(folder)
        if spec is not None:
            specs = (*specs, (folder, spec))
        try:
            with os.scandir(folder) as iterator:
                entries = sorted(iterator, key=lambda e: e.name)
        except OSError:
            continue
        subfolders = []
        for entry in entries:
            entries_seen += 1
            if entries_seen > max_entries:
                result.bounds_hit.append(
                    f"stopped after {max_entries:,} entries under {root}; narrow the path"
                )
                return result
            path = Path(entry.path)
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if _ignored(path, is_dir, specs):
                continue
            if is_dir:
                if entry.name in SKIPPED_DIRS:
                    continue
                subfolders.append(path)
            elif is_skill_file_name(entry.name):
                result.skill_files.append(path)
        if depth + 1 > max_depth and subfolders:
            result.bounds_hit.append(f"did not descend below depth {max_depth} in {folder}")
            continue
        for sub in reversed(subfolders):
            stack.append((sub, depth + 1, specs))
    result.skill_files.sort()
    return result


def _ignored(
    path: Path, is_dir: bool, specs: tuple[tuple[Path, pathspec.PathSpec[Any]], ...]
) -> bool:
    for base, spec in specs:
        relative = path.relative_to(base).as_posix()
        if is_dir:
            relative += "/"
        if spec.match_file(relative):
            return True
    return False


def iter_targets(paths: list[Path]) -> Iterator[tuple[Path | None, str | None]]:
    """(file, None) for each SKILL.md to check, or (None, message) for a problem."""
    for path in paths:
        if path.is_file():
            yield path, None
        elif path.is_dir():
            result = find_skill_files(path)
            yield from ((file, None) for file in result.skill_files)
            yield from ((None, message) for message in result.bounds_hit)
        else:
            yield None, f"{path}: no such file or folder"
