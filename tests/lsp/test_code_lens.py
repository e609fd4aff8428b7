"""The code lens above a SKILL.md's frontmatter: which agents load it, and the command that
opens the preview."""

from __future__ import annotations

from typing import Any

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc, replace_all

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def run(client: RecordingClient, command: str, *arguments: Any) -> Any:
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=list(arguments))
    )


async def lenses(client: RecordingClient, uri: str) -> list[types.CodeLens]:
    found = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    return list(found or [])


async def test_the_lens_names_the_agents_that_load_the_skill(client: RecordingClient) -> None:
    await run(client, "skill-ls.reloadWorkspace")
    path = client.root / ".claude" / "skills" / "pdf-tools" / "SKILL.md"
    uri = open_doc(client, path)
    [lens] = await lenses(client, uri)
    assert lens.range == types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
    )
    assert lens.command is not None
    assert (lens.command.title, lens.command.command, list(lens.command.arguments or [])) == (
        "Loaded by Claude Code, Copilot Chat (VS Code), Copilot CLI, Cursor, OpenCode,"
        " Kilo Code CLI, Goose",
        "skillLs.showActivationPreview",
        [uri],
    )


async def test_the_lens_follows_the_buffer_at_once(client: RecordingClient) -> None:
    # Asked right after an edit, before any diagnostics of the new text: the lens judges
    # what is typed (Neovim asks for lenses itself after an edit; no refresh comes).
    flagged = (
        "---\nname: quiet\ndescription: Runs when asked. Use when asked.\n"
        "disable-model-invocation: true\n---\nBody.\n"
    )
    path = make_skill(client.root, flagged)
    uri = open_doc(client, path)
    [lens] = await lenses(client, uri)
    assert lens.command is not None
    assert lens.command.title == (
        "Loaded by OpenCode, Kilo Code CLI, Goose · hidden from the model by Claude Code, "
        "Copilot Chat (VS Code), Cursor · skipped by Copilot CLI "
        "(drops a skill with `disable-model-invocation: true`)"
    )
    replace_all(client, uri, flagged.replace("disable-model-invocation: true\n", ""), 2)
    [lens] = await lenses(client, uri)
    assert lens.command is not None
    assert lens.command.title == (
        "Loaded by Claude Code, Copilot Chat (VS Code), Copilot CLI, Cursor, OpenCode,"
        " Kilo Code CLI, Goose"
    )


async def test_a_file_outside_every_skill_folder(client: RecordingClient) -> None:
    path = client.root / "notes" / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "---\nname: notes\ndescription: Notes. Use when asked.\n---\nBody.\n"
    uri = open_doc(client, path, text)
    [lens] = await lenses(client, uri)
    assert lens.command is not None
    assert lens.command.title == (
        "No agent reads this file: it is not in a skill folder of the target agents"
    )


async def test_no_lens_outside_skill_files(client: RecordingClient) -> None:
    path = client.root / "README.md"
    uri = open_doc(client, path, "# Readme\n")
    assert await lenses(client, uri) == []
