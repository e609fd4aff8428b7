"""The skills view's data (skill-ls.skillsView) and the skill-ls/indexChanged notification
that tells a client to ask again, over stdio."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from .support import RecordingClient, scanned, server_config, vscode_like, wait_until

pytestmark = pytest.mark.asyncio(loop_scope="function")

INDEX_CHANGED = "skill-ls/indexChanged"
TARGETS = ["claude-code", "copilot-cli", "cursor"]

SKILLS = {
    ".claude/skills/pdf/SKILL.md": (
        "---\nname: pdf\ndescription: Fills PDF forms. Use for PDFs.\n---\n"
    ),
    ".agents/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Another PDF skill.\n---\n",
    ".claude/skills/quiet/SKILL.md": (
        "---\nname: quiet\ndescription: Runs only when asked by name.\n"
        "disable-model-invocation: true\n---\n"
    ),
    ".claude/skills/empty/SKILL.md": "---\nname: empty\n---\nNo description.\n",
}


def workspace(root: Path) -> None:
    for relative, text in SKILLS.items():
        path = root / relative
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")


@contextlib.asynccontextmanager
async def view_client(
    root: Path, *, asks: bool
) -> AsyncIterator[tuple[RecordingClient, list[Any]]]:
    """A VS Code-like client of its own server; `asks`: it declares that it wants the
    index notification (as the extension does). Yields it and the notifications heard."""
    client = await server_config().start()
    assert isinstance(client, RecordingClient)
    heard: list[Any] = []

    def on_index_changed(params: Any) -> None:
        heard.append(params)

    client.feature(INDEX_CHANGED)(on_index_changed)
    capabilities = vscode_like()
    if asks:
        capabilities.experimental = {"skillLs": {"indexChanged": True}}
    client.set_configuration({"targetClients": TARGETS}, section="skillLs")
    client.root = root
    try:
        client.init_result = await client.initialize_session(
            types.InitializeParams(
                capabilities=capabilities,
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
                client_info=types.ClientInfo(name="pytest-skills-view"),
            )
        )
        yield client, heard
    finally:
        with contextlib.suppress(Exception):
            await client.shutdown_session()
        process = client._server  # pytest-lsp's own handle on the server process
        if process is not None and process.returncode is None:
            process.kill()
        await client.stop()  # type: ignore[no-untyped-call]


async def skills_view(client: RecordingClient) -> dict[str, Any]:
    result = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="skill-ls.skillsView", arguments=[])
    )
    assert isinstance(result, dict)
    return result


def relative(value: Any, root: str) -> Any:
    """The answer with the workspace folder written as `<ws>` (paths differ per run)."""
    if isinstance(value, str):
        return value.replace(root, "<ws>")
    if isinstance(value, list):
        return [relative(item, root) for item in value]
    if isinstance(value, dict):
        return {key: relative(item, root) for key, item in value.items()}
    return value


def skill(number: int, name: str, folder: str, description: str | None, **rest: Any) -> Any:
    return {
        "id": number,
        "name": name,
        "description": description,
        "path": f"<ws>/{folder}/SKILL.md",
        "folder": f"<ws>/{folder}",
        "scope": "project",
        "builtin": False,
        "provenance": f"project skill, {folder}/SKILL.md",
        "location": folder,
        "otherPaths": [],
        **rest,
    }


WORDS = {
    "loaded": "loaded",
    "hidden-from-model": "loaded, hidden from the model",
    "shadowed": "shadowed",
    "skipped": "skipped",
}


def item(number: int, status: str, detail: str) -> dict[str, Any]:
    return {"skill": number, "status": status, "statusText": WORDS[status], "detail": detail}


async def test_the_view_lists_every_skill_with_each_agents_verdict(tmp_path: Path) -> None:
    workspace(tmp_path)
    async with view_client(tmp_path, asks=True) as (client, _):
        await scanned(client)
        view = relative(await skills_view(client), str(tmp_path))

    hidden_note = "drops a skill with `disable-model-invocation: true`"  # cut after the code
    assert view["skills"] == [
        skill(
            0, "empty", ".claude/skills/empty", None, status="loaded",
            summary="Loaded by Claude Code, Copilot CLI"
            " · skipped by Cursor (it has no description)",
        ),
        skill(
            1, "pdf", ".agents/skills/pdf", "Another PDF skill.", status="loaded",
            summary="Loaded by Copilot CLI, Cursor · not in a folder read by Claude Code",
        ),
        skill(
            2, "pdf", ".claude/skills/pdf", "Fills PDF forms. Use for PDFs.", status="loaded",
            summary="Loaded by Claude Code · shadowed in Copilot CLI, Cursor by .agents/skills/pdf",
        ),
        skill(
            3, "quiet", ".claude/skills/quiet", "Runs only when asked by name.",
            status="hidden-from-model",
            summary="Hidden from the model by Claude Code, Cursor"
            f" · skipped by Copilot CLI ({hidden_note})",
        ),
    ]  # fmt: skip
    # By agent: each target agent, every copy it finds and what it does with it.
    assert view["byAgent"] == [
        {"id": "claude-code", "label": "Claude Code", "items": [
            item(0, "loaded", "Claude Code: loaded"),
            item(2, "loaded", "Claude Code: loaded"),
            item(3, "hidden-from-model", "Claude Code: loaded, hidden from the model"),
        ]},
        {"id": "copilot-cli", "label": "Copilot CLI", "items": [
            item(0, "loaded", "Copilot CLI: loaded"),
            item(1, "loaded", "Copilot CLI: loaded"),
            item(2, "shadowed", "Copilot CLI: shadowed by .agents/skills/pdf"),
            item(3, "skipped",
                 "Copilot CLI: skipped, drops a skill with `disable-model-invocation: true`:"
                 " it is not loaded at all, so neither the catalog nor an activation can reach it"),
        ]},
        {"id": "cursor", "label": "Cursor", "items": [
            item(0, "skipped", "Cursor: skipped, it has no description"),
            item(1, "loaded", "Cursor: loaded"),
            item(2, "shadowed", "Cursor: shadowed by .agents/skills/pdf"),
            item(3, "hidden-from-model", "Cursor: loaded, hidden from the model"),
        ]},
    ]  # fmt: skip
    # By folder: each root holding skills, with the summary over the target agents.
    summaries = [s["summary"] for s in view["skills"]]
    assert view["byFolder"] == [
        {"label": ".agents/skills (project)", "scope": "project", "items": [
            item(1, "loaded", summaries[1]),
        ]},
        {"label": ".claude/skills (project)", "scope": "project", "items": [
            item(0, "loaded", summaries[0]),
            item(2, "loaded", summaries[2]),
            item(3, "hidden-from-model", summaries[3]),
        ]},
    ]  # fmt: skip


async def test_an_index_change_is_announced_once_to_a_client_that_asks(tmp_path: Path) -> None:
    workspace(tmp_path)
    async with view_client(tmp_path, asks=True) as (client, heard):
        await scanned(client)
        await wait_until(lambda: len(heard) >= 1)
        seen = len(heard)
        added = tmp_path / ".claude" / "skills" / "fresh" / "SKILL.md"
        added.parent.mkdir(parents=True)
        added.write_text("---\nname: fresh\ndescription: New. Use when new.\n---\n", "utf-8")
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=added.as_uri(), type=types.FileChangeType.Created)]
            )
        )
        await wait_until(lambda: len(heard) > seen)
        names = [s["name"] for s in (await skills_view(client))["skills"]]
    assert names == ["empty", "fresh", "pdf", "pdf", "quiet"]
    # One file event, one notification (debounced), carrying the index generation.
    assert len(heard) == seen + 1
    assert isinstance(heard[-1].generation, int)


async def test_a_client_that_does_not_ask_hears_nothing(tmp_path: Path) -> None:
    workspace(tmp_path)
    async with view_client(tmp_path, asks=False) as (client, heard):
        await scanned(client)
        view = await skills_view(client)
    assert len(view["skills"]) == 4
    assert heard == []


async def test_asked_for_as_soon_as_the_server_runs_it_answers_with_the_scanned_skills(
    tmp_path: Path,
) -> None:
    # A client (a restarted server's too) asks for the tree as soon as the server runs,
    # before its first scan ends: the answer is the scanned workspace, not an empty one.
    for number in range(400):
        path = tmp_path / ".agents" / "skills" / f"filler-{number:03}" / "SKILL.md"
        path.parent.mkdir(parents=True)
        path.write_text(
            f"---\nname: filler-{number:03}\ndescription: Filler. Use when asked.\n---\n",
            encoding="utf-8",
        )
    async with view_client(tmp_path, asks=True) as (client, _):
        data = await skills_view(client)
    assert len(data["skills"]) == 400
