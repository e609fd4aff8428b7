"""Settings as the server sees them: the file configuration of each workspace folder, with
the editor's `skillLs` settings (initializationOptions, workspace/configuration,
didChangeConfiguration) merged over it. Problems are collected for one warning, never raised.

In a workspace the editor does not trust (`workspaceTrusted: false` in initializationOptions)
the folders' `.skill-ls.toml` and `pyproject.toml` are not read: a repository could point
extra roots anywhere, or rule links at a scheme the editor would run. The editor sends only
the user's own values of the keys the schema marks `x-restricted` there.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skill_ls.config import ConfigProblem, Settings, load_file_settings, merge
from skill_ls.files import is_within
from skill_ls.server.editor_options import SECTION, TRUST_KEY, section_of, workspace_trusted

EDITOR_SOURCE = "editor settings"

__all__ = ["SECTION", "TRUST_KEY", "Configuration", "section_of", "workspace_trusted"]


@dataclass
class Configuration:
    """The effective settings per workspace folder; `generation` changes when any change."""

    roots: list[Path] = field(default_factory=list)
    editor: dict[str, Any] = field(default_factory=dict)
    generation: int = 0
    # False: the editor does not trust the workspace, whose configuration files are not read.
    trusted: bool = True
    _files: dict[Path, tuple[Settings, list[ConfigProblem]]] = field(default_factory=dict)
    _effective: dict[Path | None, Settings] = field(default_factory=dict)
    problems: list[ConfigProblem] = field(default_factory=list)

    def set_roots(self, roots: list[Path]) -> None:
        self.roots = sorted(roots, key=lambda p: len(p.parts), reverse=True)
        self.reload_files()

    def reload_files(self) -> bool:
        """Re-read every folder's configuration files; True when the settings changed."""
        if not self.trusted:
            self._files = {}
            return self._recompute()
        self._files = {root: load_file_settings(root) for root in self.roots}
        return self._recompute()

    def set_editor(self, values: dict[str, Any]) -> bool:
        """Replace the editor's settings; True when the effective settings changed."""
        self.editor = dict(values)
        return self._recompute()

    def _recompute(self) -> bool:
        problems: list[ConfigProblem] = []
        effective: dict[Path | None, Settings] = {}
        for root in self.roots:
            base, file_problems = self._files.get(root, (Settings(), []))
            problems.extend(file_problems)
            effective[root], _ = merge(base, self.editor, EDITOR_SOURCE)
        # Outside every folder: the editor's settings alone (and their problems, once).
        effective[None], editor_problems = merge(Settings(), self.editor, EDITOR_SOURCE)
        problems.extend(editor_problems)
        changed = effective != self._effective
        self._effective = effective
        self.problems = problems
        if changed:
            self.generation += 1
        return changed

    def root_of(self, path: str | None) -> Path | None:
        """The innermost workspace folder holding `path`."""
        if path is None:
            return None
        normalized = os.path.normpath(path)
        for root in self.roots:
            prefix = os.path.normpath(root)
            if is_within(normalized, prefix):
                return root
        return None

    def for_path(self, path: str | None) -> Settings:
        """The settings `path` is judged by: its folder's, with the folder's overrides that
        match it applied (`Settings.for_path`, which keeps them: resolving again, as a
        check of the folder's files does, changes nothing)."""
        root = self.root_of(path)
        settings = self._effective.get(root)
        if settings is None:
            settings = self._effective.get(None)
        if settings is None:
            settings, _ = merge(Settings(), self.editor, EDITOR_SOURCE)
        return settings.for_path(path) if path is not None else settings

    def describe_problems(self) -> str | None:
        if not self.problems:
            return None
        lines = [f"{p.source}: {p.message}" for p in self.problems[:10]]
        more = len(self.problems) - len(lines)
        if more > 0:
            lines.append(f"... and {more} more")
        return "skill-ls: invalid settings ignored:\n" + "\n".join(lines)
