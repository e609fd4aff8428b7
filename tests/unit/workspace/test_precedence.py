"""Statuses and precedence: hidden, skipped, shadowed and conflict copies, the builtin
override policy, and the cross-skill diagnostics (SKL501-SKL505) with related info."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.rules.registry import RULES
from skill_ls.workspace import Status, WalkLimits, WorkspaceIndex
from skill_ls.workspace.precedence import OneOutcome, Outcome

from ..workspace_helpers import Workspace, clients_workspace


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return clients_workspace(tmp_path)


def diagnostics(index: WorkspaceIndex, path: Path, code: str) -> list[Diagnostic]:
    return [d for d in index.cross_skill_diagnostics(path) if d.code == code]


def test_rule_codes_are_registered() -> None:
    # Importing skill_ls.workspace (above) registers the cross-skill codes.
    assert {"SKL501", "SKL502", "SKL503", "SKL504", "SKL505"} <= set(RULES)


def test_hidden_flags_per_client(workspace: Workspace) -> None:
    index = workspace.index()
    quiet = index.skill_by_name("quiet")
    assert quiet is not None
    statuses = {p.client: p.status for p in quiet.placements}
    assert statuses["agentskills"] is Status.HIDDEN
    assert statuses["copilot"] is Status.HIDDEN and statuses["pi"] is Status.HIDDEN
    assert statuses["codex"] is Status.LOADED and statuses["gemini-cli"] is Status.LOADED
    codex_quiet = index.skill_by_name("codex-quiet")
    assert codex_quiet is not None
    statuses = {p.client: p.status for p in codex_quiet.placements}
    assert statuses["codex"] is Status.HIDDEN and statuses["copilot"] is Status.LOADED


def test_entry_summary_status_and_provenance(workspace: Workspace) -> None:
    index = workspace.index()
    entry = index.entry_for_path(workspace.project / ".claude/skills/deploy/SKILL.md")
    assert entry is not None
    assert entry.scope == "project" and entry.relative_path == "deploy/SKILL.md"
    assert entry.root == str(workspace.project / ".claude" / "skills")
    assert entry.status is Status.LOADED  # Copilot, Cursor, OpenCode, Goose load it
    assert str(workspace.home / ".claude/skills/deploy/SKILL.md") in entry.shadowed_by
    claude = entry.placement("claude-code")
    assert claude is not None and claude.status is Status.SHADOWED
    assert "user skills win" in claude.reason
    user = index.entry_for_path(workspace.home / ".claude/skills/deploy/SKILL.md")
    assert user is not None and str(entry.path) in user.overrides
    assert user.to_json()["status"] == "loaded"


def test_target_clients_narrow_the_summary(workspace: Workspace) -> None:
    index = workspace.index(settings=workspace.settings(target_clients=("claude-code",)))
    entry = index.entry_for_path(workspace.project / ".claude/skills/deploy/SKILL.md")
    assert entry is not None
    assert entry.status is Status.SHADOWED and entry.clients == ()
    assert len(entry.placements) > 1  # other clients are still described


def test_name_clash_in_one_scope(workspace: Workspace) -> None:
    # Copilot Chat searches the project's .github, .agents, then .claude skills folders.
    index = workspace.index(settings=workspace.settings(target_clients=("copilot",)))
    loser = workspace.project / ".claude/skills/pdf/SKILL.md"
    found = diagnostics(index, loser, "SKL501")
    assert len(found) == 1
    diagnostic = found[0]
    assert diagnostic.severity is Severity.WARNING
    assert "Copilot Chat (VS Code) loads the copy of 'pdf' at .agents/skills/pdf/SKILL.md" in (
        diagnostic.message
    )
    assert "first copy found wins" in diagnostic.message
    assert (diagnostic.range.start.line, diagnostic.range.start.column) == (1, 6)
    related = {r.path: r for r in diagnostic.related}
    winner = related[str(workspace.project / ".agents/skills/pdf/SKILL.md")]
    assert "loaded in Copilot Chat (VS Code)" in winner.message
    assert winner.range.start.line == 1
    won = diagnostics(index, workspace.project / ".agents/skills/pdf/SKILL.md", "SKL501")
    assert won and won[0].severity is Severity.INFO and "load" in won[0].message


def test_project_shadowed_by_user_and_the_reverse(workspace: Workspace) -> None:
    index = workspace.index(settings=workspace.settings(target_clients=("claude-code", "goose")))
    project = workspace.project / ".claude/skills/deploy/SKILL.md"
    found = diagnostics(index, project, "SKL502")
    messages = " | ".join(d.message for d in found)
    assert "Claude Code loads the copy of 'deploy' at ~/.claude/skills/deploy/SKILL.md" in messages
    assert "user skills win over project skills" in messages
    assert "Goose loads this copy" in messages
    user = diagnostics(index, workspace.home / ".claude/skills/deploy/SKILL.md", "SKL502")
    assert any("Goose loads the copy" in d.message for d in user)


def test_not_merged_lists_both(workspace: Workspace) -> None:
    index = workspace.index(settings=workspace.settings(target_clients=("codex",)))
    found = index.cross_skill_diagnostics(workspace.project / ".agents/skills/shared/SKILL.md")
    assert [d.code for d in found] == ["SKL502"]
    assert "OpenAI Codex lists every copy" in found[0].message
    assert found[0].severity is Severity.WARNING


def test_nested_skill(workspace: Workspace) -> None:
    index = workspace.index()
    found = diagnostics(index, workspace.project / ".agents/skills/outer/inner/SKILL.md", "SKL503")
    assert len(found) == 1
    message = found[0].message
    assert "inside the folder of another skill (.agents/skills/outer/SKILL.md)" in message
    assert "Codex" in message and "never load this one" in message
    assert "OpenCode, Kilo Code CLI and Goose load both" in message
    assert found[0].related[0].path.endswith("outer/SKILL.md")


def test_discovery_bound(workspace: Workspace) -> None:
    index = workspace.index(limits=WalkLimits(max_skills=3))
    first = next(entry for entry in index.skills() if "/.agents/skills/" in entry.path)
    found = diagnostics(index, Path(first.path), "SKL504")
    assert found and found[0].severity is Severity.INFO
    assert "stopped after 3 skill files" in found[0].message


@pytest.mark.parametrize(
    ("policy", "severity", "workspace_status"),
    [("override", Severity.INFO, Status.LOADED), ("conflict", Severity.ERROR, Status.CONFLICT)],
)
def test_builtin_policy(
    workspace: Workspace, policy: str, severity: Severity, workspace_status: Status
) -> None:
    index = workspace.index(settings=workspace.settings(builtin_override=policy))
    local = workspace.project / ".yoi/skills/summarize/SKILL.md"
    builtin = workspace.builtin / "summarize/SKILL.md"
    entry = index.entry_for_path(local)
    assert entry is not None
    placement = entry.placement("yoi")
    assert placement is not None and placement.status is workspace_status
    found = diagnostics(index, local, "SKL505")
    assert len(found) == 1 and found[0].severity is severity
    assert found[0].related[0].path == str(builtin)
    view = {skill.name: skill.path for skill in index.view("yoi")}
    assert view["summarize"] == str(local if policy == "override" else builtin)
    assert diagnostics(index, builtin, "SKL505") == []


def test_settings_turn_rules_off_and_change_severity(workspace: Workspace) -> None:
    settings = workspace.settings(
        target_clients=("copilot",), ignore=("SKL501",), rules={"SKL503": Severity.ERROR}
    )
    index = workspace.index(settings=settings)
    assert diagnostics(index, workspace.project / ".agents/skills/pdf/SKILL.md", "SKL501") == []
    nested = diagnostics(index, workspace.project / ".agents/skills/outer/inner/SKILL.md", "SKL503")
    assert nested == [] or nested[0].severity is Severity.ERROR


def test_files_outside_the_index_have_no_cross_skill_findings(workspace: Workspace) -> None:
    index = workspace.index()
    assert index.cross_skill_diagnostics(workspace.root / "elsewhere" / "SKILL.md") == []
    assert index.entry_for_path(workspace.root / "elsewhere" / "SKILL.md") is None


def test_a_lone_outcome_reads_as_the_one_item_mapping_it_stands_for() -> None:
    loaded = Outcome(Status.LOADED, True)
    one = OneOutcome("/w/a/SKILL.md", loaded)
    assert one == {"/w/a/SKILL.md": loaded}
    assert {"/w/a/SKILL.md": loaded} == one
    assert list(one.items()) == [("/w/a/SKILL.md", loaded)]
    assert one.get("/w/b/SKILL.md") is None
    assert len(one) == 1 and "/w/a/SKILL.md" in one
