"""The sliced scan (`WorkspaceIndex.scan_steps`), which a runtime with no threads runs on its
event loop: it yields between slices and builds exactly the index the blocking scan builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex, root_walk
from skill_ls.workspace.index import SLICE
from skill_ls.workspace.index_records import RootFolder

SKILL = "---\nname: {name}\ndescription: Does {name} things. Use when asked.\n---\n# Body\n"
COUNT = SLICE * 3 + 1


def workspace(root: Path) -> Path:
    for n in range(COUNT):
        folder = root / ".claude" / "skills" / f"skill-{n:03d}"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(SKILL.format(name=f"skill-{n:03d}"), encoding="utf-8")
    # One clash, so the cross-skill findings have something to agree on.
    clash = root / ".agents" / "skills" / "skill-000"
    clash.mkdir(parents=True)
    (clash / "SKILL.md").write_text(SKILL.format(name="skill-000"), encoding="utf-8")
    return root


def facts(index: WorkspaceIndex) -> list[tuple[str, str, list[str]]]:
    return [
        (entry.path, entry.name, [d.code for d in index.cross_skill_diagnostics(entry.path)])
        for entry in index.skills()
    ]


def test_the_sliced_scan_yields_and_builds_what_the_blocking_scan_builds(
    tmp_path: Path,
) -> None:
    root = workspace(tmp_path / "ws")
    home = tmp_path / "home"
    blocking = WorkspaceIndex([root], Settings(), home=home, environ={})
    blocking_report = blocking.scan()

    sliced = WorkspaceIndex([root], Settings(), home=home, environ={})
    steps = sliced.scan_steps()
    before_swap = after_swap = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            report = done.value
            break
        # Between slices the index answers with what it had (nothing yet) until the new
        # index swaps in whole; then its words are read for the first check, still sliced.
        seen = len(sliced.skills())
        assert seen in (0, COUNT + 1)
        before_swap += seen == 0
        after_swap += seen == COUNT + 1
    # Reading and then resolving COUNT + 1 skills, SLICE at a time, at least; then their
    # listed words, SLICE at a time.
    assert before_swap >= 2 * ((COUNT + 1) // SLICE)
    assert after_swap >= (COUNT + 1) // SLICE
    assert report.skills == blocking_report.skills == COUNT + 1
    assert facts(sliced) == facts(blocking)
    assert any(codes for _, _, codes in facts(sliced))  # the clash was found


def test_a_buffer_set_between_slices_is_in_the_result(tmp_path: Path) -> None:
    """A request answered between two slices (an edit of an open skill) is not lost: the
    scan replays it, as it does for a change made while a scan thread runs."""
    root = workspace(tmp_path / "ws")
    index = WorkspaceIndex([root], Settings(), home=tmp_path / "home", environ={})
    target = str(root / ".claude" / "skills" / "skill-005" / "SKILL.md")
    steps = index.scan_steps()
    next(steps)
    next(steps)
    index.set_buffer(target, SKILL.format(name="renamed-while-scanning"))
    for _ in steps:
        pass
    entry = index.entry_for_path(target)
    assert entry is not None and entry.name == "renamed-while-scanning"


def test_a_root_walk_yields_between_slices_of_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One root of many folders is walked in slices too, and finds what the whole walk finds."""
    root = workspace(tmp_path / "ws")
    folder = RootFolder(str(root / ".claude" / "skills"), "project", ".claude/skills", str(root))
    monkeypatch.setattr(root_walk, "FOLDERS_PER_SLICE", 8)
    steps = root_walk.walk_root_steps(folder, root_md=False)
    yields = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            sliced = done.value
            break
        yields += 1
    assert yields >= COUNT // 8
    whole = root_walk.walk_root(folder, root_md=False)
    assert sliced.found == whole.found and len(whole.found) == COUNT
