"""Discovery: roots per scope and client, ignore files, skipped folders, nesting, pi's
root-level Markdown, symlinks (one real file once, loops, escapes), unreadable folders,
and the depth and count bounds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID
from skill_ls.workspace import WalkLimits, WorkspaceIndex
from skill_ls.workspace.root_walk import walk_root

from ..workspace_helpers import Workspace, clients_workspace, write_skill


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return clients_workspace(tmp_path)


def names(index: WorkspaceIndex, client_id: str) -> list[str]:
    return [skill.name for skill in index.view(client_id)]


def rel(workspace: Workspace, path: str) -> str:
    return Path(path).relative_to(workspace.root).as_posix()


def test_user_roots_follow_xdg_config_home_and_codex_home(workspace: Workspace) -> None:
    default = workspace.index()
    assert "opencode-user" in names(default, "opencode")
    assert "codex-user" in names(default, "codex")
    moved = workspace.index(
        environ={
            "XDG_CONFIG_HOME": str(workspace.home / "xdg"),
            "CODEX_HOME": str(workspace.home / "codex-alt"),
        }
    )
    assert "xdg-opencode" in names(moved, "opencode")
    assert "opencode-user" not in names(moved, "opencode")
    assert "codex-alt" in names(moved, "codex")
    assert "codex-user" not in names(moved, "codex")
    assert all("home/.config" not in skill.path for skill in moved.view("insomnia"))


def test_home_defaults_to_the_home_variable(workspace: Workspace) -> None:
    index = WorkspaceIndex([workspace.project], environ={"HOME": str(workspace.home)})
    index.scan()
    assert "gemini-user" in names(index, "gemini-cli")


def test_ancestors_up_to_the_git_root_for_clients_that_walk_up(workspace: Workspace) -> None:
    index = workspace.index(folder=workspace.project / "app")
    for client_id in ("codex", "opencode", "pi"):
        found = names(index, client_id)
        assert "app-only" in found and "pdf" in found, client_id
    for client_id in ("agentskills", "cursor", "gemini-cli", "claude-code"):
        assert "pdf" not in names(index, client_id), client_id
    codex_roots = [rel(workspace, root.path) for _, root in index.roots("codex")]
    assert codex_roots.index("project/app/.agents/skills") < codex_roots.index(
        "project/.agents/skills"
    )


def test_no_ancestors_without_a_git_root(workspace: Workspace) -> None:
    (workspace.project / ".git").rmdir()
    index = workspace.index(folder=workspace.project / "app")
    assert names(index, "codex").count("pdf") == 0


def loaded_by(index: WorkspaceIndex, name: str) -> set[str]:
    """Clients that load some copy of `name`."""
    return {client for entry in index.skills() if entry.name == name for client in entry.clients}


def ignoring_clients(index: WorkspaceIndex, root: str) -> set[str]:
    """Clients that read `root` and skip what an ignore file covers there."""
    return {
        client_id
        for client_id, found in index.roots()
        if found.path == root and not CLIENTS_BY_ID[client_id].discovery.loads_ignored
    }


def test_ignore_files_and_skipped_folders(workspace: Workspace) -> None:
    index = workspace.index()
    everything = {entry.name for entry in index.skills()}
    root = str(workspace.project / ".agents" / "skills")
    # .agents/skills/.gitignore: drafts/ -- found (flagged), and loaded only by the clients
    # observed to load ignored skills (`Client.discovery.loads_ignored`).
    assert not loaded_by(index, "wip") & ignoring_clients(index, root)
    assert all(CLIENTS_BY_ID[client].discovery.loads_ignored for client in loaded_by(index, "wip"))
    assert "dep" not in everything  # node_modules is never walked
    assert "pdf" in everything


def test_negated_and_nested_ignore_files(workspace: Workspace) -> None:
    skills = workspace.project / ".agents" / "skills"
    (skills / ".gitignore").write_text("drafts/*\n!drafts/keep/\n")
    write_skill(skills / "drafts" / "keep", "keep")
    (skills / "pdf" / ".ignore").write_text("references/\n")
    index = workspace.index()
    honouring = ignoring_clients(index, str(skills))
    assert "keep" in {entry.name for entry in index.skills()}
    assert not loaded_by(index, "wip") & honouring


def test_a_client_that_loads_ignored_skills_loads_them(workspace: Workspace) -> None:
    (workspace.project / ".gitignore").write_text(".claude/skills/pdf/\n")
    index = workspace.index()
    assert "pdf" in names(index, "claude-code")  # observed: Claude Code ignores .gitignore
    entry = index.entry_for_path(workspace.project / ".claude/skills/pdf/SKILL.md")
    assert entry is not None
    placement = entry.placement("copilot")
    assert placement is None  # Copilot (VS Code) honours it: it never finds the file


def test_a_root_ignored_by_the_project_gitignore_is_still_searched(workspace: Workspace) -> None:
    (workspace.project / ".gitignore").write_text(".claude/\n*.tmp\n")
    index = workspace.index()
    assert "pdf" in names(index, "copilot")
    assert "pdf" in names(index, "claude-code")


def test_workspace_gitignore_applies_below_roots(workspace: Workspace) -> None:
    (workspace.project / ".gitignore").write_text(".agents/skills/outer/\n")
    index = workspace.index()
    assert "outer" not in names(index, "agentskills")


def test_nested_skills_per_client_walk_rule(workspace: Workspace) -> None:
    index = workspace.index()
    assert "inner" in names(index, "opencode")  # OpenCode walks on below a SKILL.md
    assert "inner" not in names(index, "pi")  # pi stops there (observed)
    assert "inner" not in names(index, "agentskills")
    claude_root = str(workspace.project / ".claude" / "skills")
    for client_id in {client_id for client_id, root in index.roots() if root.path == claude_root}:
        # .claude/skills/group/review: two folders below the root
        nests = CLIENTS_BY_ID[client_id].discovery.nested
        assert ("review" in names(index, client_id)) == nests, client_id
    assert "review" not in names(index, "claude-code")  # observed: direct children only
    assert "review" not in names(index, "copilot")  # copilot only looks one level deep
    entry = index.skill_by_name("inner")
    assert entry is not None
    # the clients that glob `**/SKILL.md` (OpenCode, observed) walk on below one
    walk_on = {c.id for c in CLIENTS if not c.discovery.skill_md_ends_walk and c.discovery.nested}
    assert {p.client for p in entry.placements} == walk_on


def test_pi_root_level_markdown_and_dot_folders(workspace: Workspace) -> None:
    index = workspace.index()
    assert "pi-notes" in names(index, "pi")
    assert "pi-notes" not in names(index, "codex")
    # pi reads root-level Markdown in its own .pi roots only, not in .agents/skills (where
    # Kimi Code CLI reads it, as a skill named after the file)
    readme = index.entry_for_path(workspace.project / ".agents/skills/README.md")
    assert readme is not None
    assert [placement.client for placement in readme.placements] == ["kimi-code"]
    assert readme.name == "README"
    assert "private" in names(index, "agentskills")
    assert "private" not in names(index, "pi")


def test_skipped_skills_say_why(workspace: Workspace) -> None:
    index = workspace.index()
    lenient = index.skill_by_name("lenient")
    assert lenient is not None
    copilot = lenient.placement("copilot")
    assert copilot is not None and copilot.status == "skipped"
    assert "strictly" in copilot.reason
    # Codex (observed) loads an unquoted `key: a: b` as text
    assert lenient.placement("codex").status == "loaded"  # type: ignore[union-attr]
    assert lenient.placement("agentskills").status == "loaded"  # type: ignore[union-attr]
    nodesc = index.skill_by_name("no-description")
    assert nodesc is not None
    for placement in nodesc.placements:
        client = CLIENTS_BY_ID[placement.client]
        if (
            client.reading.missing_description == "unlisted"
        ):  # observed: OpenCode loads it, unlisted
            assert placement.status == "hidden-from-model" and placement.loaded
            assert "no description" in placement.reason
        elif client.reading.missing_description == "listed":  # observed: Cline CLI lists it
            assert placement.status == "loaded"
        elif client.reading.description_fallback == "skip":
            assert placement.status == "skipped" and "no description" in placement.reason
        else:  # observed: Claude Code describes it by its body's first line
            assert placement.status == "loaded"


def test_symlinked_skill_is_one_real_file(workspace: Workspace) -> None:
    link = workspace.home / ".agents" / "skills" / "pdf-link"
    link.symlink_to(workspace.project / ".agents" / "skills" / "pdf", target_is_directory=True)
    index = workspace.index()
    copies = [entry for entry in index.skills() if entry.name == "pdf"]
    real = str((workspace.project / ".agents/skills/pdf/SKILL.md").resolve())
    linked = [entry for entry in copies if entry.real_path == real]
    assert len(linked) == 1
    assert str(link / "SKILL.md") in linked[0].other_paths
    # Not a clash with itself: the project copy wins in agentskills without a shadow.
    assert not any(p.status == "shadowed" for p in linked[0].placements if p.client == "codex")
    assert index.entry_for_path(link / "SKILL.md") == linked[0]


def test_a_client_that_passes_over_links_to_folders(workspace: Workspace) -> None:
    # Continue CLI keeps only entries its directory listing types as folders (observed):
    # a linked skill folder is not loaded; Claude Code, reading the same root, follows it.
    shared = workspace.root / "shared" / "linked"
    write_skill(shared, "linked")
    (workspace.project / ".claude" / "skills" / "linked").symlink_to(
        shared, target_is_directory=True
    )
    write_skill(workspace.project / ".continue" / "skills" / "real", "real")
    index = workspace.index()
    assert "linked" not in names(index, "continue") and "real" in names(index, "continue")
    assert "linked" in names(index, "claude-code")
    assert not CLIENTS_BY_ID["continue"].discovery.follows_links


def test_symlink_loops_and_broken_links_are_survived(workspace: Workspace) -> None:
    skills = workspace.project / ".agents" / "skills"
    (skills / "pdf" / "loop").symlink_to(skills, target_is_directory=True)
    (skills / "outer" / "self").symlink_to(skills / "outer", target_is_directory=True)
    (skills / "broken").symlink_to(workspace.root / "nowhere")
    index = workspace.index()
    assert names(index, "agentskills").count("pdf") == 1
    assert index.bounds_hit() == []


def test_a_symlink_out_to_a_big_tree_stays_within_bounds(
    workspace: Workspace, tmp_path: Path
) -> None:
    big = tmp_path / "big"
    for i in range(30):
        write_skill(big / f"s{i}", f"s{i}")
    (workspace.project / ".agents" / "skills" / "escape").symlink_to(big, target_is_directory=True)
    index = workspace.index(limits=WalkLimits(max_depth=8, max_dirs=10_000, max_skills=12))
    hits = index.bounds_hit()
    assert any(hit.kind == "count" for hit in hits)
    assert sum(1 for e in index.skills() if e.name.startswith("s")) <= 12


def test_depth_bound_is_reported(workspace: Workspace) -> None:
    deep = workspace.project / ".claude" / "skills"
    for depth in range(5):
        deep = deep / f"d{depth}"
    write_skill(deep, "deep")
    index = workspace.index(limits=WalkLimits(max_depth=3))
    assert "deep" not in names(index, "claude-code")
    assert any(hit.kind == "depth" for hit in index.bounds_hit())


def test_the_walk_finds_what_the_deepest_client_loads(workspace: Workspace) -> None:
    """By default the walk goes as deep as any client looks: Kimi Code loads a skill nine
    folders below its root and not ten (observed); pi, Copilot CLI and Goose have no bound."""
    root = workspace.project / ".agents" / "skills"
    for depth in (9, 10, 40):
        deep = root.joinpath(*(f"d{depth}-{n}" for n in range(depth - 1)), f"deep{depth}")
        write_skill(deep, f"deep{depth}")
    index = workspace.index()
    kimi = names(index, "kimi-code")
    assert "deep9" in kimi and "deep10" not in kimi and "deep40" not in kimi
    for client_id in ("copilot-cli", "pi", "goose"):
        assert {"deep9", "deep10", "deep40"} <= set(names(index, client_id)), client_id
    assert not any(hit.kind == "depth" for hit in index.bounds_hit())


def test_unreadable_folder_is_skipped(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = str(workspace.project / ".agents" / "skills" / "outer")
    real_scandir = os.scandir

    def scandir(path: str) -> object:
        if str(path) == blocked:
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr("skill_ls.workspace.root_walk.os.scandir", scandir)
    index = workspace.index()
    found = names(index, "agentskills")
    assert "outer" not in found and "pdf" in found


def test_unreadable_skill_file_is_reported_as_skipped(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = str((workspace.project / ".agents/skills/pdf/SKILL.md").resolve())
    real_open = os.open

    def guarded(path: object, *args: object, **kwargs: object) -> object:
        if str(path) == target:
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    # Skill files are opened through skill_ls.files (regular files only, non-blocking).
    monkeypatch.setattr("skill_ls.files.os.open", guarded)
    index = workspace.index()
    entry = index.entry_for_path(target)
    assert entry is not None and entry.status == "skipped"
    assert "cannot read" in entry.placements[0].reason


def test_walk_reports_nesting_and_depth(workspace: Workspace) -> None:
    index = workspace.index(scan=False)
    root = next(r for c, r in index.roots("agentskills") if r.scope == "project")
    walk = walk_root(root, root_md=True)
    inner = walk.found["outer/inner/SKILL.md"]
    assert inner.parent_skill == "outer/SKILL.md" and inner.depth == 2
    assert walk.found["README.md"].kind == "root-md"
    assert walk.found[".private/SKILL.md"].dotted


def test_extra_roots_relative_to_the_workspace_folder(workspace: Workspace) -> None:
    write_skill(workspace.project / "more-skills" / "relative-extra", "relative-extra")
    index = workspace.index(settings=workspace.settings(extra_roots=("more-skills",)))
    entry = index.skill_by_name("relative-extra")
    assert entry is not None and entry.scope == "extra"
    assert "relative-extra" in names(index, "claude-code")


def test_builtin_skills_only_for_yoi(workspace: Workspace) -> None:
    index = workspace.index()
    assert "translate" in names(index, "yoi")
    assert "translate" not in names(index, "agentskills")
    plain = workspace.index(settings=workspace.settings(builtin_skills=None))
    assert "translate" not in names(plain, "yoi")


def test_scan_reports_progress_and_can_be_cancelled(workspace: Workspace) -> None:
    index = workspace.index(scan=False)
    seen: list[tuple[int, int]] = []
    report = index.scan(progress=lambda done, total, _: seen.append((done, total)))
    assert report.skills > 20 and not report.cancelled
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1]
    before = len(index.skills())
    calls = iter(range(100))
    cancelled = index.scan(cancelled=lambda: next(calls) >= 3)
    assert cancelled.cancelled
    assert len(index.skills()) == before  # a cancelled scan keeps the previous index
