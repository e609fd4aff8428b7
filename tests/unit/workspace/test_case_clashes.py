"""Names that differ only in case (`Clashes.fold_case`, `Clashes.refused_copy_takes_name`,
`Activation.fold_case`), as the client lab's `case-clash` scenario observed them: a project
skill `Twin` beside a user skill `twin`."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.render import listed_skills, refusal_for
from skill_ls.workspace import WorkspaceIndex, findings
from skill_ls.workspace.index_records import Status

from ..workspace_helpers import write_skill


def twins(tmp_path: Path) -> tuple[WorkspaceIndex, str, str]:
    """A project `Twin` and a user `twin` in `.agents/skills` (read by every client here)."""
    project, home = tmp_path / "project", tmp_path / "home"
    upper = write_skill(project / ".agents" / "skills" / "Twin", "Twin", "The project's twin.")
    lower = write_skill(home / ".agents" / "skills" / "twin", "twin", "The user's twin.")
    index = WorkspaceIndex([project], home=home, environ={})
    index.scan()
    return index, os.path.realpath(upper), os.path.realpath(lower)


def names(index: WorkspaceIndex, client: str) -> list[str]:
    return [skill.name for skill in listed_skills(index, client) if skill.scope != "builtin"]


def status(index: WorkspaceIndex, client: str, real: str) -> Status:
    entry = index.entry_for_path(real)
    assert entry is not None
    return next(p.status for p in entry.placements if p.client == client)


def test_a_client_that_folds_case_keeps_one_copy_by_its_clash_rule(tmp_path: Path) -> None:
    index, upper, lower = twins(tmp_path)
    # Kimi Code CLI: the first copy found (the project's) wins, spelled as it is.
    assert names(index, "kimi-code") == ["Twin"]
    assert status(index, "kimi-code", lower) is Status.SHADOWED
    # Cline CLI: the last copy loaded (the user's) wins, in the project copy's place.
    assert names(index, "cline") == ["twin"]
    assert status(index, "cline", upper) is Status.SHADOWED
    # A client that does not fold case lists both.
    assert sorted(names(index, "opencode")) == ["Twin", "twin"]


def test_activation_finds_either_spelling_where_names_fold(tmp_path: Path) -> None:
    index, upper, _ = twins(tmp_path)
    assert refusal_for(index, "kimi-code", "twin") is None
    entry = index.skill_by_name("twin", "kimi-code")
    assert entry is not None and os.path.realpath(entry.path) == upper


def test_a_refused_copy_that_takes_the_name_hides_the_other(tmp_path: Path) -> None:
    # Factory Droid keys by the lower-cased name first and checks names after: its project
    # `Twin` (capitals, refused) takes the name, so the user's valid `twin` does not load.
    index, upper, lower = twins(tmp_path)
    assert names(index, "droid") == []
    assert status(index, "droid", upper) is Status.SKIPPED
    assert status(index, "droid", lower) is Status.SHADOWED
    messages = [f.message for f in findings.for_skill(index, lower) if "Droid" in f.message]
    assert any(
        "gives the name 'twin' to the copy at" in m and "refuses" in m and "neither loads" in m
        for m in messages
    ), messages


def test_a_lookup_that_ignores_case_refuses_a_name_two_skills_answer_to(tmp_path: Path) -> None:
    # Copilot CLI lists both, and refuses to pick one when asked for either spelling.
    index, _, _ = twins(tmp_path)
    assert sorted(names(index, "copilot-cli")) == ["Twin", "twin"]
    refusal = refusal_for(index, "copilot-cli", "twin")
    assert refusal is not None and refusal.startswith('Skill "twin" is ambiguous. Use one of: ')
    assert set(refusal.rsplit(": ", 1)[1].split(", ")) == {"Twin", "twin"}
