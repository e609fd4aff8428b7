"""One walk of one root folder: every SKILL.md below it (and pi's root-level `*.md`), with
the facts each client's walk rules need (depth, enclosing skill, dotted folders).

A root shared by several clients is walked once. The walk follows symlinked folders (the
clients do) but enters each real folder once, so loops end; it skips `.git`,
`node_modules`; it records the skills of entries an ignore file covers, flagged (most
clients skip them); it survives unreadable folders; and it stops at depth
and count bounds, reporting where. It goes on below a SKILL.md, bounded, to find nested
skills (most clients stop there; Goose and OpenCode do not).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from skill_ls import ignore
from skill_ls.clients.table import CLIENTS
from skill_ls.ignore import IGNORE_FILES
from skill_ls.skill_files import SKIPPED_DIRS
from skill_ls.steps import Steps, run_steps
from skill_ls.workspace.index_records import BoundHit, FoundFile, RootFolder

SKILL_FILE = "SKILL.md"
IGNORE_NAMES = frozenset(IGNORE_FILES)
# Folders a sliced walk lists between two yields (and between two looks at cancellation):
# some 30 ms under Pyodide.
FOLDERS_PER_SLICE = 256


# The walk goes as deep as the deepest client looks below a root (pi, Copilot CLI and
# Factory Droid have no limit of their own; the table's bound is theirs here), so it finds
# every skill one of them loads; the folder, skill and time bounds still hold.
DEEPEST_CLIENT_WALK = max(client.discovery.max_depth for client in CLIENTS)


@dataclass(frozen=True)
class WalkLimits:
    """Bounds on one walk; generous enough for 10,000-skill collections."""

    max_depth: int = DEEPEST_CLIENT_WALK  # folders below the root
    max_dirs: int = 200_000  # folders entered
    max_skills: int = 50_000  # skill files recorded
    max_seconds: float = 30.0  # wall time of one walk (a link to `/` below a root)


@dataclass
class RootWalk:
    found: dict[str, FoundFile] = field(default_factory=dict)  # by relative path
    hits: list[BoundHit] = field(default_factory=list)
    cancelled: bool = False


@dataclass
class _Frame:
    path: str
    real: str
    depth: int
    stack: ignore.IgnoreStack
    parent_skill: str | None
    dotted: bool
    # An ignore file covers this folder: its skills are recorded, flagged (clients differ).
    ignored: bool = False
    # One inside the root does (clients that honour only those, see FoundFile).
    ignored_in_root: bool = False
    # This folder or one between it and the root is a symlink.
    linked: bool = False


class _Walk:
    def __init__(
        self,
        root: RootFolder,
        root_md: bool,
        limits: WalkLimits,
        cancelled: Callable[[], bool] | None,
        keep_ignored: bool = False,
    ) -> None:
        self.root = root
        self.root_md = root_md
        # Record (flagged) what an ignore file covers: some client of the root loads it.
        self.keep_ignored = keep_ignored
        self.limits = limits
        self.cancelled = cancelled
        self.result = RootWalk()
        self.visited: set[str] = set()
        self.dirs = 0
        self.deadline = time.monotonic() + limits.max_seconds

    def relative(self, path: str) -> str:
        prefix = self.root.path.rstrip(os.sep) + os.sep
        if path.startswith(prefix):  # always, for paths the walk built itself
            return path[len(prefix) :].replace(os.sep, "/")
        return os.path.relpath(path, self.root.path).replace(os.sep, "/")

    def hit(self, kind: str, path: str, message: str) -> None:
        if not any(h.kind == kind for h in self.result.hits):
            self.result.hits.append(BoundHit(self.root.path, kind, path, message))

    def kind(self, name: str, depth: int) -> str | None:
        """ "skill" for a SKILL.md (in a skill folder, or directly in the root: some clients
        read the root itself as a skill folder), "root-md" for other root-level `*.md`
        files where some client reads those."""
        if name == SKILL_FILE:
            return "skill"
        if depth == 0 and self.root_md and name.endswith(".md"):
            return "root-md"
        return None

    def ignored_in_root(self, stack: ignore.IgnoreStack, path: str, is_dir: bool) -> bool:
        """Whether the ignore files inside the root alone ignore `path`."""
        prefix = self.root.path.rstrip(os.sep) + os.sep
        inside = tuple(
            entry for entry in stack if entry[0] == self.root.path or entry[0].startswith(prefix)
        )
        return bool(inside) and ignore.is_ignored(inside, path, is_dir)

    def record(
        self,
        path: str,
        real: str,
        frame: _Frame,
        kind: str,
        ignored: bool = False,
        ignored_in_root: bool = False,
    ) -> bool:
        """Add one skill file; False once the count bound is reached."""
        if len(self.result.found) >= self.limits.max_skills:
            self.hit(
                "count",
                path,
                f"stopped after {self.limits.max_skills:,} skill files under {self.root.path}",
            )
            return False
        relative = self.relative(path)
        self.result.found[relative] = FoundFile(
            path=path,
            relative=relative,
            real=real,
            depth=frame.depth,
            kind=kind,
            parent_skill=frame.parent_skill,
            dotted=frame.dotted,
            ignored=frame.ignored or ignored,
            ignored_in_root=frame.ignored_in_root or ignored_in_root,
            linked=frame.linked,
        )
        return True

    def run(self, first: _Frame) -> RootWalk:
        return run_steps(self.steps(first))

    def steps(self, first: _Frame) -> Steps[RootWalk]:
        """The walk, yielding every FOLDERS_PER_SLICE folders (see skill_ls/steps.py)."""
        frames = [first]
        while frames:
            frame = frames.pop()
            if frame.real in self.visited:
                continue  # a symlink loop, or a second link to a folder already walked
            self.visited.add(frame.real)
            self.dirs += 1
            if self.dirs > self.limits.max_dirs:
                self.hit(
                    "count",
                    frame.path,
                    f"stopped after {self.limits.max_dirs:,} folders under {self.root.path}",
                )
                break
            if self.dirs % FOLDERS_PER_SLICE == 0:
                if self.cancelled is not None and self.cancelled():
                    self.result.cancelled = True
                    break
                yield
            if self.dirs % 64 == 0 and time.monotonic() > self.deadline:
                self.hit(
                    "time",
                    frame.path,
                    f"stopped after {self.limits.max_seconds:g} s under {self.root.path}",
                )
                break
            children = self.visit(frame)
            if children is None:
                break
            if children and frame.depth + 1 > self.limits.max_depth:
                self.hit(
                    "depth",
                    frame.path,
                    f"did not look below depth {self.limits.max_depth} in {frame.path}",
                )
                continue
            frames.extend(reversed(children))
        return self.result

    def visit(self, frame: _Frame) -> list[_Frame] | None:
        """Record the skill files of one folder; return its subfolders (None: stop)."""
        try:
            with os.scandir(frame.path) as iterator:
                entries = sorted(iterator, key=lambda e: e.name)
        except OSError:
            return []  # unreadable or vanished: skip it, keep walking
        names = {entry.name for entry in entries}
        stack = ignore.push(frame.stack, frame.path, names & IGNORE_NAMES)
        files: list[os.DirEntry[str]] = []
        folders: list[os.DirEntry[str]] = []
        ignored: set[str] = set()
        in_root: set[str] = set()  # ignored by an ignore file inside the root
        for entry in entries:
            try:
                is_dir = entry.is_dir()  # follows symlinks, as the clients do
                is_file = not is_dir and entry.is_file()
            except OSError:
                continue
            if is_dir and entry.name in SKIPPED_DIRS:
                continue
            if (is_dir or is_file) and ignore.is_ignored(stack, entry.path, is_dir):
                if not self.keep_ignored:
                    continue
                ignored.add(entry.name)
                if self.ignored_in_root(stack, entry.path, is_dir):
                    in_root.add(entry.name)
            if is_dir:
                folders.append(entry)
            elif is_file:
                files.append(entry)
        own_skill: str | None = None
        for entry in files:
            kind = self.kind(entry.name, frame.depth)
            if kind is None:
                continue
            if kind == "skill":
                own_skill = self.relative(entry.path)
            real = _real(frame, entry)
            if not self.record(
                entry.path, real, frame, kind, entry.name in ignored, entry.name in in_root
            ):
                return None
        parent_skill = own_skill or frame.parent_skill
        return [
            _Frame(
                path=entry.path,
                real=_real(frame, entry),
                depth=frame.depth + 1,
                stack=stack,
                parent_skill=parent_skill,
                dotted=frame.dotted or entry.name.startswith("."),
                ignored=frame.ignored or entry.name in ignored,
                ignored_in_root=frame.ignored_in_root or entry.name in in_root,
                linked=frame.linked or _is_link(entry),
            )
            for entry in folders
        ]


def _is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False


def _real(frame: _Frame, entry: os.DirEntry[str]) -> str:
    """The real path of an entry; cheap unless the entry itself is a symlink."""
    try:
        if entry.is_symlink():
            return os.path.realpath(entry.path)
    except OSError:
        pass
    return os.path.join(frame.real, entry.name)


def walk_root(
    root: RootFolder,
    root_md: bool,
    limits: WalkLimits | None = None,
    cancelled: Callable[[], bool] | None = None,
    keep_ignored: bool = False,
) -> RootWalk:
    """Walk a whole root folder (a missing root is an empty walk); `keep_ignored`: record
    the skills an ignore file covers, flagged, instead of skipping them."""
    return run_steps(walk_root_steps(root, root_md, limits, cancelled, keep_ignored))


def walk_root_steps(
    root: RootFolder,
    root_md: bool,
    limits: WalkLimits | None = None,
    cancelled: Callable[[], bool] | None = None,
    keep_ignored: bool = False,
) -> Steps[RootWalk]:
    """`walk_root` in slices of FOLDERS_PER_SLICE folders."""
    walk = _Walk(root, root_md, limits or WalkLimits(), cancelled, keep_ignored)
    if not os.path.isdir(root.path):
        return walk.result
    stack = ignore.stack_above(root.ignore_base, root.path)
    first = _Frame(root.path, os.path.realpath(root.path), 0, stack, None, False)
    return (yield from walk.steps(first))


def walk_below(
    root: RootFolder,
    start: str,
    root_md: bool,
    limits: WalkLimits | None = None,
    keep_ignored: bool = False,
) -> RootWalk:
    """Walk only `start` (a folder or file below `root`), as a whole walk would see it."""
    walk = _Walk(root, root_md, limits or WalkLimits(), None, keep_ignored)
    relative = os.path.relpath(start, root.path)
    if relative == ".":
        return walk_root(root, root_md, limits, keep_ignored=keep_ignored)
    if relative.startswith(".."):
        return walk.result
    parts = relative.split(os.sep)
    # Re-create the state the whole walk would have when reaching `start`'s folder.
    stack = ignore.stack_above(root.ignore_base, root.path)
    folder = root.path

    def enclosing(folder: str) -> str | None:
        """The SKILL.md in `folder` (the root's own too) that encloses `start`, if any."""
        skill = os.path.join(folder, SKILL_FILE)
        if os.path.isfile(skill) and os.path.normpath(start) != skill:
            return walk.relative(skill)
        return None

    parent_skill = enclosing(folder)
    dotted = False
    ignored = False
    in_root = False
    for depth, part in enumerate(parts[:-1], start=1):
        stack = ignore.push(stack, folder)
        walk.visited.add(os.path.realpath(folder))
        folder = os.path.join(folder, part)
        dotted = dotted or part.startswith(".")
        ignored = ignored or ignore.is_ignored(stack, folder, True)
        in_root = in_root or (ignored and walk.ignored_in_root(stack, folder, True))
        if (ignored and not keep_ignored) or part in SKIPPED_DIRS or depth > walk.limits.max_depth:
            return walk.result
        parent_skill = enclosing(folder) or parent_skill
    stack = ignore.push(stack, folder)
    depth = len(parts) - 1
    try:
        real_folder = os.path.realpath(folder)
    except OSError:
        return walk.result
    frame = _Frame(folder, real_folder, depth, stack, parent_skill, dotted, ignored, in_root)
    name = parts[-1]
    if os.path.isdir(start):
        start_ignored = ignore.is_ignored(stack, start, True)
        if name in SKIPPED_DIRS or (start_ignored and not keep_ignored):
            return walk.result
        if depth + 1 > walk.limits.max_depth:
            return walk.result
        walk.visited.add(real_folder)
        child = _Frame(
            start,
            os.path.realpath(start),
            depth + 1,
            stack,
            parent_skill,
            dotted or name.startswith("."),
            ignored or start_ignored,
            in_root or (start_ignored and walk.ignored_in_root(stack, start, True)),
        )
        return walk.run(child)
    kind = walk.kind(name, depth)
    if kind is not None and os.path.isfile(start):
        file_ignored = ignore.is_ignored(stack, start, False)
        if keep_ignored or not file_ignored:
            file_in_root = file_ignored and walk.ignored_in_root(stack, start, False)
            walk.record(start, os.path.realpath(start), frame, kind, file_ignored, file_in_root)
    return walk.result
