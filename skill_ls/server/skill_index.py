"""The server's handle on the workspace index: rebuilt when folders or settings change,
fed with open buffers, asked for cross-skill findings.

Scans run on a worker thread; the index swaps its state in whole at the end of a scan,
so completion and hover keep being answered from the previous state meanwhile.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from skill_ls.diagnostics import Diagnostic
from skill_ls.document import SkillDocument
from skill_ls.rules.context import CheckContext
from skill_ls.settings import Settings
from skill_ls.workspace import LoadedSkill, ScanReport, SkillEntry, SkillFacts, WorkspaceIndex

log = logging.getLogger(__name__)

# (done, total, what): progress of a scan.
Progress = Callable[[int, int, str], None]


def extra_roots(settings: Settings, roots: list[Path]) -> list[Path]:
    """The configured extra roots as absolute paths (relative ones: to the first folder)."""
    found: list[Path] = []
    for raw in settings.extra_roots:
        path = Path(os.path.expanduser(raw))
        if not path.is_absolute():
            if not roots:
                continue
            path = roots[0] / path
        if path not in found:
            found.append(path)
    return found


class SkillIndex:
    def __init__(self) -> None:
        self._index = WorkspaceIndex([])
        self._buffers: dict[str, str] = {}
        self._lock = threading.Lock()
        self.settings = Settings()
        self.roots: list[Path] = []
        # Called (from any thread) when an open buffer changed a skill's name.
        self.on_names_changed: Callable[[], None] = lambda: None

    @property
    def current(self) -> WorkspaceIndex:
        return self._index

    def scan(
        self,
        roots: Iterable[Path],
        settings: Settings,
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> ScanReport:
        """Rescan (blocking: run it on a worker). New folders or settings make a new index,
        which replaces the current one only once its scan is complete."""
        roots = list(roots)
        index = self._index
        if roots != self.roots or settings != self.settings:
            index = WorkspaceIndex([str(root) for root in roots], settings)
            with self._lock:
                buffers = dict(self._buffers)
            for path, text in buffers.items():
                index.set_buffer(path, text)
        report = index.scan(progress, cancelled)
        if not report.cancelled:
            self._index, self.roots, self.settings = index, roots, settings
        return report

    def skills(self) -> list[SkillEntry]:
        return self._index.skills()

    def entry(self, path: str) -> SkillEntry | None:
        return self._index.entry_for_path(path)

    def facts(self, path: str) -> SkillFacts | None:
        return self._index.facts(path)

    def by_name(self, name: str, client_id: str | None = None) -> SkillEntry | None:
        return self._index.skill_by_name(name, client_id)

    def view(self, client_id: str) -> tuple[LoadedSkill, ...]:
        return self._index.view(client_id)

    def files_changed(self, paths: Iterable[str]) -> None:
        index = self._index
        for path in paths:
            try:
                if os.path.exists(path):
                    index.update_file(path)
                else:
                    index.remove_path(path)
            except Exception:  # one odd path must not stop the others
                log.exception("updating the index for %s failed", path)

    def set_buffer(self, path: str, text: str) -> None:
        """An open editor buffer; when it renames a skill, other skills' findings change."""
        with self._lock:
            if self._buffers.get(path) == text:
                return
            self._buffers[path] = text
        index = self._index
        before = index.facts(path)
        index.set_buffer(path, text)
        after = index.facts(path)
        if before is not None and after is not None and before.name != after.name:
            self.on_names_changed()

    def clear_buffer(self, path: str) -> None:
        with self._lock:
            if self._buffers.pop(path, None) is None:
                return
        index = self._index
        before = index.facts(path)
        index.clear_buffer(path)
        after = index.facts(path)
        if before is not None and (after is None or before.name != after.name):
            self.on_names_changed()

    def cross_findings(
        self, document: SkillDocument, context: CheckContext, is_buffer: bool
    ) -> list[Diagnostic]:
        """Findings that need other skills (clashes, shadowing, nesting, bounds)."""
        if document.path is None:
            return []
        if is_buffer:
            self.set_buffer(document.path, document.text)
        return self._index.cross_skill_diagnostics(document.path)
