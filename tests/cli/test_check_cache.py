"""`skill-ls check` keeps results between runs: a cached run prints exactly what a run
without the cache prints, and every input a result depends on invalidates it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

SKILL = """---
name: {name}
description: Extracts text from PDF files. Use when the user mentions PDFs.
---

# Body

Read [the guide](references/guide.md) and [the shared notes](../shared/notes.md).
"""


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    return {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "HOME": str(home),
        "XDG_CACHE_HOME": str(tmp_path / "xdg-cache"),
    }


def check(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # These tests are about the per-file results; an unchanged run would be answered whole
    # from its record (tests/cli/test_check_replay.py), so the records are removed first.
    for record in (Path(env["XDG_CACHE_HOME"]) / "skill-ls").glob("run-*.bin"):
        record.unlink()
    return subprocess.run(
        [sys.executable, "-m", "skill_ls", "check", "--format", "json", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def project(root: Path) -> Path:
    """A project with two skills in a skills collection and one in a client folder."""
    for name in ("pdf", "docx"):
        folder = root / "skills" / name
        (folder / "references").mkdir(parents=True)
        (folder / "SKILL.md").write_text(SKILL.format(name=name))
        (folder / "references" / "guide.md").write_text("guide\n")
    other = root / ".claude" / "skills" / "pdf"
    other.mkdir(parents=True)
    (other / "SKILL.md").write_text(SKILL.format(name="pdf"))
    (root / ".git").mkdir()
    return root


def same_as_uncached(env: dict[str, str], cwd: Path, *args: str) -> str:
    """Run twice with the cache (filling it, then reading it) and once without; all
    three print the same report. Returns it."""
    first = check(env, *args, cwd=cwd)
    second = check(env, *args, cwd=cwd)
    fresh = check(env, "--no-cache", *args, cwd=cwd)
    assert first.stderr == second.stderr == fresh.stderr == ""
    assert first.stdout == second.stdout == fresh.stdout
    assert first.returncode == second.returncode == fresh.returncode
    return fresh.stdout


def codes(report: str, path_part: str) -> list[str]:
    return sorted(d["code"] for d in json.loads(report)["diagnostics"] if path_part in d["path"])


def cache_files(env: dict[str, str]) -> list[Path]:
    return sorted((Path(env["XDG_CACHE_HOME"]) / "skill-ls").glob("check-*.bin"))


def test_the_cache_lives_in_the_user_cache_folder_and_no_cache_writes_none(
    tmp_path: Path, env: dict[str, str]
) -> None:
    root = project(tmp_path / "p")
    check(env, "--no-cache", cwd=root)
    assert cache_files(env) == []
    check(env, cwd=root)
    assert len(cache_files(env)) == 1
    elsewhere = tmp_path / "elsewhere"
    check(env, "--cache-dir", str(elsewhere), cwd=root)
    assert len(list(elsewhere.glob("check-*.bin"))) == 1


def test_an_edit_is_seen(tmp_path: Path, env: dict[str, str]) -> None:
    root = project(tmp_path / "p")
    before = same_as_uncached(env, root)
    skill = root / "skills" / "pdf" / "SKILL.md"
    skill.write_text(SKILL.format(name="Bad_Name"))
    after = same_as_uncached(env, root)
    assert "SKL" in after and after != before
    assert codes(after, "skills/pdf") != codes(before, "skills/pdf")


def test_a_referenced_file_removed_and_added_is_seen(tmp_path: Path, env: dict[str, str]) -> None:
    root = project(tmp_path / "p")
    before = same_as_uncached(env, root)
    guide = root / "skills" / "pdf" / "references" / "guide.md"
    guide.unlink()
    removed = same_as_uncached(env, root)
    assert removed != before
    guide.write_text("guide again\n")
    assert same_as_uncached(env, root) == before


def test_a_file_outside_the_skill_folder_it_references_is_seen(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """`../shared/notes.md` resolves in the skills collection, outside the skill folder."""
    root = project(tmp_path / "p")
    before = same_as_uncached(env, root)
    (root / "skills" / "shared").mkdir()
    (root / "skills" / "shared" / "notes.md").write_text("notes\n")
    added = same_as_uncached(env, root)
    assert codes(added, "skills/pdf") != codes(before, "skills/pdf")
    (root / "skills" / "shared" / "notes.md").unlink()
    assert same_as_uncached(env, root) == before


def test_a_settings_change_is_seen(tmp_path: Path, env: dict[str, str]) -> None:
    root = project(tmp_path / "p")
    (root / "skills" / "pdf" / "SKILL.md").write_text(SKILL.format(name="Bad_Name"))
    before = same_as_uncached(env, root)
    (root / ".skill-ls.toml").write_text('ignore = ["SKL1"]\n')
    after = same_as_uncached(env, root)
    assert after != before
    assert not [c for c in codes(after, "skills/pdf") if c.startswith("SKL1")]
    files = len(cache_files(env))
    same_as_uncached(env, root, "--client", "claude-code")
    assert len(cache_files(env)) == files + 1  # other targets: other results


def test_a_renamed_folder_is_seen(tmp_path: Path, env: dict[str, str]) -> None:
    root = project(tmp_path / "p")
    before = same_as_uncached(env, root)
    (root / "skills" / "pdf").rename(root / "skills" / "pdf-tools")
    after = same_as_uncached(env, root)
    assert "skills/pdf-tools" in after and after != before


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: data[:-10] + b"0123456789",  # bytes changed
        lambda data: b"not a cache at all",
        lambda data: b"",
    ],
)
def test_a_damaged_cache_is_ignored_and_rebuilt(
    tmp_path: Path, env: dict[str, str], damage: object
) -> None:
    root = project(tmp_path / "p")
    (root / "skills" / "pdf" / "SKILL.md").write_text(SKILL.format(name="Bad_Name"))
    report = same_as_uncached(env, root)
    (cache,) = cache_files(env)
    assert callable(damage)
    cache.write_bytes(damage(cache.read_bytes()))
    damaged = check(env, cwd=root)
    assert (damaged.stdout, damaged.stderr) == (report, "")
    assert same_as_uncached(env, root) == report
    assert cache.read_bytes().startswith(b"skill-ls check cache")


def test_a_cached_run_of_the_generated_skills_prints_the_same_report(
    tmp_path: Path, env: dict[str, str]
) -> None:
    subprocess.run(
        [
            sys.executable,
            str(REPO / "benchmarks" / "generate.py"),
            "--count",
            "1000",
            "--out",
            str(tmp_path / "gen"),
            "--no-git",
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    report = same_as_uncached(env, tmp_path, "gen")
    assert len(json.loads(report)["diagnostics"]) > 100
