"""Several workspace folders, each with its own `.skill-ls.toml` and target agents: each
folder's skills are judged by its own settings, in the server (pushed diagnostics, the
cross-skill findings included) as by `skill-ls check` run on that folder alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skill_ls.checking import check_file, cross_skill_findings
from skill_ls.settings import Settings
from tests.security.harness import REPO, child_env
from tests.security.wire import client_capabilities

from .support import (
    converge,
    errors_in_log,
    published_codes,
    settings_of,
    skill_text,
    start,
    stop,
)

# Two copies of one name (a clash for agents reading `.agents/skills`) and a Claude copy.
LAYOUT = (".agents/skills/tool", ".agents/skills/tool-copy", ".claude/skills/tool")
TARGETS = {"first": ["claude-code"], "second": ["codex", "cursor"]}


def make_folder(root: Path, targets: list[str]) -> list[Path]:
    root.mkdir(parents=True)
    (root / ".git").mkdir()  # the nearest configuration stops at a repository's root
    (root / ".skill-ls.toml").write_text(f"target-clients = {json.dumps(targets)}\n")
    files = []
    for folder in LAYOUT:
        path = root / folder / "SKILL.md"
        path.parent.mkdir(parents=True)
        path.write_text(skill_text("tool"), encoding="utf-8")
        files.append(path)
    return files


def expected(files: list[Path], folder: Path, settings: Settings) -> dict[Path, list[Any]]:
    """What the command line's check of `folder` alone says of each file."""
    cross = cross_skill_findings(files, [folder], settings)
    found: dict[Path, list[Any]] = {}
    for path in files:
        diagnostics = [*check_file(path, settings).diagnostics, *cross[path]]
        found[path] = sorted(
            (d.code, d.range.start.line, d.range.start.column) for d in diagnostics
        )
    return found


@pytest.fixture
def folders(tmp_path: Path) -> dict[str, tuple[Path, list[Path]]]:
    return {
        name: (tmp_path / name, make_folder(tmp_path / name, targets))
        for name, targets in TARGETS.items()
    }


def test_each_folder_is_judged_by_its_own_settings(
    folders: dict[str, tuple[Path, list[Path]]],
) -> None:
    wanted: dict[Path, list[Any]] = {}
    for root, files in folders.values():
        wanted.update(expected(files, root, settings_of(root)))
    # The settings differ where it shows: the folders' own checks do not agree.
    first, second = (wanted[files[0]] for _, files in folders.values())
    assert first != second
    roots = [root for root, _ in folders.values()]
    client = start(roots[0].parent)
    try:
        client.request(
            "initialize",
            {
                "processId": None,
                "capabilities": client_capabilities(),
                "rootUri": roots[0].as_uri(),
                "workspaceFolders": [{"uri": r.as_uri(), "name": r.name} for r in roots],
            },
        )
        client.notify("initialized", {})
        for path in wanted:
            client.open(path.as_uri(), path.read_text(encoding="utf-8"))

        def same() -> None:
            for path, codes in wanted.items():
                assert published_codes(client.wait_published(path.as_uri())) == codes, path

        converge(same)
        assert stop(client) == 0
        assert errors_in_log(client) == []
    finally:
        client.kill()


def test_check_of_several_paths_uses_each_paths_configuration(
    folders: dict[str, tuple[Path, list[Path]]],
) -> None:
    def check(*paths: Path) -> dict[str, list[Any]]:
        run = subprocess.run(
            [sys.executable, "-m", "skill_ls", "check", "--format", "json", *map(str, paths)],
            cwd=REPO,
            env=child_env(),
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert run.returncode in (0, 1), run.stderr
        found: dict[str, list[Any]] = {}
        for d in json.loads(run.stdout)["diagnostics"]:
            path = str((REPO / d["path"]).resolve())
            start = d["range"]["start"]
            found.setdefault(path, []).append((d["code"], start["line"], start["column"]))
        return {path: sorted(codes) for path, codes in found.items()}

    roots = [root for root, _ in folders.values()]
    alone: dict[str, list[Any]] = {}
    for root in roots:
        alone.update(check(root))
    assert check(*roots) == alone
