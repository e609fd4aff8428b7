"""The index's queries: the per-file queries the cross-skill findings are built on agree
with the entries and views, and the findings need nothing but the queries."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from skill_ls.workspace import IndexQueries, WalkLimits, WorkspaceIndex, findings
from skill_ls.workspace.index_records import Status

from ..workspace_helpers import write_skill

CLIENT = "claude-code"


def two_copies(tmp_path: Path, limits: WalkLimits | None = None) -> tuple[WorkspaceIndex, str, str]:
    """A project copy and a user copy of `pdf`; the index and their real paths."""
    project = tmp_path / "project"
    home = tmp_path / "home"
    mine = write_skill(project / ".claude" / "skills" / "pdf", "pdf")
    theirs = write_skill(home / ".claude" / "skills" / "pdf", "pdf")
    index = WorkspaceIndex([project], home=home, environ={}, limits=limits)
    index.scan()
    return index, os.path.realpath(mine), os.path.realpath(theirs)


def test_the_index_answers_the_queries(tmp_path: Path) -> None:
    index, _, _ = two_copies(tmp_path)
    assert isinstance(index, IndexQueries)


def test_facts_by_real_path(tmp_path: Path) -> None:
    index, mine, _ = two_copies(tmp_path)
    facts = index.facts_of_real(mine)
    assert facts is not None and facts.name == "pdf"
    assert facts == index.facts(mine)
    assert index.facts_of_real(str(tmp_path / "nowhere" / "SKILL.md")) is None


def test_name_and_candidate_per_client(tmp_path: Path) -> None:
    index, mine, theirs = two_copies(tmp_path)
    assert index.name_for(CLIENT, mine) == index.name_for(CLIENT, theirs) == "pdf"
    assert index.candidate(CLIENT, mine).root.scope == "project"
    assert index.candidate(CLIENT, theirs).root.scope == "user"
    assert index.candidate(CLIENT, mine).found.real == mine


def test_outcomes_agree_with_the_entries(tmp_path: Path) -> None:
    index, mine, theirs = two_copies(tmp_path)
    client = next(client for client, _, _ in index.group_outcomes(mine) if client.id == CLIENT)
    outcomes = index.outcomes(client, "pdf")
    assert set(outcomes) == {mine, theirs}
    for real in (mine, theirs):
        entry = index.entry_for_path(real)
        assert entry is not None
        placement = next(p for p in entry.placements if p.client == CLIENT)
        assert outcomes[real].status is placement.status
    loaded = [real for real, outcome in outcomes.items() if outcome.loaded]
    assert [skill.real_path for skill in index.view(CLIENT) if skill.name == "pdf"] == loaded


def test_group_outcomes_cover_the_audience_clients_that_find_the_file(tmp_path: Path) -> None:
    index, mine, _ = two_copies(tmp_path)
    groups = index.group_outcomes(mine)
    assert groups, "no client finds .claude/skills"
    for client, candidate, outcomes in groups:
        assert client.id in index.audience
        assert candidate == index.candidate(client.id, mine)
        assert outcomes == index.outcomes(client, index.name_for(client.id, mine))
        assert mine in outcomes
    finding = {client.id for client, _, _ in groups}
    assert finding == {
        placement.client
        for placement in index.entry_for_path(mine).placements  # type: ignore[union-attr]
        if placement.client in index.audience
    }


def test_found_places(tmp_path: Path) -> None:
    index, mine, _ = two_copies(tmp_path)
    places = index.found_places(mine)
    assert [(root.scope, found.relative) for root, found in places] == [("project", "pdf/SKILL.md")]
    assert places[0][1].real == mine
    assert index.found_places(str(tmp_path / "nowhere")) == []


def test_root_hits(tmp_path: Path) -> None:
    index, _, _ = two_copies(tmp_path / "a")
    assert all(index.root_hits(root.path) == [] for _, root in index.roots())
    more = tmp_path / "b" / "project" / ".claude" / "skills"
    write_skill(more / "one", "one")
    write_skill(more / "two", "two")
    bounded, _, _ = two_copies(tmp_path / "b", limits=WalkLimits(max_skills=1))
    hits = [hit for _, root in bounded.roots() for hit in bounded.root_hits(root.path)]
    assert hits and set(hits) <= set(bounded.bounds_hit())


def test_findings_read_the_queries(tmp_path: Path) -> None:
    index, mine, theirs = two_copies(tmp_path)
    for real in (mine, theirs):
        assert findings.for_skill(index, real) == index.cross_skill_diagnostics(real)
    assert index.cross_skill_diagnostics(mine), "two copies of one name: a finding"


def test_findings_depend_on_the_queries_only() -> None:
    """No import of the index (not even one guarded by TYPE_CHECKING), no private names."""
    source = Path(findings.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert "skill_ls.workspace.index" not in imported
    assert "TYPE_CHECKING" not in source
    private = [
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "index"
        and node.attr.startswith("_")
    ]
    assert private == []


def test_an_updated_copy_stays_in_its_name_group(tmp_path: Path) -> None:
    index, mine, theirs = two_copies(tmp_path)
    Path(theirs).write_text("---\nname: pdf\n---\n\nno description\n")
    index.update_file(theirs)
    client = next(client for client, _, _ in index.group_outcomes(mine) if client.id == CLIENT)
    outcomes = index.outcomes(client, "pdf")
    assert set(outcomes) == {mine, theirs}
    assert outcomes[mine].status is not Status.SKIPPED
