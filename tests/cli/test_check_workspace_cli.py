"""`skill-ls check` sees what the editor sees: the cross-skill findings (SKL5xx) of the
workspace index, and every path it was given that it could not check."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]

SKILL = """---
name: {name}
description: Extracts text from PDF files. Use when the user mentions PDFs or forms.
---

# Body

Follow the steps.
"""


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def run_cli(
    *args: str, cwd: Path, home: Path, prefix: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        "HOME": str(home),
    }
    return subprocess.run(
        [*prefix, sys.executable, "-m", "skill_ls", "check", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def make(root: Path, place: str, name: str = "pdf") -> Path:
    path = root / place / name / "SKILL.md"
    path.parent.mkdir(parents=True)
    path.write_text(SKILL.format(name=name), encoding="utf-8")
    return path


def findings(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    diagnostics: list[dict[str, Any]] = json.loads(result.stdout)["diagnostics"]
    return diagnostics


def by_file(result: subprocess.CompletedProcess[str]) -> set[tuple[str, str]]:
    return {(d["path"], d["code"]) for d in findings(result)}


# --- Cross-skill findings ----------------------------------------------------------------------


def test_the_same_skill_in_two_client_folders_is_a_clash(tmp_path: Path, home: Path) -> None:
    ws = tmp_path / "ws"
    make(ws, ".claude/skills")
    make(ws, ".agents/skills")
    result = run_cli("--format", "json", cwd=ws, home=home)
    assert result.returncode == 0, result.stderr  # warnings only
    assert by_file(result) == {
        (".claude/skills/pdf/SKILL.md", "SKL501"),
        (".agents/skills/pdf/SKILL.md", "SKL501"),
    }
    clash = next(d for d in findings(result) if d["path"] == ".claude/skills/pdf/SKILL.md")
    assert ".agents/skills/pdf/SKILL.md" in clash["message"]
    assert clash["location"]["line"] == 2  # on the name
    text = run_cli(cwd=ws, home=home)
    assert "All clean" not in text.stdout
    assert "SKL501" in text.stdout
    assert run_cli("--fail-on", "warning", cwd=ws, home=home).returncode == 1


def test_one_file_checked_alone_still_sees_its_other_copy(tmp_path: Path, home: Path) -> None:
    ws = tmp_path / "ws"
    mine = make(ws, ".claude/skills")
    make(ws, ".agents/skills")
    result = run_cli("--format", "json", str(mine), cwd=tmp_path, home=home)
    assert {d["code"] for d in findings(result)} == {"SKL501"}
    assert {d["path"] for d in findings(result)} == {"ws/.claude/skills/pdf/SKILL.md"}


def test_distinct_names_are_clean(tmp_path: Path, home: Path) -> None:
    ws = tmp_path / "ws"
    make(ws, ".claude/skills", "pdf")
    forms = make(ws, ".agents/skills", "pdf-forms")
    # A description of its own too: two skills listed with the same one compete (SKL509).
    forms.write_text(
        SKILL.format(name="pdf-forms").replace(
            "Extracts text from PDF files. Use when the user mentions PDFs or forms.",
            "Fills in PDF forms field by field. Use when the user has a form to complete.",
        ),
        encoding="utf-8",
    )
    result = run_cli(cwd=ws, home=home)
    assert result.returncode == 0
    assert "All clean: 2 file(s) checked." in result.stdout


def test_a_user_skill_shadowed_by_the_project(tmp_path: Path, home: Path) -> None:
    ws = tmp_path / "ws"
    make(ws, ".claude/skills")
    make(home, ".claude/skills")
    result = run_cli("--format", "json", "--client", "claude-code", cwd=ws, home=home)
    assert by_file(result) == {(".claude/skills/pdf/SKILL.md", "SKL502")}


def test_a_skill_inside_another_skill(tmp_path: Path, home: Path) -> None:
    ws = tmp_path / "ws"
    make(ws, ".claude/skills", "outer")
    make(ws, ".claude/skills/outer", "inner")
    result = run_cli("--format", "json", cwd=ws, home=home)
    assert (".claude/skills/outer/inner/SKILL.md", "SKL503") in by_file(result)


def test_rule_selection_applies_to_cross_skill_findings(tmp_path: Path, home: Path) -> None:
    ws = tmp_path / "ws"
    make(ws, ".claude/skills")
    make(ws, ".agents/skills")
    assert findings(run_cli("--format", "json", "--ignore", "SKL5", cwd=ws, home=home)) == []


# --- Paths that hold nothing to check ----------------------------------------------------------


def test_an_explicit_folder_without_skills_is_an_error(tmp_path: Path, home: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = run_cli("empty", cwd=tmp_path, home=home)
    assert result.returncode == 2
    assert "empty: no SKILL.md found" in result.stderr
    assert result.stdout == ""


def test_the_current_folder_by_default_may_be_empty(tmp_path: Path, home: Path) -> None:
    result = run_cli(cwd=tmp_path, home=home)
    assert result.returncode == 0
    assert "All clean: 0 file(s) checked." in result.stdout


def test_a_bad_path_beside_a_good_one_is_still_an_error(tmp_path: Path, home: Path) -> None:
    make(tmp_path / "ws", ".claude/skills")
    (tmp_path / "empty").mkdir()
    result = run_cli("--format", "json", "ws", "empty", "nope", cwd=tmp_path, home=home)
    assert result.returncode == 2
    assert "empty: no SKILL.md found" in result.stderr
    assert "nope: no such file or folder" in result.stderr
    assert json.loads(result.stdout)["summary"]["files"] == 1  # the good one is reported


# Root reads through chmod 000: as root, the command runs as nobody (setpriv, util-linux).
AS_NOBODY = (
    ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups") if os.geteuid() == 0 else ()
)


@pytest.fixture
def shared() -> Iterator[Path]:
    """A scratch folder another user can enter (pytest's tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="skill-ls-cli-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for root, dirs, _ in os.walk(folder):
            for name in dirs:
                os.chmod(os.path.join(root, name), 0o755)
        shutil.rmtree(folder, ignore_errors=True)


def _runs_as_nobody(cwd: Path) -> bool:
    if not AS_NOBODY:
        return True
    if shutil.which("setpriv") is None:
        return False
    probe = subprocess.run(
        [*AS_NOBODY, sys.executable, "-c", "import skill_ls"],
        capture_output=True,
        cwd=cwd,
        env={"PYTHONPATH": str(REPO)},
        timeout=60,
        check=False,
    )
    return probe.returncode == 0


def test_a_folder_that_cannot_be_opened_is_named(shared: Path) -> None:
    if not _runs_as_nobody(shared):
        pytest.skip("as root, needs setpriv and a Python that nobody can run")
    locked = shared / "locked"
    make(locked, ".claude/skills")
    for folder in (shared / "home", shared / "ok"):
        folder.mkdir()
        folder.chmod(0o755)
    for root, _dirs, files in os.walk(locked):
        os.chmod(root, 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    locked.chmod(0)
    result = run_cli("locked", cwd=shared, home=shared / "home", prefix=AS_NOBODY)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "locked: cannot open the folder (Permission denied)" in result.stderr


def test_a_folder_below_that_cannot_be_opened_is_reported(shared: Path) -> None:
    if not _runs_as_nobody(shared):
        pytest.skip("as root, needs setpriv and a Python that nobody can run")
    make(shared / "work", ".claude/skills")
    make(shared / "work" / "private", ".agents/skills")
    for folder in (shared / "home",):
        folder.mkdir()
    for root, _dirs, files in os.walk(shared):
        os.chmod(root, 0o755)
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    (shared / "work" / "private").chmod(0)
    result = run_cli("work", "--format", "json", cwd=shared, home=shared / "home", prefix=AS_NOBODY)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    locked = shared / "work" / "private"
    assert (
        f"skill-ls check: cannot open the folder {locked.relative_to(shared)} "
        "(Permission denied); skills below it were not checked"
    ) in result.stderr
    assert json.loads(result.stdout)["summary"]["files"] == 1  # the readable skill
