"""The soak, short: 1,000 edits across 10 open documents in a generated workspace of 100
skills, with saves, closes and reopens and skills created, deleted, renamed and edited on
disk between them. At the end the server agrees with a fresh look (each open document's
diagnostics, every skill's findings, the skill list), its log holds no exception, and its
memory is within 10% of what it was after the warm-up. The full version (20,000 edits, 50
documents, 2,000 skills) is `benchmarks/bench_soak.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .soak import (
    CHANGED,
    USER_FOLDER_VARIABLES,
    Soak,
    SoakPlan,
    StampedClient,
    generate_workspace,
    stamped_server,
)
from .support import (
    converge,
    errors_in_log,
    fresh_skills,
    list_skills,
    rss_kib,
    start,
    stop,
    watched,
    write_skill,
)

PLAN = SoakPlan(skills=100, documents=10, edits=1000)


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty home for the server and the fresh look alike: skills that come and go in
    the user's own folders (which no file event reports here) must not count."""
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
    for name in USER_FOLDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)


# Memory after the session may exceed the warm-up's by at most this share.
RSS_GROWTH = 0.10


def test_a_short_working_day_ends_where_a_fresh_look_does(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    generate_workspace(root, PLAN)
    client: StampedClient = stamped_server(root)
    try:
        client.initialize(root)
        expected = fresh_skills([root])
        converge(lambda: _same(list_skills(client), expected))
        soak = Soak(root, PLAN, client)
        report = soak.run()
        assert report.edits == PLAN.edits
        # The script did more than edit: each kind of change happened.
        assert report.saves and report.reopens
        assert set(report.disk) == {"create", "delete", "rename", "edit"}
        soak.finish(soak.truth(tmp_path))
        assert report.rss_end_kib <= report.rss_after_warmup_kib * (1 + RSS_GROWTH), (
            report.rss_after_warmup_kib,
            report.rss_end_kib,
        )
        assert stop(client) == 0
        assert client.framing_error is None
        assert errors_in_log(client) == []
    finally:
        client.kill()


def _same(left: object, right: object) -> None:
    assert left == right


# Notifications sent before the memory baseline, and after it.
WARM_NOTIFICATIONS, NOTIFICATIONS = 2_000, 10_000


def test_memory_stays_flat_over_many_notifications(tmp_path: Path) -> None:
    """Each handled notification must leave nothing behind (pygls 2.1.1 kept every one's
    handler future, about 2 KB, for the life of the server)."""
    write_skill(tmp_path, "tool")
    notes = tmp_path / "notes.md"  # not a skill: the edits cost no check
    client = start(tmp_path)
    try:
        client.initialize(tmp_path)
        client.open(notes.as_uri(), "")
        version = 1

        def type_characters(count: int) -> None:
            nonlocal version
            for _ in range(count):
                version += 1
                at = {"line": 0, "character": 0}
                client.change(
                    notes.as_uri(), version, [{"range": {"start": at, "end": at}, "text": "x"}]
                )
            client.ping()  # answered after every notification before it

        type_characters(WARM_NOTIFICATIONS)
        warm = rss_kib(client.proc.pid)
        type_characters(NOTIFICATIONS)
        end = rss_kib(client.proc.pid)
        assert end <= warm * (1 + RSS_GROWTH), (warm, end)
        assert stop(client) == 0
        assert errors_in_log(client) == []
    finally:
        client.kill()


def test_a_document_closed_while_its_check_waits_leaves_no_buffer(tmp_path: Path) -> None:
    """Documents renamed in their buffers, then closed unsaved while the checks that a file
    event started for them wait their turn: the disk's names count again (a check that ran
    after its document closed used to put the closed buffer back in the index)."""
    paths = [write_skill(tmp_path, f"skill-{n:02}") for n in range(40)]
    client: StampedClient = stamped_server(tmp_path)
    try:
        client.initialize(tmp_path)
        expected = fresh_skills([tmp_path])
        converge(lambda: _same(list_skills(client), expected))
        for path in paths:
            text = path.read_text(encoding="utf-8").replace("name: ", "name: unsaved-")
            client.open(path.as_uri(), text * 20)
        for path in paths:
            client.wait_version(path.as_uri(), 1)
        first = paths[0].as_uri()
        published = len(client.published(first))
        watched(client, [(tmp_path / "notes.md", CHANGED)])  # every open skill is checked again
        client.wait_for(lambda: len(client.published(first)) > published)
        for path in paths:  # closed unsaved while the other checks wait
            client.close(path.as_uri())
        converge(lambda: _same(list_skills(client), expected))
        assert stop(client) == 0
        assert errors_in_log(client) == []
    finally:
        client.kill()
