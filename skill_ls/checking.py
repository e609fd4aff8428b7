"""Check SKILL.md files on disk: read, parse, build the context, run the validator."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.diagnostics import Diagnostic, Range
from skill_ls.document import SkillDocument, load_document
from skill_ls.rules import check
from skill_ls.rules.context import context_for_path
from skill_ls.rules.structure import UNREADABLE_FILE
from skill_ls.settings import Settings


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
