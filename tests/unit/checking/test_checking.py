"""Checking many files: workers start only where they pay, results come back in order with
the facts the workspace index takes from them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.checking import (
    POOL_START_SECONDS,
    PROBE_MIN_FILES,
    check_file,
    check_files,
    workers_pay,
)
from skill_ls.settings import Settings
from skill_ls.workspace.facts import read_facts


@pytest.mark.parametrize(
    ("per_file", "remaining", "jobs", "expected"),
    [
        (0.001, 1000, 2, True),  # a second saved for 40 ms of start-up
        (0.001, 1000, 1, False),  # one CPU: nothing to share
        (0.001, 2, 2, False),  # no more files than workers
        (0.0001, 100, 2, False),  # 5 ms saved, 40 ms to start
        (0.00001, 100_000, 2, False),  # cheaper to check than to send back
        (POOL_START_SECONDS, 10, 4, True),
    ],
)
def test_workers_start_only_where_they_pay(
    per_file: float, remaining: int, jobs: int, expected: bool
) -> None:
    assert workers_pay(per_file, remaining, jobs) is expected


def _skills(root: Path, count: int) -> list[Path]:
    paths = []
    for number in range(count):
        folder = root / "skills" / f"skill-{number:03}"
        folder.mkdir(parents=True)
        name = f"skill-{number:03}" if number % 3 else "Bad_Name"
        (folder / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: Does {number}. Use when asked.\n---\n\n"
            "Read [the guide](references/guide.md).\n"
        )
        paths.append(folder / "SKILL.md")
    return paths


def test_workers_give_the_same_results_in_order(tmp_path: Path) -> None:
    paths = _skills(tmp_path, PROBE_MIN_FILES + 40)
    here = list(check_files(paths, Settings(), jobs=1))
    workers = list(check_files(paths, Settings(), jobs=2))
    assert [r.path for r in workers] == paths
    assert [r.diagnostics for r in workers] == [r.diagnostics for r in here]
    assert [r.facts for r in workers] == [r.facts for r in here]
    assert any(r.document is None for r in workers)  # some did come from workers
    for result in workers:
        for diagnostic in result.diagnostics:
            line = diagnostic.range.start.line
            assert result.line(line) == result.path.read_text().splitlines()[line]


def test_a_checked_file_carries_what_indexing_reads(tmp_path: Path) -> None:
    (path,) = _skills(tmp_path, 1)
    result = check_file(path, Settings())
    assert result.real == os.path.realpath(path)
    assert result.facts == read_facts(result.real)


def test_an_unreadable_file_carries_no_facts(tmp_path: Path) -> None:
    result = check_file(tmp_path / "missing" / "SKILL.md", Settings())
    assert [d.code for d in result.diagnostics] == ["SKL010"]
    assert result.facts is None and result.real is None
