"""`skill-ls check` reports SKL412 on a `` !`command` `` line, and `skill-ls activate` shows
Claude Code's activation with a marked placeholder where the command's output goes: a real
subprocess, and nothing is run."""

from __future__ import annotations

from pathlib import Path

from tests.cli.support import run_cli

SKILL = """---
name: dated
description: Writes the changelog entry. Use when the user asks for a changelog entry.
---
Today: !`date +%F`
"""


def _workspace(tmp_path: Path) -> Path:
    folder = tmp_path / ".claude" / "skills" / "dated"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL, encoding="utf-8")
    (tmp_path / "home").mkdir()
    return folder / "SKILL.md"


def test_check_says_which_agent_runs_the_command(tmp_path: Path) -> None:
    skill_md = _workspace(tmp_path)
    result = run_cli(
        "check",
        "--no-cache",
        "--select",
        "SKL412",
        str(skill_md),
        cwd=tmp_path,
        home=tmp_path / "home",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        ".claude/skills/dated/SKILL.md:5:8: info SKL412 `date +%F` runs in a shell when "
        "Claude Code activates the skill, and its output replaces this text; Kilo Code CLI "
        "puts `[skill shell execution disabled for untrusted skill]` in its place (for a "
        "builtin or user skill it runs the command once the user approves); Copilot CLI, "
        "OpenCode and Continue CLI show it to the model as written\n"
        "  Today: !`date +%F`\n"
        "         ^~~~~~~~~~~\n"
        "Found 1 info in 1 of 1 file(s).\n"
    )


def test_check_says_nothing_without_a_command(tmp_path: Path) -> None:
    skill_md = _workspace(tmp_path)
    skill_md.write_text(SKILL.replace("!`date +%F`", "`date +%F`"), encoding="utf-8")
    result = run_cli(
        "check",
        "--no-cache",
        "--select",
        "SKL412",
        str(skill_md),
        cwd=tmp_path,
        home=tmp_path / "home",
    )
    assert result.returncode == 0, result.stderr
    assert "SKL412" not in result.stdout


def test_activate_marks_where_claude_code_puts_the_output(tmp_path: Path) -> None:
    _workspace(tmp_path)
    home = tmp_path / "home"
    result = run_cli(
        "activate",
        "dated",
        str(tmp_path),
        "--client",
        "claude-code",
        "--home",
        str(home),
        cwd=tmp_path,
        home=home,
    )
    assert result.returncode == 0, result.stderr
    assert (
        "Today: [skill-ls: output of `date +%F`, which Claude Code runs on activation]"
        in result.stdout
    )
