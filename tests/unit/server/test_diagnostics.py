"""Pushed diagnostics through the editor port: published for the current version, cleared
on close; pull clients are asked to pull again instead."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types

from skill_ls.server import diagnostics
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.documents import path_to_uri
from skill_ls.server.events import IndexChanged

from .fake_editor import FakeEditor, make_session, open_item, wired_session


def test_push_publishes_the_current_version(tmp_path: Path) -> None:
    session = make_session()
    editor = FakeEditor()
    skill_md = tmp_path / "x" / "SKILL.md"
    skill_md.parent.mkdir()
    uri = path_to_uri(str(skill_md))

    async def run() -> None:
        session.documents.open(open_item(uri, "---\nname: x\n---\nBody.\n", version=3))
        diagnostics.document_changed(session, editor, uri)
        await session.pushes.running[uri]

    try:
        asyncio.run(run())
    finally:
        session.check_cache.shutdown()
    (published,) = editor.published
    assert (published.uri, published.version) == (uri, 3)
    assert [(d.code, d.range.start.line) for d in published.diagnostics] == [("SKL111", 0)]
    assert session.pushes.running == {}


def test_closing_clears_what_was_pushed() -> None:
    session = make_session()
    editor = FakeEditor()
    diagnostics.document_closed(session, editor, "untitled:1")
    assert editor.published == [types.PublishDiagnosticsParams(uri="untitled:1", diagnostics=[])]


def test_pull_clients_are_asked_to_pull_again() -> None:
    editor = FakeEditor()
    session = wired_session(editor, ClientFlags(pull_diagnostics=True, diagnostic_refresh=True))
    session.documents.open(open_item("untitled:1", "---\n"))
    diagnostics.document_changed(session, editor, "untitled:1")
    session.events.publish(IndexChanged())
    diagnostics.document_closed(session, editor, "untitled:1")
    assert (editor.refreshes, editor.published, session.generation) == (1, [], 1)
    assert session.pushes.running == {}


def test_code_lenses_are_refreshed_with_the_diagnostics_when_the_client_can() -> None:
    for can, expected in ((True, 1), (False, 0)):
        editor = FakeEditor()
        session = wired_session(editor, ClientFlags(code_lens_refresh=can))
        session.events.publish(IndexChanged())
        assert editor.lens_refreshes == expected
