"""The one-line answer above a SKILL.md: which agents load it, skip it and why, and where
another copy wins."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID, Client
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.verdicts import AgentVerdicts, agent_verdicts

GOOD = "---\nname: pdf\ndescription: Fills PDF forms. Use when asked about PDFs.\n---\nBody.\n"
# An unquoted `: ` inside the description: strict YAML loaders reject the frontmatter.
COLON = "---\nname: notes\ndescription: Writes notes: short ones. Use when asked.\n---\nBody.\n"


def write(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


def index_of(project: Path, home: Path) -> WorkspaceIndex:
    index = WorkspaceIndex([project], home=home, environ={})
    index.scan()
    return index


def clients(*ids: str) -> list[Client]:
    return [CLIENTS_BY_ID[client_id] for client_id in ids]


def test_a_copy_another_folder_wins_names_the_winner(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    write(project / ".agents" / "skills" / "pdf" / "SKILL.md", GOOD)
    gemini_copy = write(project / ".gemini" / "skills" / "pdf" / "SKILL.md", GOOD)
    verdicts = agent_verdicts(index_of(project, home), gemini_copy, clients("gemini-cli"))
    assert verdicts is not None
    # Gemini CLI reads .gemini/skills before .agents/skills; the last copy loaded wins.
    assert verdicts.summary() == "Shadowed in Gemini CLI by .agents/skills/pdf"


def test_strict_readers_skip_and_say_why_in_a_few_words(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    path = write(project / ".agents" / "skills" / "notes" / "SKILL.md", COLON)
    audience = clients("codex", "pi", "gemini-cli")
    verdicts = agent_verdicts(index_of(project, home), path, audience)
    assert verdicts == AgentVerdicts(
        loaded=("OpenAI Codex", "Gemini CLI"),
        skipped=(("reads YAML strictly and rejects this frontmatter", ("pi",)),),
    )
    assert verdicts.summary() == (
        "Loaded by OpenAI Codex, Gemini CLI · skipped by pi "
        "(reads YAML strictly and rejects this frontmatter)"
    )


def test_a_target_whose_folders_do_not_hold_the_file(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    path = write(project / ".claude" / "skills" / "pdf" / "SKILL.md", GOOD)
    verdicts = agent_verdicts(index_of(project, home), path, clients("claude-code", "codex"))
    assert verdicts is not None
    assert verdicts.summary() == "Loaded by Claude Code · not in a folder read by OpenAI Codex"


def test_a_file_in_no_skill_folder_has_no_verdicts(tmp_path: Path) -> None:
    project, home = tmp_path / "project", tmp_path / "home"
    path = write(project / "docs" / "pdf" / "SKILL.md", GOOD)
    assert agent_verdicts(index_of(project, home), path, clients("claude-code")) is None


def test_an_empty_audience_says_so() -> None:
    assert AgentVerdicts().summary() == "No agent in the target set reads this file"
