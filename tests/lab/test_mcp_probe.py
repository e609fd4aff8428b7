"""The MCP probe (`clientlab/mcp_probe.py`): its golden backs every row's `Client.mcp_skills`,
and the lab's own skills server (`clientlab/mcp_skill_server.py`) answers the extension's
methods as its specification lays out (run as a real process over stdio)."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from clientlab.drivers import DRIVERS
from clientlab.mcp_probe import (
    EXTENSION_ID,
    SERVER,
    _package_of,
    differences,
    load,
    probed_agents,
)
from skill_ls.clients.table import CLIENTS_BY_ID

GOLDEN = load()


# --- the golden and the rows -------------------------------------------------------------


def test_the_golden_holds_every_agent_whose_row_may_list_served_skills() -> None:
    assert probed_agents() == ["claude-code"]
    assert sorted(GOLDEN["agents"]) == probed_agents()


@pytest.mark.parametrize("agent", sorted(DRIVERS))
def test_every_observed_row_says_what_it_does_with_served_skills(agent: str) -> None:
    facts = CLIENTS_BY_ID[agent].mcp_skills
    assert facts is not None, f"{agent}: an observed row without MCP skill facts"
    if facts.support == "none":
        # Cited from the package: none of its files (nor its platform binary's) names the id.
        assert not [
            p for p in GOLDEN["packages_naming_extension"] if p.startswith(DRIVERS[agent].package)
        ]
    else:
        assert DRIVERS[agent].package in GOLDEN["packages_naming_extension"]


@pytest.mark.parametrize("agent", probed_agents())
def test_a_probed_row_follows_what_the_probe_saw(agent: str) -> None:
    facts = CLIENTS_BY_ID[agent].mcp_skills
    assert facts is not None
    seen = GOLDEN["agents"][agent]
    assert seen["configuration"] == [config.path for config in facts.config_files]
    assert seen["server_started"], "the row names a configuration the agent did not read"
    expected = "asks" if seen["asked_for_skills"] else "switched"
    assert facts.support == expected
    assert seen["served_skill_listed"] == seen["asked_for_skills"]
    version = re.fullmatch(r".+ (\S+), lab MCP probe", facts.provenance.source)
    assert version is not None and version.group(1) == seen["version"]


def test_differences_name_each_changed_value() -> None:
    observed: dict[str, Any] = {
        "packages_naming_extension": ["@anthropic-ai/claude-code", "@openai/codex"],
        "agents": {"claude-code": {**GOLDEN["agents"]["claude-code"], "asked_for_skills": True}},
    }
    lines = differences(GOLDEN, observed)
    assert len(lines) == 2
    assert lines[0].startswith(f"packages naming {EXTENSION_ID}")
    assert lines[1] == "claude-code asked_for_skills: golden False, seen True"
    assert differences(GOLDEN, GOLDEN) == []


def test_a_file_belongs_to_its_innermost_package() -> None:
    modules = Path("/x/node_modules")
    assert _package_of("/x/node_modules/@a/b/dist/c.js", modules) == "@a/b"
    assert _package_of("/x/node_modules/d/bin/d", modules) == "d"
    assert _package_of("/x/node_modules/d/node_modules/@e/f/g.js", modules) == "@e/f"


# --- the lab's skills server, over stdio ---------------------------------------------------


def _talk(skills: Path, log: Path, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    lines = "".join(json.dumps(request) + "\n" for request in requests)
    done = subprocess.run(
        [sys.executable, str(SERVER), str(skills), str(log)],
        input=lines,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_server_serves_a_folder_of_skills_through_the_extension(tmp_path: Path) -> None:
    text = "---\nname: notes\ndescription: Write notes.\n---\n# Notes\n"
    (tmp_path / "skills" / "notes").mkdir(parents=True)
    (tmp_path / "skills" / "notes" / "SKILL.md").write_text(text, encoding="utf-8")
    log = tmp_path / "asked.log"
    uri = "skill://notes/SKILL.md"
    replies = _talk(
        tmp_path / "skills",
        log,
        [
            {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "skills/list", "params": {}},
            {"jsonrpc": "2.0", "id": 3, "method": "skills/get", "params": {"uri": uri}},
            {"jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": {"uri": uri}},
            {
                "jsonrpc": "2.0",
                "id": 5,
                "method": "skills/get",
                "params": {"uri": "skill://x/SKILL.md"},
            },
            {"jsonrpc": "2.0", "id": 6, "method": "no/such", "params": {}},
        ],
    )
    assert [reply["id"] for reply in replies] == [1, 2, 3, 4, 5, 6]
    discover = replies[0]["result"]
    assert discover["supportedVersions"] == ["2026-07-28"]
    assert EXTENSION_ID in discover["capabilities"]["extensions"]
    assert "resources" in discover["capabilities"]
    entry = {
        "uri": uri,
        "frontmatter": {"name": "notes", "description": "Write notes."},
        "resources": [
            {
                "uri": uri,
                "digest": "sha256:" + hashlib.sha256(text.encode()).hexdigest(),
                "size": len(text.encode()),
            }
        ],
    }
    assert replies[1]["result"]["skills"] == [entry]
    assert replies[1]["result"]["resultType"] == "complete"
    assert replies[2]["result"]["skill"] == entry
    assert replies[3]["result"]["contents"][0]["text"] == text
    assert replies[4]["error"]["code"] == -32602
    assert replies[5]["error"]["code"] == -32601
    assert log.read_text(encoding="utf-8").split() == [
        "server/discover",
        "notifications/initialized",
        "skills/list",
        "skills/get",
        "resources/read",
        "skills/get",
        "no/such",
    ]
