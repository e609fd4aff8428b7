"""What the wired events set off, through a recording editor port."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.documents import path_to_uri
from skill_ls.server.events import ChecksStale, DocumentClosed, IndexChanged
from skill_ls.server.wiring import wire
from skill_ls.settings import Settings

from .fake_editor import FakeEditor, make_session


def test_the_index_changing_makes_checks_stale_tells_the_views_and_asks_to_pull() -> None:
    editor = FakeEditor()
    session = make_session(ClientFlags(pull_diagnostics=True, diagnostic_refresh=True))
    told: list[int] = []
    wire(session.events, session, editor, lambda: told.append(session.generation))
    session.events.publish(IndexChanged())
    session.events.publish(ChecksStale())
    # The views hear of each change after the generation moved; only the first re-checks.
    assert (told, editor.refreshes) == ([1, 2], 1)


def test_closing_a_skill_drops_its_buffer_and_clears_its_problems(tmp_path: Path) -> None:
    editor = FakeEditor()
    session = make_session()
    wire(session.events, session, editor, lambda: None)
    skill_md = tmp_path / ".agents" / "skills" / "x" / "SKILL.md"
    skill_md.parent.mkdir(parents=True)
    text = "---\nname: x\ndescription: Open. Use when asked.\n---\n"
    skill_md.write_text(text, encoding="utf-8")
    session.skills.scan([([tmp_path], Settings())])
    session.skills.set_buffer(str(skill_md), "---\nname: y\ndescription: Edited.\n---\n", 2)
    uri = path_to_uri(str(skill_md))
    session.events.publish(DocumentClosed(uri, str(skill_md), skill=True, checked=True))
    session.events.publish(DocumentClosed("untitled:2", None, skill=False, checked=False))
    assert editor.published == [types.PublishDiagnosticsParams(uri=uri, diagnostics=[])]
    facts = session.skills.facts(str(skill_md))
    assert facts is not None and facts.name == "x"  # the disk's text again
