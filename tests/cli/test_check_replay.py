"""An unchanged `skill-ls check` run is answered from its record (`cli/replay.py`), and every
change to what the run looked at makes it a real run again, whose output matches `--no-cache`.

The runs are the real command in this process (so that a test can count whether the check ran);
one test compares with the command run as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from skill_ls.cache_basics import code_digest
from skill_ls.cli import _run
from skill_ls.cli import replay as replay_module
from skill_ls.cli.replay import run_check

REPO = Path(__file__).resolve().parents[2]

SKILL = """---
name: {name}
description: Extracts text from PDF files. Use when the user mentions PDFs.
---

# Body

Read [the guide](references/guide.md) and run `scripts/extract.py`.
"""


class Runs:
    """`skill-ls check ARGS` in this process; counts the runs that really checked."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.checked = 0

    def __call__(self, *args: str, during: Callable[[], object] | None = None) -> tuple[int, str]:
        arguments = ["check", "--format", "json", *args]

        def real() -> int:
            self.checked += 1
            code = _run(arguments, "check")
            if during is not None:
                during()
            return code

        self.capsys.readouterr()
        code = run_check(arguments, real)
        return code, self.capsys.readouterr().out

    def fresh(self, *args: str) -> tuple[int, str]:
        """The same run with no cache at all (does not count)."""
        checked = self.checked
        result = self("--no-cache", *args)
        self.checked = checked
        return result


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    root = tmp_path / "project"
    folder = root / ".claude" / "skills" / "pdf"
    (folder / "references").mkdir(parents=True)
    (folder / "scripts").mkdir()
    (folder / "SKILL.md").write_text(SKILL.format(name="pdf"))
    (folder / "references" / "guide.md").write_text("guide\n")
    (folder / "scripts" / "extract.py").write_text("print('x')\n")
    (root / ".git").mkdir()
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    # The cache folder exists, as `~/.cache` does: making it would change its parent folder
    # during the first run, which is then not recorded (see the race test below).
    (tmp_path / "cache").mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(root)
    # The code's identity, taken once: a source file edited while the tests run (by whoever
    # works in the tree) is a new key by design, which is not what these tests look at.
    digest = code_digest()
    monkeypatch.setattr("skill_ls.cli.replay.code_digest", lambda: digest)
    settle()
    yield root


@pytest.fixture
def runs(capsys: pytest.CaptureFixture[str]) -> Runs:
    return Runs(capsys)


def settle() -> None:
    """Let the files just written age past the window in which a run is not recorded (a
    change that close to a run may have happened while it read)."""
    time.sleep(replay_module.RACE_NS / 1e9 + 0.02)


def records(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "skill-ls").glob("run-*.bin"))


def test_an_unchanged_run_is_answered_from_its_record(project: Path, runs: Runs) -> None:
    first = runs()
    second = runs()
    assert runs.checked == 1
    assert second == first == runs.fresh()
    assert first[0] == 0 and '"diagnostics": []' in first[1]


def _edit_same_size(root: Path) -> None:
    skill = root / ".claude" / "skills" / "pdf" / "SKILL.md"
    skill.write_text(skill.read_text().replace("name: pdf", "name: pdg"))


def _remove_reference(root: Path) -> None:
    (root / ".claude" / "skills" / "pdf" / "references" / "guide.md").unlink()


def _remove_script(root: Path) -> None:
    (root / ".claude" / "skills" / "pdf" / "scripts" / "extract.py").unlink()


def _settings(root: Path) -> None:
    (root / ".skill-ls.toml").write_text('targetClients = ["no-such-agent"]\n')


def _rename_folder(root: Path) -> None:
    (root / ".claude" / "skills" / "pdf").rename(root / ".claude" / "skills" / "pdf-tools")


def _user_skill_clash(root: Path) -> None:
    folder = Path(os.environ["HOME"]) / ".claude" / "skills" / "pdf"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL.format(name="pdf"))


def _ignore_file(root: Path) -> None:
    (root / ".gitignore").write_text(".claude/\n")


def _unreadable(root: Path) -> None:
    (root / ".claude" / "skills" / "pdf" / "SKILL.md").chmod(0)


def _symlinked_folder(root: Path) -> None:
    """The skill folder becomes a link to another copy, whose name is wrong."""
    other = root / "elsewhere" / "pdf"
    other.mkdir(parents=True)
    (other / "SKILL.md").write_text(SKILL.format(name="Wrong_Name"))
    folder = root / ".claude" / "skills" / "pdf"
    folder.rename(root / "old-pdf")
    folder.symlink_to(other, target_is_directory=True)


CHANGES = {
    "an edit that keeps the size": _edit_same_size,
    "a referenced file removed": _remove_reference,
    "a mentioned script removed": _remove_script,
    "a settings file added": _settings,
    "the skill folder renamed": _rename_folder,
    "a user skill of the same name added under HOME": _user_skill_clash,
    "an ignore file that hides the skill": _ignore_file,
    "the skill folder replaced by a symbolic link": _symlinked_folder,
}


@pytest.mark.parametrize("change", list(CHANGES.values()), ids=list(CHANGES))
def test_each_change_makes_a_real_run_again(
    project: Path, runs: Runs, change: Callable[[Path], None]
) -> None:
    before = runs()
    change(project)
    settle()
    after = runs()
    assert runs.checked == 2
    assert after == runs.fresh()
    assert after != before
    assert runs() == after
    assert runs.checked == 2  # the new state is recorded and answered in turn


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_a_file_made_unreadable_is_seen(project: Path, runs: Runs) -> None:
    runs()
    _unreadable(project)
    assert runs() == runs.fresh()
    assert runs.checked == 2


def test_a_mode_change_alone_is_seen(project: Path, runs: Runs) -> None:
    """A status change (here the mode) is enough, even as root, who reads the file anyway."""
    runs()
    (project / ".claude" / "skills" / "pdf" / "SKILL.md").chmod(0o600)
    runs()
    assert runs.checked == 2


def test_other_arguments_environment_or_code_are_other_runs(
    project: Path, runs: Runs, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs()
    runs("--severity", "warning")
    assert runs.checked == 2
    monkeypatch.setenv("XDG_CONFIG_HOME", str(project / "config"))
    runs()
    assert runs.checked == 3
    digest = code_digest()
    monkeypatch.setattr("skill_ls.cli.replay.code_digest", lambda: digest + "-changed")
    runs()
    assert runs.checked == 4
    runs()
    assert runs.checked == 4


def test_a_change_while_the_run_reads_is_not_recorded(project: Path, runs: Runs) -> None:
    skill = project / ".claude" / "skills" / "pdf" / "SKILL.md"
    runs(during=lambda: skill.write_text(SKILL.format(name="Bad_Name")))
    settle()
    second = runs()
    assert runs.checked == 2  # the first run may have read the old text: never replayed
    assert second == runs.fresh()


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: data[:-10] + b"0123456789",
        lambda data: b"not a record",
        lambda data: b"",
    ],
    ids=["cut short", "bytes changed", "other content", "empty"],
)
def test_a_damaged_record_is_ignored_and_rewritten(
    project: Path, runs: Runs, tmp_path: Path, damage: Callable[[bytes], bytes]
) -> None:
    first = runs()
    (record,) = records(tmp_path)
    record.write_bytes(damage(record.read_bytes()))
    assert runs() == first
    assert runs.checked == 2
    assert record.read_bytes().startswith(replay_module.MAGIC)
    assert runs() == first
    assert runs.checked == 2


def test_no_cache_neither_reads_nor_writes_records(
    project: Path, runs: Runs, tmp_path: Path
) -> None:
    runs("--no-cache")
    assert records(tmp_path) == []
    runs()
    runs("--no-cache")
    assert runs.checked == 3


def test_a_replayed_process_prints_and_exits_as_the_real_one(project: Path) -> None:
    (project / ".claude" / "skills" / "pdf" / "SKILL.md").write_text(SKILL.format(name="Bad"))
    (project / "missing").mkdir()
    settle()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "skill_ls", "check", ".", "missing"]
    runs = [
        subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        for _ in range(3)
    ]
    fresh = subprocess.run(
        [*command, "--no-cache"], env=env, capture_output=True, text=True, timeout=120
    )
    for run in runs:
        assert (run.returncode, run.stdout, run.stderr) == (
            fresh.returncode,
            fresh.stdout,
            fresh.stderr,
        )
    assert fresh.returncode == 2 and "missing: no SKILL.md found" in fresh.stderr
    assert "SKL104" in fresh.stdout
