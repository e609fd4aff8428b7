"""`skill-ls check` reports argument placeholders (SKL411, SKL414) and a side-effect command
(SKL413) from a real subprocess, and `--fix --unsafe-fixes` adds the flag SKL413 asks for."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli

SKILL = """---
name: release
description: Tags and pushes a release. Use when asked to release.
argument-hint: "[version]"
---

Tag $0, then write the notes for $1.

```bash
git tag "$0"
git push origin "$0"
```
"""


def _skill(tmp_path: Path) -> Path:
    folder = tmp_path / ".claude" / "skills" / "release"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL, encoding="utf-8")
    return folder


def test_check_reports_the_placeholders_and_the_push(tmp_path: Path) -> None:
    folder = _skill(tmp_path)
    result = run_cli(
        "check",
        "--no-cache",
        "--format",
        "json",
        "--select",
        "SKL410,SKL411,SKL413,SKL414",
        str(folder),
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr  # warnings and infos only
    report = json.loads(result.stdout)
    found = [
        (d["code"], d["severity"], d["location"]["line"], d["location"]["column"], d["message"])
        for d in report["diagnostics"]
    ]
    # Judged for the agents that read .claude/skills; of those, Claude Code substitutes.
    assert found == [
        (
            "SKL411",
            "warning",
            7,
            34,
            "`$1` is the second argument (Claude Code counts from `$0`), but `argument-hint` "
            "(`[version]`) names 1: without that many words Claude Code leaves `$1` in the "
            "text as written",
        ),
        (
            "SKL414",
            "info",
            10,
            10,
            "Claude Code replaces `$0` inside this code block too, before the model reads it: "
            "when the user passes 1 or more words, a shell or awk `$0` here becomes their "
            "first word (it counts from `$0`)",
        ),
        (
            "SKL413",
            "info",
            11,
            1,
            "the body runs `git push`, yet Claude Code, Copilot Chat (VS Code), Copilot CLI, "
            "Cursor and oh-my-pi may activate this skill on the model's own decision: set "
            "`disable-model-invocation: true` to leave it to the user (Copilot CLI then does "
            "not load the skill at all); OpenCode, Kilo Code CLI, Goose and Continue CLI "
            "ignore the field",
        ),
        (
            "SKL414",
            "info",
            11,
            18,
            "Claude Code replaces `$0` inside this code block too, before the model reads it: "
            "when the user passes 1 or more words, a shell or awk `$0` here becomes their "
            "first word (it counts from `$0`)",
        ),
    ]


def test_unsafe_fixes_add_the_flag(tmp_path: Path) -> None:
    folder = _skill(tmp_path)
    safe_only = run_cli("check", "--no-cache", "--fix", "--select", "SKL413", str(folder))
    assert safe_only.returncode == 0, safe_only.stderr
    assert (folder / "SKILL.md").read_text(encoding="utf-8") == SKILL
    fixed = run_cli(
        "check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "SKL413", str(folder)
    )
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert (folder / "SKILL.md").read_text(encoding="utf-8") == (
        "---\ndisable-model-invocation: true\n" + SKILL.removeprefix("---\n")
    )
