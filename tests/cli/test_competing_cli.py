"""`skill-ls check` reports competing skills (SKL509) on both skills of a pair, and not on a
skill the others can be told apart from."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli

SKILLS = {
    "pdf-tools": (
        "Extract text and tables from PDF files, fill PDF forms and merge documents. "
        "Use when the user asks about PDF files."
    ),
    "pdf-helper": "Extracts tables and text from PDF documents, fills forms, merges PDF files.",
    "git-commit": "Write commit messages from the staged diff.",
}


def workspace(root: Path) -> Path:
    project = root / "project"
    for name, description in SKILLS.items():
        path = project / ".claude" / "skills" / name / "SKILL.md"
        path.parent.mkdir(parents=True)
        path.write_text(f"---\nname: {name}\ndescription: {description}\n---\n\nBody.\n")
    (root / "home").mkdir()
    return project


def test_check_reports_the_pair_on_both_skills(tmp_path: Path) -> None:
    project = workspace(tmp_path)
    result = run_cli(
        "check",
        "--no-cache",
        "--format",
        "json",
        "--client",
        "claude-code,copilot",
        "--select",
        "SKL509",
        ".",
        cwd=project,
        home=tmp_path / "home",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    found = [
        (d["path"], d["severity"], d["message"], d["location"]["line"], len(d["related"]))
        for d in report["diagnostics"]
    ]
    shared = "with entries sharing 9 of 10 distinctive words"
    tail = "the model chooses by description alone; say what sets each apart, or merge them"
    assert found == [
        (
            ".claude/skills/pdf-helper/SKILL.md",
            "warning",
            "`pdf-helper` and `pdf-tools` are listed together by Claude Code and Copilot Chat "
            f"(VS Code) {shared} (pdf, extracts, tables, text, documents, fills, ...): {tail}",
            3,
            1,
        ),
        (
            ".claude/skills/pdf-tools/SKILL.md",
            "warning",
            "`pdf-tools` and `pdf-helper` are listed together by Claude Code and Copilot Chat "
            f"(VS Code) {shared} (pdf, extract, text, tables, files, fill, ...): {tail}",
            3,
            1,
        ),
    ]
    assert report["summary"]["files"] == 3


def test_check_with_the_rule_ignored_reports_nothing(tmp_path: Path) -> None:
    project = workspace(tmp_path)
    result = run_cli(
        "check",
        "--no-cache",
        "--format",
        "json",
        "--select",
        "SKL5",
        "--ignore",
        "SKL509",
        ".",
        cwd=project,
        home=tmp_path / "home",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["diagnostics"] == []
