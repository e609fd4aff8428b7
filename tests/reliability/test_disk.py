"""The disk changing under the server: files deleted or made unreadable between discovery
and reading, a skill file or folder replaced by a symlink and back, a file growing while it
is read. Each ends as a finding or disappears cleanly, with no exception in the server's log,
and the skill list converges (within `CONVERGE_TIMEOUT`) on what a fresh scan finds.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tests.security.wire import WireClient

from .support import (
    SKILLS,
    converge,
    errors_in_log,
    fresh_skills,
    list_skills,
    skill_text,
    start,
    stop,
    watched,
    write_skill,
)

CREATED, CHANGED, DELETED = 1, 2, 3


def started(root: Path) -> WireClient:
    client = start(root)
    client.initialize(root)
    converge(lambda: _same(client, root))
    return client


def _same(client: WireClient, root: Path) -> None:
    assert list_skills(client) == fresh_skills([root])


def finish(client: WireClient) -> None:
    assert stop(client) == 0
    assert client.framing_error is None
    assert errors_in_log(client) == []


@pytest.mark.parametrize("what", ["file", "folder"])
def test_skill_replaced_by_a_symlink_and_back(tmp_path: Path, what: str) -> None:
    root = tmp_path / "ws"
    a = write_skill(root, "alpha")
    write_skill(root, "beta")
    elsewhere = write_skill(tmp_path / "other", "gamma")
    client = started(root)
    try:
        moved = tmp_path / "moved"
        if what == "file":
            link, target = a, elsewhere
        else:
            link, target = a.parent, elsewhere.parent
        os.rename(link, moved)
        os.symlink(target, link)
        watched(client, [(link, DELETED), (link, CREATED)])
        converge(lambda: _same(client, root))
        assert "gamma" in {s["name"] for s in list_skills(client)}
        assert "alpha" not in {s["name"] for s in list_skills(client)}
        os.unlink(link)
        os.rename(moved, link)
        watched(client, [(link, DELETED), (link, CREATED)])
        converge(lambda: _same(client, root))
        assert {s["name"] for s in list_skills(client)} >= {"alpha", "beta"}
        # A watcher that reports the swap as one change (the path stayed).
        os.rename(link, moved)
        os.symlink(target, link)
        watched(client, [(link, CHANGED)])
        converge(lambda: _same(client, root))
        finish(client)
    finally:
        client.kill()


def test_files_gone_or_unreadable_before_they_are_read(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    paths = [write_skill(root, f"skill-{n}") for n in range(6)]
    client = started(root)
    try:
        # Deleted after discovery: the watcher's event comes late, after other requests.
        paths[0].unlink()
        paths[1].parent.rename(root / SKILLS / "renamed")
        paths[2].chmod(0)
        (root / SKILLS / "skill-3" / "references").mkdir()
        uri = paths[3].as_uri()
        link = "[guide](references/guide.md)"
        client.open(uri, skill_text("skill-3") + link + "\n")
        assert client.wait_published(uri, 1)["diagnostics"]
        client.request(
            "textDocument/hover",
            {"textDocument": {"uri": paths[0].as_uri()}, "position": {"line": 1, "character": 2}},
        )
        client.request("workspace/symbol", {"query": "skill"})
        watched(
            client,
            [
                (paths[0], DELETED),
                (paths[1].parent, DELETED),
                (root / SKILLS / "renamed", CREATED),
                (paths[2], CHANGED),
            ],
        )
        converge(lambda: _same(client, root))
        names = {s["name"] for s in list_skills(client)}
        assert "skill-0" not in names
        assert "skill-1" in names  # found again in its new folder
        # The unreadable file is refused with a finding, not an exception.
        lint = client.request(
            "workspace/executeCommand",
            {"command": "skill-ls.lintSkill", "arguments": [str(paths[2])]},
        )
        assert lint is not None
        finish(client)
    finally:
        paths[2].chmod(0o644)
        client.kill()


def test_file_growing_while_it_is_read(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    path = write_skill(root, "growing")
    client = started(root)
    stop_growing = threading.Event()

    def grow() -> None:
        with open(path, "a", encoding="utf-8") as handle:
            while not stop_growing.is_set():
                handle.write("More text that keeps coming.\n" * 50)
                handle.flush()

    writer = threading.Thread(target=grow, daemon=True)
    writer.start()
    try:
        for _ in range(10):
            watched(client, [(path, CHANGED)])
            client.request(
                "workspace/executeCommand",
                {"command": "skill-ls.lintSkill", "arguments": [str(path)]},
            )
        stop_growing.set()
        writer.join()
        watched(client, [(path, CHANGED)])
        converge(lambda: _same(client, root))
        finish(client)
    finally:
        stop_growing.set()
        client.kill()
