"""Check SKILL.md files on disk: read, parse, build the context, run the validator (through
`route.check_document`, the way every edge takes)."""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls import access_log
from skill_ls.access_log import Access
from skill_ls.checking.result_cache import Entry, context_digest, data_digest
from skill_ls.checking.route import Checked, check_document, with_findings
from skill_ls.diagnostics import Diagnostic, Range
from skill_ls.document import (
    SkillDocument,
    decode_skill_bytes,
    decode_skill_text,
    read_skill_bytes,
)
from skill_ls.document.mentions import Mention, find_mentions
from skill_ls.files import read_regular
from skill_ls.gathering import FolderFacts, context_for_path
from skill_ls.gathering.lookups import probes_hold, probes_of
from skill_ls.rules.context import CheckContext
from skill_ls.rules.structure import UNREADABLE_FILE
from skill_ls.settings import Settings
from skill_ls.text import LineIndex
from skill_ls.workspace import PrefilledIndex, SkillFacts, WorkspaceIndex, facts_of
from skill_ls.workspace.facts import SIDECAR_BYTES, SIDECAR_FILES


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
    # A new cache entry for this result (None: it came from the cache, or none is kept).
    cache_entry: Entry | None = None
    # Whether the file's bytes are all ASCII (then code points are UTF-16 units too), known
    # also for a result from the cache, which has no document; None: unreadable.
    ascii: bool | None = None
    # The paths a worker process looked at for this result, while the run is recorded
    # (`access_log`); empty for results checked in this process, which records them itself.
    accesses: frozenset[Access] = frozenset()
    # The mentions of skills in the file (`document.mentions.find_mentions`), for the
    # cross-skill check's SKL701, found where the document is parsed anyway; None: not
    # looked for (no agent of its audience honours mentions, or a result from the cache),
    # and the index reads the file if it needs them.
    mentions: tuple[Mention, ...] | None = None
    # What a worker process learnt of the folders above the file (`install_tree`'s facts)
    # that it had not known before, for the run's own record (checks of the manifests
    # those folders hold ask for the same folders); empty for results of this process.
    folders_learnt: tuple[tuple[str, FolderFacts], ...] = ()

    def line(self, number: int) -> str:
        if self.document is not None:
            return self.document.index.line(number)
        return self.source_lines.get(number, "")

    def without_document(self) -> FileResult:
        """A small, picklable copy that keeps what output formats need."""
        lines = {d.range.start.line: self.line(d.range.start.line) for d in self.diagnostics}
        return FileResult(
            self.path,
            None,
            self.diagnostics,
            lines,
            self.facts,
            self.real,
            self.cache_entry,
            self.ascii,
            self.accesses,
            self.mentions,
        )


def check_file(
    path: Path,
    settings: Settings,
    cached: Entry | None = None,
    caching: bool = False,
    folders: dict[str, FolderFacts] | None = None,
) -> FileResult:
    """Never raises: an unreadable file becomes an SKL010 finding.

    With `caching`, the result carries a new cache entry, or comes from `cached` when that
    entry was computed from the same bytes and context (and the lookups made for its
    references in the install tree still answer the same). `folders`: what one run has
    learnt of the folders above its skills (`install_tree`). `settings` are the folder's:
    the file is judged by its own (`Settings.for_path`, the overrides that match it
    applied)."""
    settings = settings.for_path(path)
    try:
        data = read_skill_bytes(path)
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
    context = context_for_path(path, settings, known=folders)
    real = os.path.realpath(path)
    ascii = data.isascii()
    if not caching:
        return _parse_and_check(path, data, context, real, ascii)[0]
    digest = data_digest(data + _sidecars(path.parent, context.skill_files))
    around = context_digest(path, context)
    if (
        cached is not None
        and cached.data_digest == digest
        and cached.context_digest == around
        and probes_hold(cached.probes, context.install)
    ):
        return FileResult(
            path,
            None,
            list(cached.diagnostics),
            dict(cached.source_lines),
            cached.facts,
            real,
            ascii=ascii,
        )
    result, checked = _parse_and_check(path, data, context, real, ascii)
    diagnostics, facts = result.diagnostics, result.facts
    lines = {d.range.start.line: result.line(d.range.start.line) for d in diagnostics}
    # What the context builder looked up for this document (the install tree's paths its
    # references lead to): a later run that finds the same bytes and context, but no
    # document to ask, looks them up again before it takes the entry.
    probes = probes_of(checked.context.install)
    result.cache_entry = Entry(digest, around, probes, tuple(diagnostics), lines, facts, real)
    return result


def _parse_and_check(
    path: Path, data: bytes, context: CheckContext, real: str, ascii: bool
) -> tuple[FileResult, Checked]:
    """The result of parsing and checking the file's bytes, with what the index takes from
    it (its facts and mentions), and the check itself."""
    document = decode_skill_bytes(data, str(path))
    checked = check_document(document, context)
    result = FileResult(
        path,
        document,
        checked.diagnostics,
        facts=facts_of(document, os.path.dirname(real)),
        real=real,
        ascii=ascii,
        mentions=_mentions_for(document, checked.context),
    )
    return result, checked


def _mentions_for(document: SkillDocument, context: CheckContext) -> tuple[Mention, ...] | None:
    """The document's mentions when an agent of its audience honours some mention form (as
    the cross-skill check's readers do), else None."""
    if not any(c.mentions is not None and c.mentions.forms for c in context.audience):
        return None
    return tuple(find_mentions(document.text))


def _sidecars(folder: Path, files: frozenset[str] | None) -> bytes:
    """The sidecar files indexing reads beside a SKILL.md (their values are facts)."""
    parts = [b""]
    for relative in sorted(SIDECAR_FILES):
        if files is not None and relative in files:
            try:
                data = read_regular(folder / relative, SIDECAR_BYTES)
                parts.append(relative.encode() + b"\0" + data)
            except OSError:
                parts.append(relative.encode() + b"\0?")
    return b"\0\0".join(parts)


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


def check_files(
    paths: Sequence[Path],
    settings: Settings,
    jobs: int = 0,
    cache: Mapping[str, Entry] | None = None,
    folders: dict[str, FolderFacts] | None = None,
) -> Iterator[FileResult]:
    """Check many files, in order; in forked worker processes where they pay.

    `jobs`: 0 decides from the measured cost of the first files and the CPUs this process
    may use; 1 never starts workers; N > 1 always starts N workers. Workers are forked
    (Linux only) so they start with every module already imported; elsewhere the check
    runs in this process.

    `cache`: entries by absolute path (`ResultCache.entries`); when given, results come
    from it where their inputs are unchanged and the others carry new entries.

    `folders`: what the caller keeps of the folders above the skills (`install_tree`), to
    share with later questions about the same run; a fresh one when not given.
    """

    if folders is None:
        folders = {}

    def one(path: Path) -> FileResult:
        if cache is None:
            return check_file(path, settings, folders=folders)
        entry = cache.get(os.path.abspath(path))
        return check_file(path, settings, entry, caching=True, folders=folders)

    rest: Sequence[Path] = paths
    if jobs == 0:
        jobs = default_jobs()
        if jobs <= 1 or not sys.platform.startswith("linux"):
            yield from (one(path) for path in paths)
            return
        started = time.perf_counter()
        done = 0
        while done < len(paths) and (
            done < PROBE_MIN_FILES or time.perf_counter() - started < PROBE_SECONDS
        ):
            yield one(paths[done])
            done += 1
        rest = paths[done:]
        if not workers_pay((time.perf_counter() - started) / max(done, 1), len(rest), jobs):
            yield from (one(path) for path in rest)
            return
    elif jobs <= 1 or len(paths) <= 1 or not sys.platform.startswith("linux"):
        yield from (one(path) for path in paths)
        return
    jobs = min(jobs, len(rest))
    chunk = max(1, min(16, len(rest) // (jobs * 4)))
    import multiprocessing  # only when workers pay (9 ms of a small check)

    context = multiprocessing.get_context("fork")
    work = [
        (path, cache.get(os.path.abspath(path)) if cache is not None else None) for path in rest
    ]
    initargs = (settings, cache is not None)
    with context.Pool(jobs, initializer=_init_worker, initargs=initargs) as pool:
        for result in pool.imap(_check_in_worker, work, chunksize=chunk):
            access_log.merge(result.accesses)
            for folder, facts in result.folders_learnt:
                folders.setdefault(folder, facts)
            result.folders_learnt = ()
            yield result


_worker_settings = Settings()
_worker_caching = False
_worker_folders: dict[str, FolderFacts] = {}


def _init_worker(settings: Settings, caching: bool) -> None:
    global _worker_settings, _worker_caching, _worker_folders
    _worker_settings, _worker_caching, _worker_folders = settings, caching, {}


def _check_in_worker(work: tuple[Path, Entry | None]) -> FileResult:
    path, cached = work
    known = len(_worker_folders)
    if not access_log.active():
        result = check_file(
            path, _worker_settings, cached, _worker_caching, _worker_folders
        ).without_document()
    else:
        with access_log.for_one_item() as accesses:
            result = check_file(
                path, _worker_settings, cached, _worker_caching, _worker_folders
            ).without_document()
        result.accesses = frozenset(accesses)
    # The folders this check looked at first (a dict keeps the order they were added in).
    result.folders_learnt = tuple(itertools.islice(_worker_folders.items(), known, None))
    return result


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


def user_roots(settings: Settings, environ: Mapping[str, str] | None = None) -> list[str]:
    """The folders outside any project that agents load skills from (`~/.claude/skills`,
    extra roots, ...): where a symlink found in a checked folder may lead."""
    index = WorkspaceIndex([], settings, environ=environ)
    return sorted({root.path for _, root in index.roots() if root.scope in ("user", "extra")})


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
    reals: Mapping[str, str] | None = None,
    mentions: Mapping[str, tuple[Mention, ...]] | None = None,
) -> dict[Path, list[Diagnostic]]:
    """SKL501-SKL505 (clashes, shadowing, nesting, not loaded, bounds) for `files`, from
    the same workspace index the language server keeps, over `workspace_folders`.

    `known`: facts by real path of files already parsed (`FileResult.facts`); the index
    reads and parses only the files it finds that are not among them. `reals`: the real
    path of each file as the check found it (`FileResult.real`, by `str(path)`); `mentions`:
    the mentions the check found in each file, by real path (`FileResult.mentions`)."""
    index = PrefilledIndex(
        workspace_folders(files, folders, settings),
        known or {},
        settings,
        environ=environ,
        reals=reals,
        mentions=mentions,
    )
    index.scan()
    return {file: index.cross_skill_diagnostics(file) for file in files}


def add_findings(result: FileResult, more: Sequence[Diagnostic]) -> None:
    """Merge findings into a result, in position order; a result that came back from a
    worker without its document gets the source lines the new findings start on."""
    if not more:
        return
    result.diagnostics = with_findings(result.diagnostics, more)
    if result.document is None:
        wanted = {d.range.start.line for d in more} - set(result.source_lines)
        if wanted:
            try:
                index = LineIndex(decode_skill_text(read_skill_bytes(result.path))[0])
            except OSError:
                return
            for number in wanted:
                result.source_lines[number] = index.line(number)
