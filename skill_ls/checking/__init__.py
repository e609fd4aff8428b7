"""Check SKILL.md files on disk: read, parse, build the context, run the validator."""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.diagnostics import Diagnostic, Range
from skill_ls.document import SkillDocument, load_document
from skill_ls.rules import check
from skill_ls.rules.context import context_for_path
from skill_ls.rules.structure import UNREADABLE_FILE
from skill_ls.settings import Settings
from skill_ls.workspace import PrefilledIndex, SkillFacts, WorkspaceIndex, facts_of


@dataclass
class FileResult:
    path: Path
    document: SkillDocument | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # The source lines the diagnostics start on, for results that travel without their
    # document (from a worker process).
    source_lines: dict[int, str] = field(default_factory=dict)
    # What the workspace index reads from this file (None: the file could not be read), and
    # the file's real path, which the index keys it by: the index takes these instead of
    # reading and parsing the file a second time.
    facts: SkillFacts | None = None
    real: str | None = None

    def line(self, number: int) -> str:
        if self.document is not None:
            return self.document.index.line(number)
        return self.source_lines.get(number, "")

    def without_document(self) -> FileResult:
        """A small, picklable copy that keeps what output formats need."""
        lines = {d.range.start.line: self.line(d.range.start.line) for d in self.diagnostics}
        return FileResult(self.path, None, self.diagnostics, lines, self.facts, self.real)


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
    real = os.path.realpath(path)
    facts = facts_of(document, os.path.dirname(real))
    return FileResult(path, document, check(document, context), facts=facts, real=real)


# Whether worker processes pay is decided from what checking costs here: the first files
# are checked in this process for up to PROBE_SECONDS (at least PROBE_MIN_FILES of them),
# and workers start only when the rest, shared among them, would finish sooner by more
# than starting them costs (POOL_START_SECONDS, measured: 20-30 ms for two forks on this
# project's 2-core machine) plus what each result costs to send back (RESULT_SECONDS).
PROBE_SECONDS = 0.05
PROBE_MIN_FILES = 8
POOL_START_SECONDS = 0.04
RESULT_SECONDS = 0.00005


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1


def workers_pay(per_file: float, remaining: int, jobs: int) -> bool:
    """Whether `jobs` worker processes check `remaining` files, at `per_file` seconds each
    in one process, sooner than this process alone would."""
    if jobs <= 1 or remaining <= jobs:
        return False
    serial = per_file * remaining
    parallel = POOL_START_SECONDS + serial / jobs + RESULT_SECONDS * remaining
    return parallel < serial


def check_files(paths: Sequence[Path], settings: Settings, jobs: int = 0) -> Iterator[FileResult]:
    """Check many files, in order; in forked worker processes where they pay.

    `jobs`: 0 decides from the measured cost of the first files and the CPUs this process
    may use; 1 never starts workers; N > 1 always starts N workers. Workers are forked
    (Linux only) so they start with every module already imported; elsewhere the check
    runs in this process.
    """
    rest: Sequence[Path] = paths
    if jobs == 0:
        jobs = default_jobs()
        if jobs <= 1 or not sys.platform.startswith("linux"):
            yield from (check_file(path, settings) for path in paths)
            return
        started = time.perf_counter()
        done = 0
        while done < len(paths) and (
            done < PROBE_MIN_FILES or time.perf_counter() - started < PROBE_SECONDS
        ):
            yield check_file(paths[done], settings)
            done += 1
        rest = paths[done:]
        if not workers_pay((time.perf_counter() - started) / max(done, 1), len(rest), jobs):
            yield from (check_file(path, settings) for path in rest)
            return
    elif jobs <= 1 or len(paths) <= 1 or not sys.platform.startswith("linux"):
        yield from (check_file(path, settings) for path in paths)
        return
    jobs = min(jobs, len(rest))
    chunk = max(1, min(16, len(rest) // (jobs * 4)))
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs, initializer=_init_worker, initargs=(settings,)) as pool:
        yield from pool.imap(_check_in_worker, rest, chunksize=chunk)


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
    known: Mapping[str, SkillFacts] | None = None,
) -> dict[Path, list[Diagnostic]]:
    """SKL501-SKL505 (clashes, shadowing, nesting, not loaded, bounds) for `files`, from
    the same workspace index the language server keeps, over `workspace_folders`.

    `known`: facts by real path of files already parsed (`FileResult.facts`); the index
    reads and parses only the files it finds that are not among them."""
    index = PrefilledIndex(
        workspace_folders(files, folders, settings), known or {}, settings, environ=environ
    )
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
