"""Check SKILL.md files on disk: read, parse, build the context, run the validator."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.diagnostics import Diagnostic, Range
from skill_ls.document import SkillDocument, load_document
from skill_ls.rules import check
from skill_ls.rules.context import context_for_path
from skill_ls.rules.structure import UNREADABLE_FILE
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex


@dataclass
class FileResult:
    path: Path
    document: SkillDocument | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # The source lines the diagnostics start on, for results that travel without their
    # document (from a worker process).
    source_lines: dict[int, str] = field(default_factory=dict)

    def line(self, number: int) -> str:
        if self.document is not None:
            return self.document.index.line(number)
        return self.source_lines.get(number, "")

    def without_document(self) -> FileResult:
        """A small, picklable copy that keeps what output formats need."""
        lines = {d.range.start.line: self.line(d.range.start.line) for d in self.diagnostics}
        return FileResult(self.path, None, self.diagnostics, lines)


def check_file(path: Path, settings: Settings) -> FileResult:
    """Never raises: an unreadable file becomes an SKL010 finding."""
    try:
        document = load_document(path)
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        if not settings.rule_enabled(UNREADABLE_FILE.code):
            return FileResult(path, None, [])
        return FileResult(
            path,
            None,
            [
                Diagnostic(
                    UNREADABLE_FILE.code,
                    settings.rules.get(UNREADABLE_FILE.code) or UNREADABLE_FILE.severity,
                    f"cannot read {path.name}: {reason}",
                    Range.of(0, 0, 0, 0),
                )
            ],
        )
    context = context_for_path(path, settings)
    return FileResult(path, document, check(document, context))


# Below this many files, starting worker processes costs more than it saves.
PARALLEL_MIN_FILES = 64


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


def check_files(paths: Sequence[Path], settings: Settings, jobs: int = 0) -> Iterator[FileResult]:
    """Check many files, in order; with more than one job, in forked worker processes.

    Workers are forked (Linux only) so they start with every module already imported;
    elsewhere, or for few files, the check runs in this process.
    """
    jobs = jobs or default_jobs()
    if jobs <= 1 or len(paths) < PARALLEL_MIN_FILES or not sys.platform.startswith("linux"):
        for path in paths:
            yield check_file(path, settings)
        return
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs, initializer=_init_worker, initargs=(settings,)) as pool:
        yield from pool.imap(_check_in_worker, paths, chunksize=16)


_worker_settings = Settings()


def _init_worker(settings: Settings) -> None:
    global _worker_settings
    _worker_settings = settings


def _check_in_worker(path: Path) -> FileResult:
    return check_file(path, _worker_settings).without_document()


# --- What only the whole workspace can tell ---------------------------------------------------

# Stands in for a workspace folder to learn the client roots below one (never looked at).
_PROBE = os.path.join(os.sep, "skill-ls-probe")


def workspace_folders(
    files: Sequence[Path], folders: Sequence[Path], settings: Settings
) -> list[str]:
    """The workspace folders the language server would have for these files: the folders
    given, and for each file the folder above the client root it lies in (the project of
    `proj/.claude/skills/pdf/SKILL.md` is `proj`)."""
    probe = WorkspaceIndex([_PROBE], settings, home=_PROBE, environ={})
    patterns = sorted(
        {
            os.path.relpath(root.path, _PROBE)
            for _, root in probe.roots()
            if root.scope == "project" and root.path.startswith(_PROBE + os.sep)
        },
        key=len,
        reverse=True,
    )
    found = {os.path.normpath(os.path.abspath(folder)) for folder in folders}
    for file in files:
        folder = _project_of(os.path.normpath(os.path.abspath(file)), patterns)
        if folder is not None:
            found.add(folder)
    return sorted(found)


def _project_of(skill_md: str, patterns: Sequence[str]) -> str | None:
    """The folder above the innermost client root (`.claude/skills`, ...) holding `skill_md`."""
    best: str | None = None
    for pattern in patterns:
        marker = os.sep + pattern + os.sep
        at = skill_md.rfind(marker)
        if at >= 0 and (best is None or at > len(best)):
            best = skill_md[:at] or os.sep
    return best


def cross_skill_findings(
    files: Sequence[Path],
    folders: Sequence[Path],
    settings: Settings,
    environ: Mapping[str, str] | None = None,
) -> dict[Path, list[Diagnostic]]:
    """SKL501-SKL505 (clashes, shadowing, nesting, not loaded, bounds) for `files`, from
    the same workspace index the language server keeps, over `workspace_folders`."""
    index = WorkspaceIndex(workspace_folders(files, folders, settings), settings, environ=environ)
    index.scan()
    return {file: index.cross_skill_diagnostics(file) for file in files}


def add_findings(result: FileResult, more: Sequence[Diagnostic]) -> None:
    """Merge findings into a result, in position order; a result that came back from a
    worker without its document gets the source lines the new findings start on."""
    if not more:
        return
    result.diagnostics = sorted(
        [*result.diagnostics, *more], key=lambda d: (d.range.start, d.code, d.message)
    )
    if result.document is None:
        wanted = {d.range.start.line for d in more} - set(result.source_lines)
        if wanted:
            try:
                index = load_document(result.path).index
            except OSError:
                return
            for number in wanted:
                result.source_lines[number] = index.line(number)
