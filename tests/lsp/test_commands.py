"""workspace/executeCommand: clients, skills, one skill's findings, resources, previews."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from lsprotocol import types

from .support import REPO, RecordingClient, make_skill, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def run(client: RecordingClient, command: str, *arguments: Any) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=list(arguments))
    )


async def test_commands_are_advertised(client: RecordingClient) -> None:
    assert client.init_result is not None
    provider = client.init_result.capabilities.execute_command_provider
    assert provider is not None
    assert set(provider.commands) >= {
        "skill-ls.previewCatalog",
        "skill-ls.previewActivation",
        "skill-ls.listSkills",
        "skill-ls.listClients",
        "skill-ls.lintSkill",
        "skill-ls.readResource",
        "skill-ls.reloadWorkspace",
    }


async def test_list_clients(client: RecordingClient) -> None:
    result = await run(client, "skill-ls.listClients")
    ids = [c["id"] for c in result["clients"]]
    assert "claude-code" in ids and "yoi" in ids
    assert all(set(c) == {"id", "name"} for c in result["clients"])


async def test_list_skills_after_reload(client: RecordingClient) -> None:
    reloaded = await run(client, "skill-ls.reloadWorkspace")
    assert reloaded["skills"] >= 1
    skills = (await run(client, "skill-ls.listSkills"))["skills"]
    pdf = next(s for s in skills if s["name"] == "pdf-tools")
    assert pdf["path"].endswith(os.path.join(".claude", "skills", "pdf-tools", "SKILL.md"))
    assert pdf["scope"] == "project"
    assert "claude-code" in pdf["clients"]
    assert pdf["status"] == "loaded"
    assert pdf["description"].startswith("Fills and merges PDF forms")


async def test_lint_skill_matches_check_json(client: RecordingClient) -> None:
    path = make_skill(client.root, "---\nname: Bad\ndescription: x\n---\n")
    await run(client, "skill-ls.reloadWorkspace")  # a path is taken once the index knows it
    result = await run(client, "skill-ls.lintSkill", path.as_uri())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "skill_ls",
            "check",
            "--format",
            "json",
            "--severity",
            "hint",
            str(path),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )
    expected = json.loads(done.stdout)
    assert result["schema"] == expected["schema"]
    assert set(result) == set(expected)
    assert result["summary"] == expected["summary"], (
        [d["code"] for d in result["diagnostics"]],
        [d["code"] for d in expected["diagnostics"]],
    )

    def shape(report: dict[str, Any]) -> list[tuple[str, str, Any]]:
        return [(d["code"], d["message"], d["range"]) for d in report["diagnostics"]]

    assert shape(result) == shape(expected)
    assert set(result["diagnostics"][0]) == set(expected["diagnostics"][0])


async def test_lint_skill_by_name_uses_the_open_buffer(client: RecordingClient) -> None:
    path = make_skill(client.root, "---\nname: on-disk\n---\n")
    text = f"---\nname: {path.parent.name}\ndescription: Fills forms. Use when asked.\n---\n"
    open_doc(client, path, text)
    result = await run(client, "skill-ls.lintSkill", path.parent.name)
    found = [d["code"] for d in result["diagnostics"]]
    # On disk the name is wrong and the description missing; the buffer fixed both.
    assert "SKL106" not in found and "SKL111" not in found, found


async def test_read_resource_inside_only(client: RecordingClient) -> None:
    path = make_skill(client.root, "", files=["references/guide.md"])
    name = path.parent.name
    path.write_text(f"---\nname: {name}\ndescription: Reads. Use when asked.\n---\n")
    outside = path.parent.parent / "secret.txt"
    outside.write_text("TOP SECRET\n", encoding="utf-8")
    (path.parent / "link.txt").symlink_to(outside)
    await run(client, "skill-ls.reloadWorkspace")
    read = await run(client, "skill-ls.readResource", name, "references/guide.md")
    assert read["text"].startswith("# references/guide.md")
    assert read["relativePath"] == "references/guide.md"
    for escape in ["../secret.txt", str(outside), "link.txt", "references/../../secret.txt"]:
        with pytest.raises(Exception, match="not a file inside"):
            await run(client, "skill-ls.readResource", name, escape)
    with pytest.raises(Exception, match="does not exist"):
        await run(client, "skill-ls.readResource", name, "references/nope.md")
    with pytest.raises(Exception, match="no skill named"):
        await run(client, "skill-ls.readResource", "no-such-skill", "x.md")


async def test_preview_catalog(client: RecordingClient) -> None:
    await run(client, "skill-ls.reloadWorkspace")
    result = await run(client, "skill-ls.previewCatalog", client.root.as_uri(), "claude-code")
    assert result["client"] == "claude-code" and result["clientName"] == "Claude Code"
    assert result["characters"] == len(result["text"])
    # Claude Code's budget: 1% of its default model's 1,000,000-token window, 3 chars a token.
    assert result["tokens"] > 0 and result["budget"] == 30_000
    assert "truncatedAt" in result
    entry = next(e for e in result["entries"] if e["name"] == "pdf-tools")
    assert set(entry) == {"name", "description", "location", "characters", "hidden", "truncated"}
    assert entry["location"].endswith("pdf-tools/SKILL.md")
    assert "- pdf-tools: Fills and merges PDF forms" in result["text"]
    # Claude Code has no structured catalog of its own; Yoi does.
    assert "skills" not in result
    yoi = await run(client, "skill-ls.previewCatalog", client.root.as_uri(), "yoi")
    assert yoi["skills"]["schema"].startswith("skill-ls/yoi-catalog")
    with pytest.raises(Exception, match="unknown client"):
        await run(client, "skill-ls.previewCatalog", client.root.as_uri(), "nope")


async def test_preview_catalog_names_the_mcp_servers_an_agent_may_list_skills_from(
    client: RecordingClient,
) -> None:
    # A project's .mcp.json: Claude Code may list skills its servers serve, which skill-ls
    # never starts, so the preview says so; Codex never asks a server for skills.
    config = client.root / ".mcp.json"
    config.write_text('{"mcpServers": {"docs": {"command": "docs-server"}}}', encoding="utf-8")
    try:
        claude = await run(client, "skill-ls.previewCatalog", client.root.as_uri(), "claude-code")
        assert len(claude["notes"]) == 1
        note = claude["notes"][0]
        assert note.startswith("Claude Code may also list skills served by MCP server `docs`")
        assert "(.mcp.json)" in note and "skill-ls does not start MCP servers" in note
        assert "docs-server" not in note  # the command is never shown, nor run
        codex = await run(client, "skill-ls.previewCatalog", client.root.as_uri(), "codex")
        assert codex["notes"] == []
    finally:
        config.unlink()
    claude = await run(client, "skill-ls.previewCatalog", client.root.as_uri(), "claude-code")
    assert claude["notes"] == []


async def test_preview_activation_uses_the_buffer(client: RecordingClient) -> None:
    path = make_skill(client.root, "", files=["scripts/run.py"])
    text = (
        f"---\nname: {path.parent.name}\ndescription: Runs. Use when asked.\n---\n"
        "Unsaved instructions.\n"
    )
    uri = open_doc(client, path, text)
    result = await run(client, "skill-ls.previewActivation", uri, "agentskills")
    assert result["name"] == path.parent.name
    assert result["clientName"] == "Agent Skills spec"
    assert "Unsaved instructions." in result["text"]
    assert "<file>scripts/run.py</file>" in result["text"]
    assert result["characters"] == len(result["text"])
    claude = await run(client, "skill-ls.previewActivation", uri, "claude-code")
    assert claude["text"].startswith("Base directory for this skill: ")


async def test_previews_without_a_client_use_the_documents_first_agent(
    client: RecordingClient,
) -> None:
    await run(client, "skill-ls.reloadWorkspace")
    uri = (client.root / ".claude" / "skills" / "pdf-tools" / "SKILL.md").as_uri()
    # No targets are set: the agents that discover `.claude/skills`, Claude Code first.
    for arguments in ([uri], [uri, None], [uri, ""]):
        activation = await run(client, "skill-ls.previewActivation", *arguments)
        assert activation["client"] == "claude-code"
        catalog = await run(client, "skill-ls.previewCatalog", *arguments)
        assert catalog["client"] == "claude-code"
    # A folder: the workspace's audience (every client, in the table's order).
    workspace = await run(client, "skill-ls.previewCatalog", client.root.as_uri())
    assert workspace["client"] == "agentskills"


async def test_bad_arguments_are_errors_not_crashes(client: RecordingClient) -> None:
    with pytest.raises(Exception, match="argument 1"):
        await run(client, "skill-ls.lintSkill")
    with pytest.raises(Exception, match="argument 2"):
        await run(client, "skill-ls.readResource", "pdf-tools", 42)
    assert (await run(client, "skill-ls.listClients"))["clients"]
