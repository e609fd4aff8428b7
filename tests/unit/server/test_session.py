"""The session's answers about documents and settings, with a recording editor port."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.documents import path_to_uri
from skill_ls.server.positions import PositionMapper

from .fake_editor import FakeEditor, make_session, open_item

BAD_SETTINGS = (
    "skill-ls: invalid settings ignored:\n"
    "editor settings: debounceMs must be an integer from 0 to 5000"
)


def test_open_buffers_win_over_the_disk(tmp_path: Path) -> None:
    session = make_session()
    skill_md = tmp_path / "pdf" / "SKILL.md"
    skill_md.parent.mkdir()
    skill_md.write_text("on disk\n", encoding="utf-8")
    path = str(skill_md)
    assert session.text_of(path) == "on disk\n"
    session.documents.open(open_item(path_to_uri(path), "in the editor\nline two\n"))
    assert session.text_of(path) == "in the editor\nline two\n"
    index = session.line_index_for(path)
    assert index is not None and index.line(1) == "line two"
    assert session.text_of(str(tmp_path / "missing.md")) is None
    assert session.line_index_for(str(tmp_path / "missing.md")) is None


def test_a_snapshot_of_an_unopened_file_has_no_version(tmp_path: Path) -> None:
    session = make_session()
    skill_md = tmp_path / "SKILL.md"
    skill_md.write_text("---\nname: x\n---\n", encoding="utf-8")
    snapshot = session.snapshot(path_to_uri(str(skill_md)))
    assert snapshot is not None
    assert (snapshot.path, snapshot.version, snapshot.text) == (
        str(skill_md),
        None,
        "---\nname: x\n---\n",
    )
    assert session.snapshot(path_to_uri(str(tmp_path / "none.md"))) is None


def test_which_documents_are_skills(tmp_path: Path) -> None:
    session = make_session()
    skill = session.documents.open(open_item(path_to_uri(str(tmp_path / "SKILL.md")), ""))
    notes = session.documents.open(open_item(path_to_uri(str(tmp_path / "notes.txt")), ""))
    untitled = session.documents.open(open_item("untitled:Untitled-1", ""))
    assert [session.is_skill(s) for s in (skill, notes, untitled)] == [True, False, True]
    assert session.skill_snapshots() == [skill, untitled]


def test_settings_problems_are_shown_once_each() -> None:
    session = make_session()
    editor = FakeEditor()
    session.config.set_editor({"debounceMs": "soon"})
    session.notify_settings_problems(editor)
    session.notify_settings_problems(editor)
    assert editor.messages == [
        types.ShowMessageParams(type=types.MessageType.Warning, message=BAD_SETTINGS)
    ]


def test_the_generation_moves_when_the_world_changes() -> None:
    session = make_session()
    session.world_changed()
    session.world_changed()
    assert session.generation == 2


def test_initialize_sets_what_the_client_said_and_the_folders_reach_the_configuration() -> None:
    session = make_session()
    flags = ClientFlags(pull_diagnostics=True)
    mapper = PositionMapper()
    options = {"skillLs": {"debounceMs": 0}}
    session.initialize(flags, mapper, [Path("/srv/a")], options)
    assert (session.flags, session.mapper, session.roots, session.initialization_options) == (
        flags,
        mapper,
        [Path("/srv/a")],
        options,
    )
    assert session.config.root_of("/srv/a/skills/x/SKILL.md") == Path("/srv/a")
    session.set_roots([Path("/srv/b")])
    assert session.roots == [Path("/srv/b")]
    assert session.config.root_of("/srv/a/skills/x/SKILL.md") is None
    assert session.config.root_of("/srv/b/SKILL.md") == Path("/srv/b")
