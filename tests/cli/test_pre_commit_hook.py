"""The pre-commit hook (.pre-commit-hooks.yaml): its file pattern, and its entry run the way
pre-commit runs it (entry + the staged file names) on fixture skills."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

REPO = Path(__file__).resolve().parents[2]
VALID = Path("examples/.agents/skills/pdf-tools/SKILL.md")
BROKEN = Path("examples/.claude/skills/deploy/SKILL.md")


@pytest.fixture(scope="module")
def hook() -> dict[str, Any]:
    hooks = YAML(typ="safe").load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(hooks, list)
    (found,) = [h for h in hooks if h["id"] == "skill-ls"]
    return dict(found)


def test_hook_declaration(hook: dict[str, Any]) -> None:
    assert hook["language"] == "python"
    assert hook["entry"] == "skill-ls check"
    # pre-commit passes the matching staged files as arguments.
    assert hook.get("pass_filenames", True) is True
    # The entry is a console script this package installs.
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'skill-ls = "skill_ls.cli:main"' in pyproject


@pytest.mark.parametrize(
    ("path", "matches"),
    [
        ("SKILL.md", True),
        (".claude/skills/deploy/SKILL.md", True),
        ("a b/SKILL.md", True),
        ("NOTSKILL.md", False),
        ("SKILL.md.orig", False),
        ("skill.md", False),
        ("docs/SKILL.markdown", False),
        ("README.md", False),
    ],
)
def test_hook_file_pattern(hook: dict[str, Any], path: str, matches: bool) -> None:
    # pre-commit applies `files` with re.search to paths relative to the repository root.
    assert bool(re.search(hook["files"], path)) is matches


def run_entry(
    hook: dict[str, Any], tmp_path: Path, *files: Path
) -> subprocess.CompletedProcess[str]:
    """The entry as pre-commit runs it: split like a shell, staged files appended, from the
    repository root, with the hook environment's scripts first on PATH."""
    bin_dir = tmp_path / "hook-env-bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "skill-ls"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m skill_ls "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(REPO),
        "NO_COLOR": "1",
    }
    argv = [*shlex.split(hook["entry"]), *hook.get("args", []), *map(str, files)]
    return subprocess.run(
        argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_hook_passes_a_valid_skill(hook: dict[str, Any], tmp_path: Path) -> None:
    done = run_entry(hook, tmp_path, VALID)
    assert done.returncode == 0, done.stdout + done.stderr
    # Its one finding is an info: the examples keep a second copy in .gemini/skills.
    assert f"{VALID}:2:7: info SKL501 " in done.stdout
    assert done.stdout.strip().endswith("Found 1 info in 1 of 1 file(s).")


def test_hook_fails_a_broken_skill(hook: dict[str, Any], tmp_path: Path) -> None:
    done = run_entry(hook, tmp_path, VALID, BROKEN)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{BROKEN}:2:7: error SKL104 " in done.stdout
    assert f"{BROKEN}:10:68: warning SKL404 " in done.stdout
    assert f"{VALID}:2:7: info SKL501 " in done.stdout  # the only finding on it
    assert len([line for line in done.stdout.splitlines() if line.startswith(str(VALID))]) == 1
