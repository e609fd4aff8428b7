"""Shared helpers for the workspace and render tests: the client fixture copied to a
temporary folder, an index over it, and golden files."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from skill_ls.settings import Settings
from skill_ls.workspace import WalkLimits, WorkspaceIndex

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CLIENTS_FIXTURE = FIXTURES / "workspaces" / "clients"
GOLDEN = FIXTURES / "golden"
# Set to rewrite golden files from the current output (then review the diff).
UPDATE = bool(os.environ.get("SKILL_LS_UPDATE_GOLDEN"))


@dataclass(frozen=True)
class Workspace:
    root: Path  # the copy of the fixture
    project: Path  # the workspace folder (a git repository)
    home: Path
    builtin: Path
    extra: Path

    def settings(self, **changes: Any) -> Settings:
        """Settings with this workspace's builtin folder and extra root, plus `changes`."""
        base = Settings(builtin_skills=str(self.builtin), extra_roots=(str(self.extra),))
        return replace(base, **changes)

    def index(
        self,
        folder: Path | None = None,
        settings: Settings | None = None,
        environ: dict[str, str] | None = None,
        limits: WalkLimits | None = None,
        scan: bool = True,
    ) -> WorkspaceIndex:
        index = WorkspaceIndex(
            [folder or self.project],
            settings or self.settings(),
            home=self.home,
            environ=environ or {},
            limits=limits,
        )
        if scan:
            index.scan()
        return index

    def show(self, text: str) -> str:
        """`text` with the temporary folder written as `<ws>`, for golden files."""
        return text.replace(str(self.root), "<ws>").replace(self.root.as_uri(), "file://<ws>")


def clients_workspace(tmp_path: Path) -> Workspace:
    """A fresh copy of tests/fixtures/workspaces/clients with `project/` a git repository."""
    root = tmp_path.resolve() / "ws"
    shutil.copytree(CLIENTS_FIXTURE, root, symlinks=True)
    (root / "project" / ".git").mkdir()
    return Workspace(root, root / "project", root / "home", root / "builtin", root / "extra")


def write_skill(folder: Path, name: str, description: str = "Does things. Use when asked.") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "SKILL.md"
    path.write_text(f"---\nname: {name}\ndescription: {description}\n---\n\n# {name}\n")
    return path


def golden(name: str, actual: str) -> None:
    """Compare `actual` with tests/fixtures/golden/<name> (rewrite it when UPDATE)."""
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with SKILL_LS_UPDATE_GOLDEN=1"
    assert actual == path.read_text(encoding="utf-8"), f"differs from {path}"
