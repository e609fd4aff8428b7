"""The files agents read as instructions (CLAUDE.md, AGENTS.md, command files) that a check
meets, checked for their mentions of skills (SKL701) against the workspace index of the
project they belong to. Only mention findings: such a file is no skill."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from skill_ls.checking import FileResult
from skill_ls.clients.manifest_files import instruction_file_patterns
from skill_ls.files import read_regular
from skill_ls.settings import Settings
from skill_ls.text import LineIndex
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.mentions import read_as_instructions
from skill_ls.workspace.roots import git_root, normalise

# An instruction file is read up to this size (agents bound theirs too); what is past it
# is not checked.
MAX_INSTRUCTION_BYTES = 1024 * 1024
# How many entries a command folder's walk looks at.
MAX_WALK_ENTRIES = 10_000


def instruction_files_met(paths: Sequence[Path]) -> list[Path]:
    """The instruction files a check of `paths` meets: a file named that some agent reads
    as instructions; for a folder named, those of the folder's project level
    (`CLAUDE.md`, `.claude/CLAUDE.md`, `AGENTS.md`, ...) and every one below its command
    folders (`.claude/commands`, ...), or below the folder itself when it is (in) one. A
    nested instruction file (`pkg/AGENTS.md`) is checked when named. In order, once each."""
    found: dict[str, Path] = {}

    def add(path: str, project: str) -> None:
        if os.path.isfile(path) and read_as_instructions([project], path):
            found.setdefault(normalise(path), Path(path))

    for path in paths:
        text = str(path)
        if path.is_file():
            add(text, project_of(text))
        elif path.is_dir():
            project = project_of(text)
            for relative in _level_files():
                add(os.path.join(text, relative), project)
            below = os.path.relpath(normalise(text), project).replace(os.sep, "/")
            for prefix in _walked():
                if below == prefix or below.startswith(prefix + "/"):
                    folder = text
                elif below == ".":
                    folder = os.path.join(text, prefix)
                else:
                    continue
                for file in _walk(folder):
                    add(file, project)
    return list(found.values())


def project_of(path: str) -> str:
    """The project folder an instruction file (or folder) belongs to: its git repository's
    root, else the innermost folder above it that the file's path matches an agent's
    pattern from, else its own folder."""
    absolute = normalise(path)
    start = absolute if os.path.isdir(absolute) else os.path.dirname(absolute)
    root = git_root(start)
    if root is not None:
        return root
    ancestor = start
    while True:
        relative = os.path.relpath(absolute, ancestor).replace(os.sep, "/")
        if os.path.isdir(absolute):
            if any(relative == p or relative.startswith(p + "/") for p in _walked()):
                return ancestor
        elif read_as_instructions([ancestor], absolute):
            return ancestor
        parent = os.path.dirname(ancestor)
        if parent == ancestor:
            return start
        ancestor = parent


def check_instruction_files(
    files: Sequence[Path], settings: Settings, environ: Mapping[str, str] | None = None
) -> list[FileResult]:
    """SKL701 for each file, against the index of its project (one index per project)."""
    by_project: dict[str, list[Path]] = {}
    for file in files:
        by_project.setdefault(project_of(str(file)), []).append(file)
    results: list[FileResult] = []
    for project, members in by_project.items():
        index = WorkspaceIndex([project], settings, environ=environ)
        index.scan()
        for file in members:
            try:
                data = read_regular(file, MAX_INSTRUCTION_BYTES)
            except OSError:
                continue
            text = data.decode("utf-8", "replace")
            found = index.mention_diagnostics(normalise(str(file)), text)
            lines = LineIndex(text)
            source = {d.range.start.line: lines.line(d.range.start.line) for d in found}
            results.append(FileResult(file, None, found, source, ascii=data.isascii()))
    return results


def _level_files() -> list[str]:
    """The instruction files at a project's top: the patterns without a wildcard."""
    stripped = (pattern.removeprefix("**/") for pattern in instruction_file_patterns())
    return [relative for relative in stripped if "*" not in relative]


def _walked() -> list[str]:
    """The folders whose files (below, at any depth) are instruction files: the literal
    start of the patterns with a wildcard past their first part (`.claude/commands`)."""
    prefixes: dict[str, None] = {}
    for pattern in instruction_file_patterns():
        parts = pattern.removeprefix("**/").split("/")
        literal = []
        for part in parts[:-1]:
            if "*" in part:
                break
            literal.append(part)
        if literal and len(literal) < len(parts):
            prefixes["/".join(literal)] = None
    return list(prefixes)


def _walk(folder: str) -> list[str]:
    """The Markdown files below `folder`, in a stable order, bounded; links not followed."""
    found: list[str] = []
    seen = 0
    for current, dirs, names in os.walk(folder):
        dirs.sort()
        seen += len(dirs) + len(names)
        if seen > MAX_WALK_ENTRIES:
            break
        found.extend(os.path.join(current, n) for n in sorted(names) if n.endswith(".md"))
    return found
