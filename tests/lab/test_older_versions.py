"""Older versions of an agent that behave otherwise than the pinned one: each record of the
lab (`clientlab/goldens-older/`) is a row's older behaviour (`Client.older`), and with that
version chosen (`SKILL_LS_AGENT_VERSIONS`, as `--agent-version` sets it) skill-ls replays
every scenario the lab ran at that version, byte for byte; without the choice, the
scenarios where that version differed fail. The replay runs in a child process: the client
table is built once per process, with the chosen rows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from clientlab.older import OlderRecord, all_older, merged_goldens
from skill_ls.clients.table import NEWEST
from skill_ls.clients.version_choice import ENVIRONMENT
from skill_ls.clients.versions import row_at

REPO = Path(__file__).resolve().parents[2]
RECORDS = all_older()
REPLAYS = ["tests/lab/test_replay.py", "tests/lab/test_diagnostics_agree.py"]


def _id(record: OlderRecord) -> str:
    return f"{record.agent}-{record.version}"


def _replay(goldens: Path, choice: str | None, *select: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLIENTLAB_GOLDENS": str(goldens)}
    env.pop(ENVIRONMENT, None)
    if choice is not None:
        env[ENVIRONMENT] = choice
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *REPLAYS]
    argv += ["-k", " or ".join(select) if select else "not every_agent"]
    return subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=900)


def test_the_lab_holds_an_older_record() -> None:
    assert RECORDS, "no older version recorded in clientlab/goldens-older"


@pytest.mark.parametrize("record", RECORDS, ids=_id)
def test_each_record_is_an_older_behaviour_of_its_row(record: OlderRecord) -> None:
    row = next(client for client in NEWEST if client.id == record.agent)
    assert record.version in {older.observed for older in row.older}
    chosen = row_at(row, record.version)
    assert chosen is not row and chosen.observed_version == record.version
    assert record.differing, "a record of a version that behaves as the row says nothing"


@pytest.mark.parametrize("record", RECORDS, ids=_id)
def test_the_older_version_is_replayed(record: OlderRecord, tmp_path: Path) -> None:
    goldens = merged_goldens(record, tmp_path / "goldens")
    chosen = _replay(goldens, f"{record.agent}={record.version}")
    assert chosen.returncode == 0, chosen.stdout[-6000:] + chosen.stderr[-2000:]
    scenarios = len(record.equal) + len(record.differing)
    # test_replay's two tests and test_diagnostics_agree's one, per scenario.
    assert re.search(rf"\b{3 * scenarios} passed\b", chosen.stdout), chosen.stdout[-500:]
    newest = _replay(goldens, None, *(f"{record.agent}/{s}" for s in record.differing))
    assert newest.returncode == 1, "the newest row already reproduces this version"
