"""Bounds on what the settings may make skill-ls read."""

from __future__ import annotations

import pytest

from skill_ls.files import too_wide_root


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
