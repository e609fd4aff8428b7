"""The rules' path arithmetic: by name only."""

from __future__ import annotations

from skill_ls.rules.paths import is_within, join_normal


def test_within_is_by_name_and_whole_segments() -> None:
    assert is_within("/srv/a/b", "/srv/a")
    assert is_within("/srv/a", "/srv/a")
    assert is_within("/srv/a/b", "/srv/a/")
    assert not is_within("/srv/ab", "/srv/a")
    assert not is_within("/srv", "/srv/a")


def test_joining_normalises_by_name() -> None:
    assert join_normal("/srv/skills/mine", "../other/x.md") == "/srv/skills/other/x.md"
    assert join_normal("/srv/p", "./agents//a.md") == "/srv/p/agents/a.md"
    assert join_normal("/srv/p", "/etc/passwd") == "/etc/passwd"
