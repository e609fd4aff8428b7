"""Branch switches while the server runs: two branches of a git repository that differ
in 200 skills (50 each added, removed, renamed and edited), switched to and back, with the
watcher's events in order, scrambled (shuffled, duplicated, in bursts), or for three
checkouts in quick succession at once. Each time, within `SWITCH_TIMEOUT`, the open
documents' diagnostics, every skill's findings and the skill list are a fresh look's, and
nothing of the other branch is left. The 1,000-skill version is in `benchmarks/bench_soak.py`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .branches import BranchPlan, Switcher, make_repository
from .soak import USER_FOLDER_VARIABLES, StampedClient, stamped_server
from .support import converge, errors_in_log, fresh_skills, list_skills, stop
from .truth import skill_files

PLAN = BranchPlan(differing=200, unchanged=50)


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty home for the server and the fresh look alike: skills that come and go in
    the user's own folders (which no file event reports here) must not count."""
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
    for name in USER_FOLDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    template = tmp_path_factory.mktemp("branches") / "template"
    make_repository(template, PLAN)
    return template


def started(repository: Path, tmp_path: Path) -> tuple[Path, StampedClient]:
    root = tmp_path / "repo"
    shutil.copytree(repository, root, symlinks=True)
    client = stamped_server(root)
    client.initialize(root)
    expected = fresh_skills([root])
    converge(lambda: _same(list_skills(client), expected))
    return root, client


def _same(left: object, right: object) -> None:
    assert left == right


def finish(client: StampedClient) -> None:
    assert stop(client) == 0
    assert client.framing_error is None
    assert errors_in_log(client) == []


@pytest.mark.parametrize("scrambled", [False, True], ids=["in-order", "scrambled"])
def test_switch_to_the_other_branch_and_back(
    repository: Path, tmp_path: Path, scrambled: bool
) -> None:
    root, client = started(repository, tmp_path)
    try:
        switcher = Switcher(root, PLAN, client)
        switcher.checkout("feature", scrambled=scrambled)
        assert switcher.closed  # some open documents were deleted by the checkout
        added = [path for path in skill_files(root) if path.parent.name.startswith("added-")]
        for path in added[:2]:
            switcher.open_doc(path)
        switcher.checkout("main", scrambled=scrambled)
        assert set(added[:2]) <= switcher.closed
        finish(client)
    finally:
        client.kill()


def test_checkouts_in_quick_succession(repository: Path, tmp_path: Path) -> None:
    """The events of three switches arrive together, scrambled."""
    root, client = started(repository, tmp_path)
    try:
        switcher = Switcher(root, PLAN, client)
        # Each ends on the other branch: a round trip would look done before any event.
        switcher.checkout("feature", "main", "feature", scrambled=True)
        switcher.checkout("main", "feature", "main", scrambled=True)
        finish(client)
    finally:
        client.kill()
