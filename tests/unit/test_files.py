"""Bounds on what the settings may make skill-ls read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.files import read_regular, too_wide_root


@pytest.mark.parametrize(
    ("path", "wide"),
    [
        ("/", True),
        ("/home", True),
        ("/home/ada", True),
        ("/home/ada/skills", False),
        ("/home/adam", False),
        ("/srv/skills", False),
    ],
)
def test_the_disk_the_home_folder_and_above_are_too_wide(path: str, wide: bool) -> None:
    assert too_wide_root(path, "/home/ada") is wide


@pytest.mark.parametrize("size", [0, 1, 100, 8191, 8192, 8193, 70_000])
@pytest.mark.parametrize("limit", [0, 1, 99, 8192, 16 * 1024 * 1024])
def test_read_regular_reads_at_most_the_limit(tmp_path: Path, size: int, limit: int) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    path = tmp_path / "SKILL.md"
    path.write_bytes(data)
    assert read_regular(path, limit) == data[:limit]


def test_read_regular_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        read_regular(tmp_path, 10)  # a folder
    with pytest.raises(OSError):
        read_regular(tmp_path / "missing", 10)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        with pytest.raises(OSError, match="not a regular file"):
            read_regular(fifo, 10)  # refused without blocking on a writer
