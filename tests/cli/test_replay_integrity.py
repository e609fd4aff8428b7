"""Run records are replayed only when this user's skill-ls wrote them (a keyed check)."""

from __future__ import annotations

import hashlib
import hmac
import inspect
import sys
from pathlib import Path

import pytest

from skill_ls.cache_basics import KEY_FILE
from skill_ls.cli import replay as replay_module
from skill_ls.cli.replay import MAGIC, run_check


class Counted:
    def __init__(self) -> None:
        self.runs = 0

    def __call__(self) -> int:
        self.runs += 1
        sys.stdout.write("REAL OUTPUT\n")
        return 3


def record_of(folder: Path) -> Path:
    (record,) = folder.glob("run-*.bin")
    return record


def test_a_record_forged_without_the_key_is_not_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "cache"
    arguments = ["check", "--cache-dir", str(folder), "x"]
    real = Counted()
    assert run_check(arguments, real) == 3
    assert run_check(arguments, real) == 3 and real.runs == 1  # replayed
    record = record_of(folder)
    raw = record.read_bytes()
    head = len(MAGIC) + 32
    body = raw[head:].replace(b"REAL OUTPUT", b"EVIL OUTPUT")
    assert body != raw[head:]
    record.write_bytes(MAGIC + hashlib.sha256(body).digest() + body)
    capsys.readouterr()
    assert run_check(arguments, real) == 3
    assert real.runs == 2
    assert "EVIL" not in capsys.readouterr().out
    assert run_check(arguments, real) == 3 and real.runs == 2  # recorded afresh


@pytest.mark.parametrize(
    "body",
    [b"", b"[1, 2]", b"{}", b"[" * 100_000 + b"]" * 100_000, b"\xff"],
    ids=["empty", "short", "object", "deep", "bytes"],
)
def test_a_sealed_record_of_the_wrong_shape_is_a_real_run(
    tmp_path: Path, body: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "cache"
    arguments = ["check", "--cache-dir", str(folder), "x"]
    real = Counted()
    run_check(arguments, real)
    record = record_of(folder)
    key = (folder / KEY_FILE).read_bytes()
    record.write_bytes(MAGIC + hmac.new(key, body, hashlib.sha256).digest() + body)
    assert run_check(arguments, real) == 3 and real.runs == 2


def test_no_key_means_no_record(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / KEY_FILE).write_bytes(b"short")
    (folder / KEY_FILE).chmod(0o600)
    arguments = ["check", "--cache-dir", str(folder), "x"]
    real = Counted()
    run_check(arguments, real)
    run_check(arguments, real)
    assert real.runs == 2 and list(folder.glob("run-*.bin")) == []


def test_records_are_plain_json() -> None:
    assert "marshal" not in inspect.getsource(replay_module)
