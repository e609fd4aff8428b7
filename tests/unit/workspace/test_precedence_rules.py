"""Precedence mechanisms from OpenCode's observed rules, checked on any row: a clash winner
that varies, a required `name`, a missing description that unlists, a blank one that counts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skill_ls.clients.reading import BlankDescription
from skill_ls.clients.table import Client, get_client
from skill_ls.settings import Settings
from skill_ls.workspace import Status, WorkspaceIndex
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_records import FoundFile, RootFolder, SkillFacts
from skill_ls.workspace.precedence import Candidate, resolve
from skill_ls.workspace.skill_reading import name_of, skip_reason, unlisted_reason

BASE = get_client("agentskills")


def candidate(scope: str, order: int) -> Candidate:
    root = RootFolder(f"/{scope}/skills", scope, f"{scope}/skills", f"/{scope}")
    real = f"/{scope}/skills/twin/SKILL.md"
    return Candidate(
        "agentskills", root, FoundFile(real, "twin/SKILL.md", real, 1, "skill"), (order, "")
    )


def test_a_varying_clash_names_one_copy_and_says_it_varies() -> None:
    client = replace(
        BASE,
        clashes=replace(
            BASE.clashes, clash="varies", clash_note="Agent loads concurrently; either wins"
        ),
    )
    user, project = candidate("user", 0), candidate("project", 1)
    facts = {c.found.real: SkillFacts("twin", "A twin.") for c in (user, project)}
    outcomes = resolve(client, [project, user], facts, "override")
    shown, other = outcomes[project.found.real], outcomes[user.found.real]
    assert shown.status is Status.LOADED and shown.varies  # the copy loaded last, usually
    assert other.status is Status.SHADOWED and other.varies and other.winner is project
    assert shown.reason == other.reason == "Agent loads concurrently; either wins"
    plain = resolve(
        replace(BASE, clashes=replace(BASE.clashes, clash="last-wins")),
        [project, user],
        facts,
        "override",
    )
    assert not any(outcome.varies for outcome in plain.values())


def test_name_required_skips_a_skill_without_name() -> None:
    client = replace(BASE, name="Agent", reading=replace(BASE.reading, name_required=True))
    reason = skip_reason(client, SkillFacts(None, "Has a description."))
    assert reason is not None and "no `name`" in reason and "folder" in reason
    assert skip_reason(BASE, SkillFacts(None, "Has a description.")) is None


def test_missing_description_unlisted_loads_but_hides() -> None:
    client = replace(
        BASE,
        name="Agent",
        reading=replace(BASE.reading, missing_description="unlisted"),
        listing=replace(BASE.listing, hidden_when=()),
    )
    facts = SkillFacts("quiet", None)
    assert skip_reason(client, facts) is None
    reason = unlisted_reason(client, facts)
    assert reason is not None and "no description" in reason
    assert skip_reason(BASE, facts) == "it has no description"
    assert unlisted_reason(BASE, facts) is None


def _blank(policy: BlankDescription) -> Client:
    return replace(BASE, reading=replace(BASE.reading, blank_description=policy))


def test_blank_description_counts_when_the_row_says_so() -> None:
    empty, blank = SkillFacts("empty", ""), SkillFacts("blank", "   ")
    for facts in (empty, blank):
        assert skip_reason(BASE, facts) == "it has no description"
        assert skip_reason(_blank("keep"), facts) is None
    # Continue CLI and oh-my-pi: spaces count, nothing does not.
    assert skip_reason(_blank("keep-blank"), blank) is None
    assert skip_reason(_blank("keep-blank"), empty) == "it has no description"


def test_a_name_with_spaces_around_it_keeps_them_where_the_row_says_so(tmp_path: Path) -> None:
    _write(tmp_path / "spaced", '---\nname: "  spaced  "\ndescription: D.\n---\n')
    facts = read_facts(str(tmp_path / "spaced" / "SKILL.md"))
    assert facts.name == "spaced"
    keeps = replace(BASE, reading=replace(BASE.reading, trims_name=False))
    assert name_of(BASE, facts, "spaced") == "spaced"
    assert name_of(keeps, facts, "spaced") == "  spaced  "
    # A name rule sees the spaces (Factory Droid, Qwen Code drop such a skill).
    ruled = replace(keeps, reading=replace(keeps.reading, name_rule=("[a-z-]+", "a-z and '-'")))
    assert skip_reason(ruled, facts, name_of(ruled, facts, "spaced")) is not None
    assert (
        skip_reason(
            replace(ruled, reading=replace(ruled.reading, trims_name=True)), facts, "spaced"
        )
        is None
    )


def _write(folder: Path, text: str) -> None:
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(text)


def test_opencode_index_outcomes(tmp_path: Path) -> None:
    project, home = tmp_path / "ws", tmp_path / "home"
    skills = project / ".agents" / "skills"
    _write(skills / "twin", "---\nname: twin\ndescription: Project.\n---\nBody\n")
    _write(home / ".agents/skills/twin", "---\nname: twin\ndescription: User.\n---\nBody\n")
    _write(skills / "nameless", "---\ndescription: No name.\n---\nBody\n")
    _write(skills / "quiet", "---\nname: quiet\n---\nBody\n")
    _write(skills / "empty", '---\nname: empty\ndescription: ""\n---\nBody\n')
    (project / ".git").mkdir()
    index = WorkspaceIndex([project], home=home)
    index.scan()
    view = {skill.name: skill for skill in index.view("opencode")}
    assert "nameless" not in view and view["quiet"].hidden and not view["empty"].hidden
    assert view["twin"].path == str(skills / "twin" / "SKILL.md")
    placements = [
        p
        for e in index.skills()
        if e.name == "twin"
        for p in e.placements
        if p.client == "opencode"
    ]
    assert len(placements) == 2 and all(p.winner_varies for p in placements)
    assert all(p.to_json()["winnerVaries"] is True for p in placements)
    assert all("any of the copies may win" in p.reason for p in placements)


def test_a_varying_clash_diagnostic_says_any_copy_may_load(tmp_path: Path) -> None:
    project, home = tmp_path / "ws", tmp_path / "home"
    _write(project / ".agents/skills/twin", "---\nname: twin\ndescription: P.\n---\nBody\n")
    _write(home / ".agents/skills/twin", "---\nname: twin\ndescription: U.\n---\nBody\n")
    settings = Settings(target_clients=("opencode",))
    index = WorkspaceIndex([project], settings=settings, home=home)
    index.scan()
    for path in (project / ".agents/skills/twin/SKILL.md", home / ".agents/skills/twin/SKILL.md"):
        messages = [
            d.message for d in index.cross_skill_diagnostics(path) if d.code in ("SKL501", "SKL502")
        ]
        assert len(messages) == 1 and "varies from run to run" in messages[0], messages
        assert "any of the copies may win" in messages[0]
