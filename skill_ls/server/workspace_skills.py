"""The workspace's skills, as the server holds them (not a file's `LineIndex`, nor one
`WorkspaceIndex`: one of those per group of folders): rebuilt when folders or settings change,
fed with open buffers, asked for cross-skill findings.

Scans run on a worker thread; the index swaps its state in whole at the end of a scan,
so completion and hover keep being answered from the previous state meanwhile.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Generator, Iterable
from pathlib import Path

from skill_ls.diagnostics import Diagnostic
from skill_ls.document import SkillDocument
from skill_ls.files import is_within
from skill_ls.rules.context import CheckContext
from skill_ls.rules.workspace import COMPETING_SKILLS
from skill_ls.settings import Settings
from skill_ls.steps import run_steps
from skill_ls.workspace import (
    LoadedSkill,
    ScanReport,
    SkillEntry,
    SkillFacts,
    WorkspaceIndex,
    current_environment,
    setting_folders,
)

log = logging.getLogger(__name__)

# (done, total, what): progress of a scan.
Progress = Callable[[int, int, str], None]


def extra_roots(settings: Settings, roots: list[Path]) -> list[Path]:
    """The folders the settings add to the index (extra roots, Yoi's builtin folder), resolved
    as the index resolves them (never `/`, the home folder or above)."""
    folders = [os.path.normpath(os.path.abspath(root)) for root in roots]
    return [Path(path) for path in setting_folders(settings, folders, current_environment())]


# Workspace folders that share their settings, and those settings: one index each.
Group = tuple[list[Path], Settings]


class WorkspaceSkills:
    """One workspace index per group of folders with the same settings, so that each
    folder's skills are judged by its own configuration (folders that share settings share
    an index, and their cross-folder findings)."""

    def __init__(
        self,
        *,
        is_open: Callable[[str], bool] = lambda path: True,
        on_names_changed: Callable[[], None] = lambda: None,
        reveal: Callable[[list[str]], None] = lambda folders: None,
    ) -> None:
        # Told the root folders of each index before its scan walks them: a host that
        # must make folders readable first (the WebAssembly one mounts them) does it then.
        self._reveal = reveal
        self._indexes: list[tuple[list[Path], Settings, WorkspaceIndex]] = [
            ([], Settings(), WorkspaceIndex([]))
        ]
        self._buffers: dict[str, str] = {}
        # The order of each buffer's snapshot held (`Snapshot.order`, None: unknown), so
        # that a check of an older snapshot finishing late never puts its text back.
        self._versions: dict[str, int | None] = {}
        # Each checked file's last competing-skills findings (SKL509), to tell when an
        # edit changed them: the other skill of each pair then has new findings too.
        self._competing: dict[str, tuple[tuple[str, int, tuple[str, ...]], ...]] = {}
        # Held while a buffer goes into the indexes: a caller that finds its text already
        # there knows the indexes hold it too.
        self._lock = threading.Lock()
        # Called (from any thread) when an open buffer changed a skill's name.
        self._on_names_changed = on_names_changed
        # Whether a file is open in the editor: a check that ends after its document closed
        # must not put the closed buffer back (the session's document store answers).
        self._is_open = is_open

    @property
    def current(self) -> WorkspaceIndex:
        """The index of the first group of folders (for questions about no one file)."""
        return self._indexes[0][2]

    @property
    def indexes(self) -> list[WorkspaceIndex]:
        return [index for _, _, index in self._indexes]

    def index_for(self, path: str | None) -> WorkspaceIndex:
        """The index of the innermost workspace folder holding `path` (else the first)."""
        if path is None:
            return self.current
        normalized = os.path.normpath(path)
        best: tuple[int, WorkspaceIndex] | None = None
        for roots, _, index in self._indexes:
            for root in roots:
                prefix = os.path.normpath(root)
                if is_within(normalized, prefix):
                    depth = len(Path(prefix).parts)
                    if best is None or depth > best[0]:
                        best = (depth, index)
        return best[1] if best is not None else self.current

    def scan(
        self,
        groups: list[Group],
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> ScanReport:
        """Rescan (blocking: run it on a worker). New folders or settings make new indexes,
        which replace the current ones only once every scan is complete."""
        return run_steps(self.scan_steps(groups, progress, cancelled))

    def scan_steps(
        self,
        groups: list[Group],
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> Generator[None, None, ScanReport]:
        """`scan` in slices (WorkspaceIndex.scan_steps), for a runtime with no threads."""
        groups = groups or [([], Settings())]
        built: list[tuple[list[Path], Settings, WorkspaceIndex]] = []
        reports: list[ScanReport] = []
        for roots, settings in groups:
            index = next(
                (i for r, s, i in self._indexes if r == roots and s == settings),
                None,
            )
            if index is None:
                index = WorkspaceIndex([str(root) for root in roots], settings)
                with self._lock:
                    buffers = dict(self._buffers)
                for path, text in buffers.items():
                    index.set_buffer(path, text)
            self._reveal(sorted({root.path for _, root in index.roots()}))
            report = yield from index.scan_steps(progress, cancelled)
            if report.cancelled:
                return report
            built.append((list(roots), settings, index))
            reports.append(report)
        self._indexes = built
        return ScanReport(
            sum(r.roots for r in reports),
            sum(r.skills for r in reports),
            sum(r.seconds for r in reports),
            False,
            tuple(hit for r in reports for hit in r.bounds_hit),
        )

    def skills(self) -> list[SkillEntry]:
        """Every group's skills; a skill several groups see (a user-level one) once."""
        found: list[SkillEntry] = []
        seen: set[str] = set()
        for index in self.indexes:
            for entry in index.skills():
                if entry.path not in seen:
                    seen.add(entry.path)
                    found.append(entry)
        return found

    def skill_paths(self) -> dict[str, str]:
        """Every group's skill files (as `skills()` gives their paths) by real path."""
        found: dict[str, str] = {}
        for index in self.indexes:
            for real, path in index.skill_paths().items():
                found.setdefault(real, path)
        return found

    def entry(self, path: str) -> SkillEntry | None:
        return self.index_for(path).entry_for_path(path)

    def facts(self, path: str) -> SkillFacts | None:
        return self.index_for(path).facts(path)

    def by_name(self, name: str, client_id: str | None = None) -> SkillEntry | None:
        for index in self.indexes:
            entry = index.skill_by_name(name, client_id)
            if entry is not None:
                return entry
        return None

    def view(self, client_id: str) -> tuple[LoadedSkill, ...]:
        return self.current.view(client_id)

    def files_changed(self, paths: Iterable[str]) -> None:
        indexes = self.indexes
        for path in paths:
            for index in indexes:
                try:
                    if os.path.exists(path):
                        index.update_file(path)
                    else:
                        index.remove_path(path)
                except Exception:  # one odd path must not stop the others
                    log.exception("updating the index for %s failed", path)

    def set_buffer(self, path: str, text: str, version: int | None = None) -> None:
        """An open editor buffer, `version` being its snapshot's order (`Snapshot.order`:
        never backwards, unlike the editor's numbers); when it renames a skill, other
        skills' findings change."""
        with self._lock:
            if not self._is_open(path):
                return
            held = self._versions.get(path)
            if self._buffers.get(path) == text or (
                version is not None and held is not None and version < held
            ):
                return
            self._buffers[path] = text
            self._versions[path] = version
            own = self.index_for(path)
            before = own.facts(path)
            cuts = own.listing_cuts()
            for index in self.indexes:
                index.set_buffer(path, text)
            after = own.facts(path)
            # A description that moves a listing across its budget changes what others get.
            cut_changed = own.listing_cuts() != cuts
        renamed = before is not None and after is not None and before.name != after.name
        if renamed or cut_changed:
            self._on_names_changed()

    def clear_buffer(self, path: str) -> None:
        with self._lock:
            self._versions.pop(path, None)
            if self._buffers.pop(path, None) is None:
                return
            own = self.index_for(path)
            before = own.facts(path)
            cuts = own.listing_cuts()
            for index in self.indexes:
                index.clear_buffer(path)
            after = own.facts(path)
            cut_changed = own.listing_cuts() != cuts
        if (before is not None and (after is None or before.name != after.name)) or cut_changed:
            self._on_names_changed()

    def cross_findings(
        self, document: SkillDocument, context: CheckContext, version: int | None
    ) -> list[Diagnostic]:
        """Findings that need other skills (clashes, shadowing, nesting, bounds);
        `version`: the editor buffer's snapshot order (None: the file on disk)."""
        if document.path is None:
            return []
        if version is not None:
            self.set_buffer(document.path, document.text, version)
        found = self.index_for(document.path).cross_skill_diagnostics(document.path)
        competing = tuple(
            (d.message, d.severity.value, tuple(r.path for r in d.related))
            for d in found
            if d.code == COMPETING_SKILLS.code
        )
        with self._lock:
            before = self._competing.get(document.path)
            self._competing[document.path] = competing
        if before is not None and before != competing:
            self._on_names_changed()
        return found
