"""The SKILL.md files `skill-ls check` is given: each file named, and every one under each
folder named. The walk honours ignore files, skips .git and node_modules, is bounded in
depth and count, and survives symlink loops and unreadable folders. (The workspace index
walks client roots its own way: workspace/root_walk.py.)"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls import ignore
from skill_ls.files import is_within
from skill_ls.ignore import IGNORE_FILES

__all__ = ["IGNORE_FILES", "SKIPPED_DIRS", "WalkResult", "find_skill_files", "iter_targets"]
SKIPPED_DIRS = frozenset({".git", "node_modules", ".hg", ".svn", "__pycache__", ".venv"})
MAX_DEPTH = 32
MAX_ENTRIES = 200_000
MAX_SECONDS = 20.0


@dataclass
class WalkResult:
    skill_files: list[Path] = field(default_factory=list)
    # Bounds that were hit, as human-readable sentences (reported, never silent).
    bounds_hit: list[str] = field(default_factory=list)
    # Folders below the root that could not be opened (reported, never silent).
    unreadable: list[str] = field(default_factory=list)


def is_skill_file_name(name: str) -> bool:
    """SKILL.md, and its lowercase/mixed-case misspellings (reported by a rule)."""
    return name.lower() == "skill.md"


def find_skill_files(
    root: Path,
    max_depth: int = MAX_DEPTH,
    max_entries: int = MAX_ENTRIES,
    link_targets: Sequence[str] = (),
    max_seconds: float = MAX_SECONDS,
    also: Callable[[str], bool] | None = None,
) -> WalkResult:
    """Every SKILL.md under `root` (a folder), in a stable order, and every other file
    `also` says is a skill (a `*.md` directly in a root of an agent that loads those).

    A symlinked folder is followed only when it leads inside `root` or inside one of
    `link_targets` (the user folders agents load skills from): a link to `/` or to a
    home folder is not a way to walk the whole disk. The walk stops after `max_entries`
    entries or `max_seconds`, saying so."""
    result = WalkResult()
    found: list[str] = []
    real_root = os.path.realpath(root)
    allowed = (real_root, *(os.path.realpath(t) for t in link_targets))
    # Real paths of symlinked folders already walked: a loop or a second link is skipped.
    seen_links: set[str] = {real_root}
    entries_seen = 0
    deadline = time.monotonic() + max_seconds
    stack: list[tuple[str, int, ignore.IgnoreStack]] = [(str(root), 0, ())]
    while stack:
        if time.monotonic() > deadline:
            result.bounds_hit.append(
                f"stopped after {max_seconds:g} s under {root}; narrow the path"
            )
            break
        folder, depth, specs = stack.pop()
        try:
            with os.scandir(folder) as iterator:
                entries = list(iterator)
        except FileNotFoundError:
            continue  # vanished since it was listed: nothing there to check
        except OSError as error:
            reason = error.strerror or type(error).__name__
            result.unreadable.append(
                f"cannot open the folder {folder} ({reason}); skills below it were not checked"
            )
            continue
        entries_seen += len(entries)
        if entries_seen > max_entries:
            result.bounds_hit.append(
                f"stopped after {max_entries:,} entries under {root}; narrow the path"
            )
            break
        specs = ignore.push(specs, folder, {e.name for e in entries if e.name in IGNORE_FILES})
        subfolders: list[str] = []
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if is_dir and entry.name in SKIPPED_DIRS:
                continue
            if not is_dir and not (
                is_skill_file_name(entry.name)
                or (also is not None and entry.name.endswith(".md") and also(entry.path))
            ):
                continue  # not a skill: whether it is ignored does not matter
            if specs and ignore.is_ignored(specs, entry.path, is_dir):
                continue
            if is_dir:
                if entry.is_symlink():
                    real = os.path.realpath(entry.path)
                    if real in seen_links or is_within(os.path.realpath(folder), real):
                        continue  # walked already, or a link back up (`up -> ..`): a loop
                    if not any(is_within(real, target) for target in allowed):
                        continue  # leaves the folder searched, and no agent loads from there
                    seen_links.add(real)
                subfolders.append(entry.path)
            else:
                found.append(entry.path)
        if subfolders and depth + 1 > max_depth:
            result.bounds_hit.append(f"did not descend below depth {max_depth} in {folder}")
            continue
        stack.extend((sub, depth + 1, specs) for sub in subfolders)
    result.skill_files = [Path(p) for p in sorted(found)]
    return result


def iter_targets(
    paths: list[Path],
    link_targets: Sequence[str] = (),
    also: Callable[[str], bool] | None = None,
) -> Iterator[tuple[Path | None, str | None]]:
    """(file, None) for each SKILL.md to check, or (None, message) for a problem;
    `link_targets`: folders outside each path that symlinks may lead into; `also` as for
    `find_skill_files`."""
    for path in paths:
        if path.is_file():
            yield path, None
        elif path.is_dir():
            result = find_skill_files(path, link_targets=link_targets, also=also)
            yield from ((file, None) for file in result.skill_files)
            yield from ((None, message) for message in result.unreadable)
            yield from ((None, message) for message in result.bounds_hit)
        else:
            yield None, f"{path}: no such file or folder"
