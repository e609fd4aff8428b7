"""`skill-ls check --fix / --unsafe-fixes / --diff`, run as a real subprocess."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from skill_ls.checking.fixing import fix_file, write_fixed
from skill_ls.settings import Settings
from tests.cli.support import run_cli

REPO = Path(__file__).resolve().parents[2]

# CRLF line endings (SKL202), a block-scalar description (SKL205) and an unknown field that
# moves under `metadata` (SKL301): three safe fixes. No body (SKL409): nothing to fix.
FIXABLE = (
    "---\r\n"
    "name: pdf\r\n"
    "description: |\r\n"
    "  Extracts text from PDF files. Use when the user mentions PDFs.\r\n"
    "owner: docs-team\r\n"
    "---\r\n"
)
# No description (SKL111): its one fix, adding an empty one, is unsafe.
NO_DESCRIPTION = "---\nname: pdf\n---\n\n# PDF\n\nRead the files the user names.\n"


def diff_bytes(root: Path, *args: str) -> tuple[int, bytes, str]:
    """`check --diff`: its exit code, its standard output as bytes (a CRLF file's lines
    keep their `\r`) and its standard error."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-m", "skill_ls", "check", "--diff", *args, "."],
        cwd=root,
        env=env,
        capture_output=True,
        timeout=120,
    )
    return result.returncode, result.stdout, result.stderr.decode()


def make_skill(root: Path, text: str, name: str = "pdf") -> Path:
    folder = root / ".agents" / "skills" / name
    folder.mkdir(parents=True)
    path = folder / "SKILL.md"
    path.write_bytes(text.encode("utf-8"))
    return path


def codes(root: Path, *args: str) -> list[str]:
    result = run_cli("check", "--format", "json", *args, ".", cwd=root)
    assert result.returncode in (0, 1), result.stderr
    report = json.loads(result.stdout)
    return sorted(d["code"] for d in report["diagnostics"])


def snapshot(root: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file under `root`: its bytes, modification time and permission bits."""
    found = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            info = path.stat()
            found[str(path.relative_to(root))] = (
                path.read_bytes(),
                info.st_mtime_ns,
                stat.S_IMODE(info.st_mode),
            )
    return found


def test_fix_applies_the_safe_fixes_and_leaves_the_rest(tmp_path: Path) -> None:
    path = make_skill(tmp_path, FIXABLE)
    path.chmod(0o640)
    assert codes(tmp_path) == ["SKL202", "SKL205", "SKL301", "SKL409"]
    before = set(snapshot(tmp_path))

    fixed = run_cli("check", "--fix", ".", cwd=tmp_path)

    assert fixed.returncode == 0, fixed.stderr
    assert fixed.stdout.splitlines()[-1] == "Fixed 3 findings in 1 file."
    assert "SKL409" in fixed.stdout and "SKL202" not in fixed.stdout
    text = path.read_bytes().decode("utf-8")
    assert "\r" not in text and "description: |" not in text
    assert "metadata:\n  owner:" in text
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert set(snapshot(tmp_path)) == before  # no temporary file left, nothing added
    assert codes(tmp_path) == ["SKL409"]
    again = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert again.stdout.splitlines()[-1] == "Fixed 0 findings in 0 files."


def test_fix_summary_goes_to_stderr_for_machine_formats(tmp_path: Path) -> None:
    make_skill(tmp_path, FIXABLE)
    fixed = run_cli("check", "--fix", "--format", "json", ".", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stderr
    report = json.loads(fixed.stdout)
    assert [d["code"] for d in report["diagnostics"]] == ["SKL409"]
    assert "Fixed 3 findings in 1 file." in fixed.stderr


def test_diff_writes_nothing_and_prints_a_patch_that_applies(tmp_path: Path) -> None:
    project = tmp_path / "project"
    make_skill(project, FIXABLE)
    before = snapshot(project)

    code, diff, err = diff_bytes(project)

    assert code == 0, err
    assert snapshot(project) == before
    assert diff.startswith(b"--- a/.agents/skills/pdf/SKILL.md\n")
    assert b"\n----\r\n+---\n" in diff
    assert "Would fix 3 findings in 1 file." in err
    # The patch applies, and gives what --fix writes.
    copy = tmp_path / "copy"
    shutil.copytree(project, copy)
    (tmp_path / "fix.patch").write_bytes(diff)
    tool = ["patch", "-p1", "-i"] if shutil.which("patch") else ["git", "apply"]
    applied = subprocess.run(
        [*tool, str(tmp_path / "fix.patch")], cwd=copy, capture_output=True, text=True
    )
    assert applied.returncode == 0, applied.stdout + applied.stderr
    assert run_cli("check", "--fix", ".", cwd=project).returncode == 0
    fixed = project / ".agents" / "skills" / "pdf" / "SKILL.md"
    assert (copy / ".agents" / "skills" / "pdf" / "SKILL.md").read_bytes() == fixed.read_bytes()


def test_git_apply_accepts_the_diff(tmp_path: Path) -> None:
    if not shutil.which("git"):
        pytest.skip("git is not installed")
    make_skill(tmp_path, FIXABLE)
    _, diff, _ = diff_bytes(tmp_path)
    (tmp_path / "fix.patch").write_bytes(diff)
    checked = subprocess.run(
        ["git", "apply", "--check", "fix.patch"], cwd=tmp_path, capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


def test_diff_exits_for_what_would_be_left(tmp_path: Path) -> None:
    # `name` with capitals (SKL104, an error) has a safe fix; the missing body stays.
    make_skill(tmp_path, FIXABLE.replace("name: pdf", "name: PDF"))
    assert run_cli("check", ".", cwd=tmp_path).returncode == 1
    diff = run_cli("check", "--diff", ".", cwd=tmp_path)
    assert diff.returncode == 0, diff.stdout + diff.stderr
    assert "+name: pdf" in diff.stdout
    failing = run_cli("check", "--diff", "--fail-on", "warning", ".", cwd=tmp_path)
    assert failing.returncode == 1  # SKL409 would be left


def test_unsafe_fixes_are_applied_only_when_asked(tmp_path: Path) -> None:
    path = make_skill(tmp_path, NO_DESCRIPTION)
    assert "SKL111" in codes(tmp_path)

    safe = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert safe.returncode == 1
    assert path.read_text(encoding="utf-8") == NO_DESCRIPTION
    assert "SKL111" in codes(tmp_path)

    unsafe = run_cli("check", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert "Fixed 1 finding in 1 file." in unsafe.stdout
    assert "description:" in path.read_text(encoding="utf-8")
    left = codes(tmp_path)
    assert "SKL111" not in left and "SKL113" in left  # the description is now empty


def test_unsafe_fixes_alone_is_a_usage_error(tmp_path: Path) -> None:
    make_skill(tmp_path, NO_DESCRIPTION)
    result = run_cli("check", "--unsafe-fixes", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert "--unsafe-fixes needs --fix or --diff" in result.stderr


def test_a_symlink_leading_outside_the_paths_given_is_not_written(tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "pdf"
    outside.mkdir(parents=True)
    target = outside / "SKILL.md"
    target.write_bytes(FIXABLE.encode())
    project = tmp_path / "project"
    folder = project / ".agents" / "skills" / "pdf"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").symlink_to(target)
    (project / "inside.md").write_text("x")
    before = snapshot(tmp_path)

    result = run_cli("check", "--fix", "project", cwd=tmp_path)

    assert "leads outside the paths given" in result.stderr
    assert result.stdout.splitlines()[-1] == "Fixed 0 findings in 0 files."
    assert "SKL202" in result.stdout  # still reported
    assert snapshot(tmp_path) == before
    assert (folder / "SKILL.md").is_symlink()
    # Named as the path, the folder it lies in may be fixed.
    assert run_cli("check", "--fix", "outside", cwd=tmp_path).returncode == 0
    assert b"\r" not in target.read_bytes()


def test_a_recorded_run_never_answers_a_fix(tmp_path: Path) -> None:
    path = make_skill(tmp_path, FIXABLE)
    first = run_cli("check", ".", cwd=tmp_path)
    second = run_cli("check", ".", cwd=tmp_path)  # answered from the first run's record
    assert first.stdout == second.stdout and "SKL202" in first.stdout

    fixed = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert "Fixed 3 findings in 1 file." in fixed.stdout
    assert b"\r" not in path.read_bytes()
    # The same run again finds nothing left to fix; the plain check sees the new file.
    again = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert "Fixed 0 findings in 0 files." in again.stdout
    after = run_cli("check", ".", cwd=tmp_path)
    assert "SKL202" not in after.stdout and "SKL409" in after.stdout


def test_runs_that_fix_are_neither_recorded_nor_replayed(tmp_path: Path) -> None:
    make_skill(tmp_path, FIXABLE.replace("\r\n", "\n"))
    records = Path(os.environ["XDG_CACHE_HOME"]) / "skill-ls"
    for flags in (["--fix"], ["--diff"], ["--fix", "--unsafe-fixes"], ["--dif"]):
        for _ in range(2):
            run_cli("check", *flags, ".", cwd=tmp_path)
        assert not list(records.glob("run-*.bin")), flags
    run_cli("check", ".", cwd=tmp_path)
    assert len(list(records.glob("run-*.bin"))) == 1  # a plain check is recorded


def test_a_file_changed_after_it_was_read_is_not_overwritten(tmp_path: Path) -> None:
    path = make_skill(tmp_path, FIXABLE)
    fix, problem = fix_file(path, Settings())
    assert fix is not None and problem is None and fix.changed
    edited = FIXABLE.replace("docs-team", "pdf-team").encode()
    path.write_bytes(edited)
    assert write_fixed(fix) == "it changed on disk while it was checked"
    assert path.read_bytes() == edited
    assert sorted(p.name for p in path.parent.iterdir()) == ["SKILL.md"]


def test_a_file_that_is_not_regular_is_not_written(tmp_path: Path) -> None:
    path = make_skill(tmp_path, FIXABLE)
    fix, _ = fix_file(path, Settings())
    assert fix is not None
    path.unlink()
    os.mkfifo(path)
    assert write_fixed(fix) == "it is not a regular file"
    assert stat.S_ISFIFO(path.lstat().st_mode)
