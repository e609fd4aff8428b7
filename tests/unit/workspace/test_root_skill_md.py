"""A SKILL.md directly in a skill root (the root itself as a skill folder), as the lab's
root-skill-md scenario showed it: Codex, Cline CLI, Gemini CLI, OpenCode and Kilo Code CLI
load it beside the root's other skills; pi and Copilot CLI load it as the root's only skill;
the other agents do not read it. Here: what the index makes of it live, and the nesting
finding on the skills below it."""

from __future__ import annotations

from pathlib import Path

from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex


def _write(path: Path, name: str | None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    line = f"name: {name}\n" if name else ""
    path.write_text(f"---\n{line}description: The {name or 'nameless'} skill.\n---\n", "utf-8")


def _names(index: WorkspaceIndex, client_id: str) -> list[str]:
    return sorted(s.name for s in index.view(client_id) if s.scope != "builtin")


def _index(tmp_path: Path) -> tuple[WorkspaceIndex, Path]:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True, exist_ok=True)
    root = project / ".agents" / "skills"
    _write(root / "SKILL.md", None)  # named after the root folder: `skills`
    _write(root / "control" / "SKILL.md", "control")
    targets = ("codex", "pi", "claude-code", "kimi-code")
    index = WorkspaceIndex(
        [project], Settings(target_clients=targets), home=tmp_path / "home", environ={}
    )
    index.scan()
    return index, root


def test_who_loads_a_skill_md_in_the_root(tmp_path: Path) -> None:
    index, root = _index(tmp_path)
    assert _names(index, "codex") == ["control", "skills"]
    assert _names(index, "pi") == ["skills"]
    assert _names(index, "kimi-code") == ["control"]

    # A skill added below it later is judged as a fresh scan judges it.
    _write(root / "added" / "SKILL.md", "added")
    index.add_path(root / "added")
    assert _names(index, "codex") == ["added", "control", "skills"]
    assert _names(index, "pi") == ["skills"]
    fresh, _ = _index(tmp_path)
    for client_id in ("codex", "pi", "kimi-code"):
        assert _names(index, client_id) == _names(fresh, client_id)


def test_the_skills_below_it_are_nested_for_the_agents_that_read_it(tmp_path: Path) -> None:
    index, root = _index(tmp_path)
    nested = [
        d.message for d in index.cross_skill_diagnostics(root / "control" / "SKILL.md")
        if d.code == "SKL503"
    ]  # fmt: skip
    [message] = nested
    assert message.startswith("this skill is inside the folder of another skill")
    assert "; pi stops at that SKILL.md and never loads this one;" in message
    assert message.endswith("Codex loads both")
    assert "Claude Code" not in message and "Kimi" not in message
