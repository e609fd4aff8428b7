"""Incremental updates: add, change, delete and rename a skill folder; roots created after
the scan; ignore files and sidecars; editor buffers over disk. After each change the index
must equal a fresh scan, and it must not have walked any root it did not need to."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace import index as index_module
from skill_ls.workspace.root_walk import walk_root

from ..workspace_helpers import Workspace, clients_workspace, write_skill


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return clients_workspace(tmp_path)


def snapshot(index: WorkspaceIndex) -> list[dict[str, object]]:
    views = {client: [s.path for s in index.view(client)] for client, _ in index.roots()}
    return [entry.to_json() for entry in index.skills()] + [views]  # type: ignore[list-item]


def assert_same_as_fresh_scan(workspace: Workspace, index: WorkspaceIndex) -> None:
    fresh = workspace.index(settings=index.settings)
    assert snapshot(index) == snapshot(fresh)


@pytest.fixture
def no_full_walks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record whole-root walks made after the initial scan (incremental ops need none)."""
    walked: list[str] = []

    def spy(root: object, *args: object, **kwargs: object) -> object:
        walked.append(str(getattr(root, "path", root)))
        return walk_root(root, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(index_module, "walk_root", spy)
    return walked


def test_add_a_skill_folder(workspace: Workspace, no_full_walks: list[str]) -> None:
    index = workspace.index()
    no_full_walks.clear()
    folder = workspace.project / ".claude" / "skills" / "fresh"
    write_skill(folder, "fresh")
    index.add_path(folder)
    assert no_full_walks == []
    assert "fresh" in [s.name for s in index.view("claude-code")]
    assert_same_as_fresh_scan(workspace, index)


def test_change_a_skill_name_creates_and_resolves_a_clash(workspace: Workspace) -> None:
    index = workspace.index()
    path = workspace.project / ".claude/skills/group/review/SKILL.md"
    path.write_text("---\nname: pdf\ndescription: Now named pdf. Use when asked.\n---\n")
    index.update_file(path)
    assert [s.name for s in index.view("claude-code")].count("pdf") == 1
    assert any(d.code == "SKL501" for d in index.cross_skill_diagnostics(path))
    assert_same_as_fresh_scan(workspace, index)
    path.write_text("---\nname: review\ndescription: Back again. Use when asked.\n---\n")
    index.update_file(path)
    assert not any(d.code == "SKL501" for d in index.cross_skill_diagnostics(path))
    assert_same_as_fresh_scan(workspace, index)


def test_delete_a_skill_folder(workspace: Workspace, no_full_walks: list[str]) -> None:
    index = workspace.index()
    no_full_walks.clear()
    folder = workspace.home / ".claude" / "skills" / "deploy"
    shutil.rmtree(folder)
    index.remove_path(folder)
    assert no_full_walks == []
    claude = {s.name: s.path for s in index.view("claude-code")}
    assert claude["deploy"] == str(workspace.project / ".claude/skills/deploy/SKILL.md")
    assert_same_as_fresh_scan(workspace, index)


def test_rename_a_skill_folder(workspace: Workspace, no_full_walks: list[str]) -> None:
    index = workspace.index()
    no_full_walks.clear()
    old = workspace.project / ".agents" / "skills" / "outer"
    new = workspace.project / ".agents" / "skills" / "renamed"
    old.rename(new)
    index.remove_path(old)
    index.add_path(new)
    assert no_full_walks == []
    paths = [s.path for s in index.view("opencode")]  # OpenCode walks on below a SKILL.md
    assert str(new / "inner" / "SKILL.md") in paths
    assert not any(str(old) in p for p in paths)
    assert_same_as_fresh_scan(workspace, index)


def test_a_root_created_after_the_scan(workspace: Workspace) -> None:
    index = workspace.index()
    write_skill(workspace.project / ".cursor-new" / "x", "unrelated")
    root = workspace.project / ".goose"
    shutil.rmtree(root)
    index.remove_path(root)
    assert "goose-only" not in [s.name for s in index.view("goose")]
    write_skill(root / "skills" / "goose-only", "goose-only")
    index.add_path(root)
    assert "goose-only" in [s.name for s in index.view("goose")]
    assert_same_as_fresh_scan(workspace, index)


def test_ignore_file_change(workspace: Workspace) -> None:
    index = workspace.index()
    ignore = workspace.project / ".agents" / "skills" / ".gitignore"
    ignore.write_text("drafts/\nouter/\n")
    index.update_file(ignore)
    assert "outer" not in [s.name for s in index.view("agentskills")]
    assert_same_as_fresh_scan(workspace, index)
    ignore.unlink()
    index.update_file(ignore)
    assert "wip" in [s.name for s in index.view("pi")]  # pi walks into drafts/wip
    assert_same_as_fresh_scan(workspace, index)


def test_sidecar_change(workspace: Workspace) -> None:
    index = workspace.index()
    sidecar = workspace.project / ".agents/skills/codex-quiet/agents/openai.yaml"
    sidecar.write_text("policy:\n  allow_implicit_invocation: true\n")
    index.update_file(sidecar)
    codex = {s.name: s for s in index.view("codex")}
    assert not codex["codex-quiet"].hidden
    assert_same_as_fresh_scan(workspace, index)


def test_buffer_wins_over_disk(workspace: Workspace) -> None:
    index = workspace.index()
    path = workspace.project / ".agents/skills/shared/SKILL.md"
    text = "---\nname: shared\ndescription: Edited in the editor. Use when asked.\n---\n"
    index.set_buffer(path, text)
    assert index.buffer_text(path) == text
    entry = index.entry_for_path(path)
    assert entry is not None and entry.description == "Edited in the editor. Use when asked."
    index.update_file(path)  # a save elsewhere does not override the open buffer
    assert index.facts(path).description == "Edited in the editor. Use when asked."  # type: ignore[union-attr]
    index.set_buffer(path, text.replace("name: shared", "name: renamed-in-buffer"))
    assert "renamed-in-buffer" in [s.name for s in index.view("agentskills")]
    index.clear_buffer(path)
    assert index.buffer_text(path) is None
    assert "shared" in [s.name for s in index.view("agentskills")]
    assert_same_as_fresh_scan(workspace, index)


def test_buffer_survives_a_rescan(workspace: Workspace) -> None:
    index = workspace.index()
    path = workspace.project / ".agents/skills/pdf/SKILL.md"
    index.set_buffer(path, "---\nname: pdf\ndescription: From the buffer. Use when asked.\n---\n")
    index.scan()
    assert index.facts(path).description == "From the buffer. Use when asked."  # type: ignore[union-attr]


def test_closing_a_buffer_of_a_deleted_file_removes_it(workspace: Workspace) -> None:
    index = workspace.index()
    path = workspace.project / ".agents/skills/lenient/SKILL.md"
    index.set_buffer(path, path.read_text())
    shutil.rmtree(path.parent)
    index.clear_buffer(path)
    assert index.entry_for_path(path) is None
    assert_same_as_fresh_scan(workspace, index)


def test_update_of_an_unknown_file_adds_it(workspace: Workspace) -> None:
    index = workspace.index()
    path = write_skill(workspace.project / ".github" / "skills" / "late", "late")
    index.update_file(path)
    assert "late" in [s.name for s in index.view("copilot")]
    index.update_file(workspace.project / "README.md")  # not a skill: nothing happens
    assert_same_as_fresh_scan(workspace, index)


def test_changes_reported_during_a_scan_are_kept(workspace: Workspace) -> None:
    index = workspace.index()
    pdf = workspace.project / ".agents/skills/pdf/SKILL.md"
    late = workspace.project / ".agents" / "skills" / "late"

    def progress(done: int, total: int, message: str) -> None:
        if message == "done":  # walks and reads are over; the result is not swapped in yet
            write_skill(late, "late")
            index.add_path(late)
            index.set_buffer(pdf, "---\nname: pdf\ndescription: Typed meanwhile. Use.\n---\n")

    index.scan(progress=progress)
    assert "late" in [s.name for s in index.view("agentskills")]
    assert index.facts(pdf).description == "Typed meanwhile. Use."  # type: ignore[union-attr]
