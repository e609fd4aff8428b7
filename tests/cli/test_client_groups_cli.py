"""`--client` and `targetClients` take client groups (`all`, `observed`, `cited`) as well as
ids: the command line, run as a subprocess, judges a skill exactly as with the ids listed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skill_ls.clients.groups import group_members

REPO = Path(__file__).resolve().parents[2]
# `effort` is honoured by Claude Code alone: SKL301 names the targets that ignore it.
SKILL = """---
name: pdf-tools
description: Fills PDF forms. Use when the user asks to fill in a form.
effort: high
---

# PDF tools

Fill the form.
"""


def run_check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "HOME": str(root / "home")}
    return subprocess.run(
        [sys.executable, "-m", "skill_ls", "check", str(root / "ws"), "--format", "json", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def root(tmp_path: Path) -> Path:
    skill = tmp_path / "ws" / ".agents" / "skills" / "pdf-tools"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL, encoding="utf-8")
    (tmp_path / "home").mkdir()
    return tmp_path


def findings(result: subprocess.CompletedProcess[str]) -> list[tuple[str, str, str]]:
    assert result.returncode in (0, 1), result.stderr
    return [
        (d["code"], d["severity"], d["message"]) for d in json.loads(result.stdout)["diagnostics"]
    ]


def test_observed_group_is_the_observed_agents(root: Path) -> None:
    by_group = findings(run_check(root, "--client", "observed"))
    assert by_group == [
        (
            "SKL301",
            "info",
            "`effort` is honoured by Claude Code but ignored by OpenAI Codex, Copilot CLI, "
            "Factory Droid, Gemini CLI, OpenCode, Kilo Code CLI, pi, Qwen Code, Kimi Code CLI, "
            "Cline CLI, Continue CLI and oh-my-pi",
        )
    ]
    assert by_group == findings(run_check(root, "--client", ",".join(group_members("observed"))))


def test_cited_group_is_the_cited_clients(root: Path) -> None:
    by_group = findings(run_check(root, "--client", "cited"))
    assert by_group == [
        (
            "SKL301",
            "warning",
            "`effort` is honoured only by Claude Code; ignored by Agent Skills spec, Copilot "
            "Chat (VS Code), Cursor, Goose, Yoi and insomnia; Agent Skills spec, Copilot Chat "
            "(VS Code) and insomnia warn about it",
        )
    ]
    repeated = [arg for client in group_members("cited") for arg in ("--client", client)]
    assert by_group == findings(run_check(root, *repeated))


def test_all_group_and_an_id_beside_it(root: Path) -> None:
    every = ",".join(group_members("all"))
    assert findings(run_check(root, "--client", "all")) == findings(
        run_check(root, "--client", every)
    )
    # An id named before the group keeps its place in the message, as when listed by hand.
    mixed = findings(run_check(root, "--client", "codex", "--client", "all"))
    rest = ",".join(c for c in group_members("all") if c != "codex")
    assert mixed == findings(run_check(root, "--client", f"codex,{rest}"))


def test_settings_file_names_a_group(root: Path) -> None:
    (root / "ws" / ".skill-ls.toml").write_text('targetClients = ["observed"]\n', "utf-8")
    assert findings(run_check(root)) == findings(run_check(root, "--client", "observed"))


def test_unknown_name_lists_ids_and_groups(root: Path) -> None:
    result = run_check(root, "--client", "everything")
    assert result.returncode == 2
    known = ", ".join([*group_members("all"), "claude-api", "all", "observed", "cited"])
    assert f"unknown client(s) everything in targetClients (known: {known})" in result.stderr
