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
MAX_ENTRIES = 200_000

# (folder with a trailing separator, its compiled ignore rules)
_Specs = tuple[tuple[str, "pathspec.PathSpec[Any]"], ...]


@dataclass
class WalkResult:
    skill_files: list[Path] = field(default_factory=list)
    # Bounds that were hit, as human-readable sentences (reported, never silent).
    bounds_hit: list[str] = field(default_factory=list)


def _load_ignore(folder: str, names: set[str]) -> pathspec.PathSpec[Any] | None:
    lines: list[str] = []
    for name in IGNORE_FILES:
        if name not in names:
            continue
        try:
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as handle:
                lines.extend(handle.read().splitlines())
        except OSError:
            continue
    if not lines:
        return None
    return pathspec.PathSpec.from_lines("gitwildmatch", lines)


def is_skill_file_name(name: str) -> bool:
    """SKILL.md, and its lowercase/mixed-case misspellings (reported by a rule)."""
    return name.lower() == "skill.md"


def find_skill_files(
    root: Path, max_depth: int = MAX_DEPTH, max_entries: int = MAX_ENTRIES
) -> WalkResult:
    """Every SKILL.md under `root` (a folder), in a stable order."""
    result = WalkResult()
    found: list[str] = []
    # Real paths of symlinked folders already walked: a loop or a second link is skipped.
    seen_links: set[str] = {os.path.realpath(root)}
    entries_seen = 0
    stack: list[tuple[str, int, _Specs]] = [(str(root), 0, ())]
    while stack:
        folder, depth, specs = stack.pop()
        try:
            with os.scandir(folder) as iterator:
                entries = list(iterator)
        except OSError:
            continue  # unreadable or vanished: nothing to report for a plain walk
        entries_seen += len(entries)
        if entries_seen > max_entries:
            result.bounds_hit.append(
                f"stopped after {max_entries:,} entries under {root}; narrow the path"
            )
            break
        spec = _load_ignore(folder, {e.name for e in entries if e.name in IGNORE_FILES})
        if spec is not None:
            specs = (*specs, (folder + os.sep, spec))
        subfolders: list[str] = []
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if is_dir and entry.name in SKIPPED_DIRS:
                continue
            if specs and _ignored(entry.path, is_dir, specs):
                continue
            if is_dir:
                if entry.is_symlink():
                    real = os.path.realpath(entry.path)
                    if real in seen_links:
                        continue
                    seen_links.add(real)
                subfolders.append(entry.path)
            elif is_skill_file_name(entry.name):
                found.append(entry.path)
        if subfolders and depth + 1 > max_depth:
            result.bounds_hit.append(f"did not descend below depth {max_depth} in {folder}")
            continue
        stack.extend((sub, depth + 1, specs) for sub in subfolders)
    result.skill_files = [Path(p) for p in sorted(found)]
    return result


def _ignored(path: str, is_dir: bool, specs: _Specs) -> bool:
    for base, spec in specs:
        relative = path[len(base) :].replace(os.sep, "/")
        if spec.match_file(relative + "/" if is_dir else relative):
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
