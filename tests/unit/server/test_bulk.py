"""Checking many skills at once (`server/bulk.py`): results persist in the result cache
`skill-ls check` uses, so an unchanged file is not parsed again, in this session or the next."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from skill_ls.checking.batches import FileFindings
from skill_ls.document import decode_skill_bytes
from skill_ls.server.bulk import BulkChecker
from skill_ls.settings import Settings

SKILL = "---\nname: {name}\ndescription: Does {name} things. Use when asked.\n---\n# Body\n"


def skills(root: Path) -> list[str]:
    paths = []
    for name in ("alpha", "beta", "gamma"):
        path = root / ".claude" / "skills" / name / "SKILL.md"
        path.parent.mkdir(parents=True)
        path.write_text(SKILL.format(name=name))
        paths.append(str(path))
    return paths


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files parsed (a result from the cache parses nothing)."""
    seen: list[str] = []
    real = decode_skill_bytes

    def counting(data: bytes, path: str | None = None) -> object:
        seen.append(str(path))
        return real(data, path)

    monkeypatch.setattr("skill_ls.checking.decode_skill_bytes", counting)
    return seen


def check(checker: BulkChecker, paths: list[str]) -> dict[str, tuple[str, ...]]:
    found: list[FileFindings] = asyncio.run(checker.check(paths, Settings()))
    return {item.path: tuple(d.code for d in item.diagnostics) for item in found}


def test_unchanged_files_come_from_the_cache_across_sessions(
    tmp_path: Path, parsed: list[str]
) -> None:
    paths = skills(tmp_path / "project")
    first = check(BulkChecker(tmp_path / "cache"), paths)
    assert sorted(parsed) == sorted(paths)
    parsed.clear()
    second = check(BulkChecker(tmp_path / "cache"), paths)  # a new session
    assert second == first and parsed == []


def test_a_changed_file_is_checked_again_and_its_findings_follow(
    tmp_path: Path, parsed: list[str]
) -> None:
    paths = skills(tmp_path / "project")
    checker = BulkChecker(tmp_path / "cache")
    before = check(checker, paths)
    Path(paths[1]).write_text(SKILL.format(name="Beta_Bad"))
    parsed.clear()
    after = check(checker, paths)
    assert parsed == [paths[1]]
    fresh = check(BulkChecker(tmp_path / "other-cache"), paths)
    assert after == fresh and after != before
    assert "SKL104" in after[paths[1]]


def test_non_ascii_text_is_known_from_a_cached_result(tmp_path: Path) -> None:
    """Positions convert to UTF-16 by the text: a cached result must still say it is not
    ASCII."""
    path = tmp_path / ".claude" / "skills" / "cafe" / "SKILL.md"
    path.parent.mkdir(parents=True)
    path.write_text("---\nname: café\ndescription: Makes café. Use when asked.\n---\n")
    checker = BulkChecker(tmp_path / "cache")
    for _ in range(2):
        (item,) = asyncio.run(checker.check([str(path)], Settings()))
        assert item.ascii is False


def test_with_no_threads_batches_run_on_the_loop_and_find_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide (no threads, no processes): enough files for worker processes are checked batch
    by batch on the event loop instead, with the same findings."""
    root = tmp_path / "project" / ".claude" / "skills"
    paths = []
    for n in range(250):  # over PROCESS_THRESHOLD
        path = root / f"s{n:03d}" / "SKILL.md"
        path.parent.mkdir(parents=True)
        # Every tenth one broken (its name is not its folder's).
        path.write_text(SKILL.format(name=f"s{n:03d}" if n % 10 else "other"))
        paths.append(str(path))
    expected = check(BulkChecker(tmp_path / "cache-a"), paths)
    monkeypatch.setattr("skill_ls.server.bulk.NO_THREADS", True)
    checker = BulkChecker(tmp_path / "cache-b")
    assert check(checker, paths) == expected
    assert checker._pool is None  # no process was started
    # The broken ones' finding is there (a finding more than their neighbours').
    assert set(expected[paths[0]]) > set(expected[paths[1]])
