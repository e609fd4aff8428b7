"""`skill-ls check` on the files agents read as instructions (CLAUDE.md, AGENTS.md, command
files): their mentions of skills are checked against the project's skills (SKL701), and
nothing else is reported on them. Over tests/fixtures/workspaces/mentions, copied."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from tests.cli.support import run_cli

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "mentions"


def project(tmp_path: Path) -> Path:
    root = tmp_path.resolve() / "proj"
    shutil.copytree(FIXTURE, root)
    (root / ".git").mkdir()
    (tmp_path / "home").mkdir()
    return root


def check(root: Path, *args: str) -> tuple[int, dict[str, Any]]:
    result = run_cli(
        "check", "--no-cache", "--format", "json", *args, cwd=root, home=root.parent / "home"
    )
    assert result.stderr == ""
    return result.returncode, json.loads(result.stdout)


def found(report: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    return [
        (d["path"], d["code"], d["range"]["start"]["line"], d["message"])
        for d in report["diagnostics"]
    ]


TYPO = (
    ".claude/commands/release.md",
    "SKL701",
    4,
    "'/deplyo' calls no skill Claude Code knows; did you mean '/deploy'?",
)


def test_instruction_files_and_a_command_folder(tmp_path: Path) -> None:
    root = project(tmp_path)
    code, report = check(
        root, "--client", "claude-code,codex", "CLAUDE.md", "AGENTS.md", ".claude/commands"
    )
    assert code == 1
    assert report["summary"]["files"] == 3
    assert found(report) == [TYPO]
    (diagnostic,) = report["diagnostics"]
    assert [fix["title"] for fix in diagnostic["fixes"]] == ["Change to '/deploy'"]


def test_a_folder_checks_its_skills_and_its_instruction_files(tmp_path: Path) -> None:
    root = project(tmp_path)
    code, report = check(root, "--client", "claude-code,codex", ".")
    assert code == 1
    # Two skills and three instruction files; the typo is the one finding.
    assert report["summary"]["files"] == 5
    assert found(report) == [TYPO]


def test_only_the_agents_that_read_a_file_judge_it(tmp_path: Path) -> None:
    root = project(tmp_path)
    # Codex does not read .claude/commands: nothing to report, and no "no SKILL.md" error.
    code, report = check(root, "--client", "codex", ".claude/commands")
    assert (code, found(report)) == (0, [])
    # Codex reads AGENTS.md, where `$pdf-tool` is in a code block and `$pdf-tools` resolves;
    # a typo outside the block is reported.
    (root / "AGENTS.md").write_text("Use $pdf-tool for reports.\n")
    code, report = check(root, "--client", "codex", "AGENTS.md")
    assert code == 1
    assert found(report) == [
        (
            "AGENTS.md",
            "SKL701",
            0,
            "'$pdf-tool' calls no skill OpenAI Codex knows; did you mean '$pdf-tools'?",
        )
    ]


def test_a_skills_own_mentions_first_run_and_from_the_cache(tmp_path: Path) -> None:
    """A mention in a SKILL.md body is judged by the cross-skill check: on a first run from
    the mentions the check found while parsing the file; on a run whose results come from
    the result cache (no document parsed) by reading the file again. Both say the same."""
    root = project(tmp_path)
    body = root / ".claude" / "skills" / "deploy" / "SKILL.md"
    body.write_text(body.read_text() + "Then run /deplyo again.\n")
    expected = [
        (
            ".claude/skills/deploy/SKILL.md",
            "SKL701",
            8,
            "'/deplyo' calls no skill Claude Code knows; did you mean '/deploy'?",
        )
    ]
    code, report = check(root, "--client", "claude-code", ".claude/skills")
    assert (code, found(report)) == (1, expected)
    args = ("check", "--format", "json", "--client", "claude-code", ".claude/skills")
    cache = ("--cache-dir", str(tmp_path / "cache"))
    first = run_cli(*args, *cache, cwd=root, home=root.parent / "home")
    assert found(json.loads(first.stdout)) == expected
    # Same bytes, a new time: the recorded run is not replayed, each file's results come
    # from the result cache.
    stat = body.stat()
    os.utime(body, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    again = run_cli(*args, *cache, cwd=root, home=root.parent / "home")
    assert found(json.loads(again.stdout)) == expected
