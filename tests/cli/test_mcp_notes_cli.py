"""`skill-ls catalog` names the MCP servers of a workspace that an agent may ask for skills
(which skill-ls never starts), through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli


def _workspace(root: Path, config: str) -> Path:
    skill = root / ".claude" / "skills" / "notes"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: notes\ndescription: Write notes.\n---\nBody\n")
    (root / ".mcp.json").write_text(config, encoding="utf-8")
    return root


def test_the_text_catalog_notes_the_servers_claude_code_may_list_skills_from(
    tmp_path: Path,
) -> None:
    workspace = _workspace(tmp_path / "ws", '{"mcpServers": {"docs": {}, "search": {}}}')
    home = str(tmp_path / "home")
    result = run_cli("catalog", str(workspace), "--home", home)
    assert result.returncode == 0, result.stderr
    claude = result.stdout.split("== claude-code ", 1)[1].split("\n== ", 1)[0]
    notes = [line for line in claude.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1
    assert "MCP servers `docs`, `search` (.mcp.json)" in notes[0]
    assert "observed in Claude Code 2.1.337, lab MCP probe" in notes[0]
    # Codex never asks a server for skills: its catalog carries no such note.
    codex = result.stdout.split("== codex ", 1)[1].split("\n== ", 1)[0]
    assert "note: " not in codex
    one = run_cli("catalog", str(workspace), "--home", home, "--client", "claude-code")
    assert one.returncode == 0
    assert "- notes: Write notes." in one.stdout and "note:" not in one.stdout
    assert "note: Claude Code may also list skills served by MCP servers" in one.stderr


def test_json_catalogs_carry_the_notes_and_a_broken_file_says_why(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path / "ws", '{"mcpServers": {"docs": {}},}')
    result = run_cli(
        "catalog", str(workspace), "--home", str(tmp_path / "home"), "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    notes = {c["client"]: c["notes"] for c in json.loads(result.stdout)["catalogs"]}
    assert notes["codex"] == [] and notes["agentskills"] == []
    assert notes["claude-code"] == [
        ".mcp.json: not JSON (line 1: Expecting property name enclosed in double quotes); "
        "skill-ls cannot tell which MCP servers Claude Code would ask for skills."
    ]
