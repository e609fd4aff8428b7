"""The MCP servers a workspace configures (`workspace/mcp_servers.py`): only the table's fixed
files, inside the workspace, bounded, and their names shown safely."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skill_ls.clients.mcp_skills import McpConfigFile
from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.workspace.mcp_servers import (
    MAX_CONFIG_BYTES,
    MAX_SHOWN,
    configured_for,
    mcp_notes,
    read_servers,
    shown_name,
)

MCP_JSON = McpConfigFile(".mcp.json", "mcpServers")
CLAUDE = CLIENTS_BY_ID["claude-code"]


def test_the_servers_are_named_in_the_files_order(tmp_path: Path) -> None:
    (tmp_path / ".mcp.json").write_text('{"mcpServers": {"b": {}, "a": {"url": "x"}}}')
    found = read_servers(str(tmp_path), MCP_JSON)
    assert found is not None and found.names == ("b", "a") and not found.problem


def test_an_absent_file_is_nothing_and_a_file_without_servers_names_none(tmp_path: Path) -> None:
    assert read_servers(str(tmp_path), MCP_JSON) is None
    (tmp_path / ".mcp.json").write_text('{"other": 1}')
    found = read_servers(str(tmp_path), MCP_JSON)
    assert found is not None and found.names == () and not found.problem
    assert mcp_notes([str(tmp_path)], CLAUDE) == []


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"mcpServers": [1]}', "`mcpServers` is not a mapping"),
        ("{", "not JSON (line 1: Expecting property name enclosed in double quotes)"),
        (b"\xff\xfe{}", "not UTF-8"),
        ("[" * 100_000 + "]" * 100_000, "not JSON (nested too deeply)"),
    ],
)
def test_a_file_that_cannot_be_read_says_why(
    tmp_path: Path, content: str | bytes, problem: str
) -> None:
    path = tmp_path / ".mcp.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    found = read_servers(str(tmp_path), MCP_JSON)
    assert found is not None and found.problem == problem


def test_a_file_over_the_bound_is_not_read(tmp_path: Path) -> None:
    (tmp_path / ".mcp.json").write_text('{"mcpServers": {}}' + " " * MAX_CONFIG_BYTES)
    found = read_servers(str(tmp_path), MCP_JSON)
    assert found is not None and found.problem == "larger than 256 KiB: not read"


def test_a_link_out_of_the_workspace_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text('{"mcpServers": {"secret": {}}}')
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / ".mcp.json").symlink_to(outside)
    found = read_servers(str(workspace), MCP_JSON)
    assert found is not None and found.names == ()
    assert found.problem == "a link out of the workspace: not read"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_not_opened_for_reading(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / ".mcp.json")
    found = read_servers(str(tmp_path), MCP_JSON)  # returns at once: never blocks
    assert found is not None and found.problem.startswith("not read")


def test_toml_tables_are_read(tmp_path: Path) -> None:
    (tmp_path / ".codex").mkdir()
    (tmp_path / ".codex" / "config.toml").write_text('[mcp_servers.docs]\ncommand = "x"\n')
    found = read_servers(str(tmp_path), McpConfigFile(".codex/config.toml", "mcp_servers", "toml"))
    assert found is not None and found.names == ("docs",)


def test_a_configuration_path_must_stay_in_the_project() -> None:
    with pytest.raises(ValueError, match="inside the project"):
        McpConfigFile("../.mcp.json", "mcpServers")
    with pytest.raises(ValueError, match="inside the project"):
        McpConfigFile("/etc/mcp.json", "mcpServers")


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("docs", "docs"),
        ("@acme/search-v2", "@acme/search-v2"),
        ("a`b", '"a\\u0060b"'),
        ("evil\u202eexe", '"evil\\u202eexe"'),
        ("line\nbreak", '"line\\nbreak"'),
        ("<script>", '"<script>"'),
        ("x" * 200, '"' + "x" * 75 + '..."'),
    ],
)
def test_names_that_are_not_plain_are_shown_escaped(name: str, shown: str) -> None:
    assert shown_name(name) == shown


def test_the_note_names_the_servers_an_agent_may_ask_and_only_for_such_agents(
    tmp_path: Path,
) -> None:
    names: dict[str, object] = {f"s{n:02d}": {} for n in range(MAX_SHOWN + 3)}

    (tmp_path / ".mcp.json").write_text(json.dumps({"mcpServers": names}))
    [note] = mcp_notes([str(tmp_path)], CLAUDE)
    assert note.startswith("Claude Code may also list skills served by MCP servers `s00`, `s01`")
    assert f"`s{MAX_SHOWN - 1:02d}` and 3 more (.mcp.json)" in note
    assert "a switch its vendor sets remotely" in note
    assert [s.file for s in configured_for([str(tmp_path)], CLAUDE)] == [".mcp.json"]
    # Agents that never ask a server for skills (or know of no configuration) get no note.
    for agent in ("codex", "gemini-cli", "agentskills", "cursor"):
        assert mcp_notes([str(tmp_path)], CLIENTS_BY_ID[agent]) == []
