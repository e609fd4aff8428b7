"""The code lens above a SKILL.md's frontmatter: which agents load it, and the command that
opens the preview."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from skill_ls.server.code_lens import NOT_INDEXED, STILL_READING

from .support import RecordingClient, fresh_server, make_skill, open_doc, replace_all

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
        " Kilo Code CLI, Goose, Continue CLI, oh-my-pi",
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
        "Loaded by OpenCode, Kilo Code CLI, Goose, Continue CLI · hidden from the model by "
        "Claude Code, "
        "Copilot Chat (VS Code), Cursor, oh-my-pi · skipped by Copilot CLI "
        "(drops a skill with `disable-model-invocation: true`)"
    )
    replace_all(client, uri, flagged.replace("disable-model-invocation: true\n", ""), 2)
    [lens] = await lenses(client, uri)
    assert lens.command is not None
    assert lens.command.title == (
        "Loaded by Claude Code, Copilot Chat (VS Code), Copilot CLI, Cursor, OpenCode,"
        " Kilo Code CLI, Goose, Continue CLI, oh-my-pi"
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


async def test_a_lens_asked_for_before_the_first_scan_ends_is_never_a_false_verdict(
    tmp_path: Path,
) -> None:
    # Enough skills that the first scan is still running when the lens is asked for, right
    # after the document is opened: the index knows no file yet.
    skills = tmp_path / ".agents" / "skills"
    for number in range(400):
        folder = skills / f"filler-{number:03}"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(
            f"---\nname: filler-{number:03}\ndescription: Filler {number}. Use when asked.\n"
            "---\nBody.\n",
            encoding="utf-8",
        )
    path = skills / "early" / "SKILL.md"
    path.parent.mkdir()
    path.write_text(
        "---\nname: early\ndescription: Opened at once. Use when asked.\n---\nBody.\n",
        encoding="utf-8",
    )
    async with fresh_server("minimal", tmp_path) as client:
        uri = open_doc(client, path)
        [early] = await lenses(client, uri)
        await run(client, "skill-ls.reloadWorkspace")
        [later] = await lenses(client, uri)
    assert early.command is not None and later.command is not None
    assert later.command.title.startswith("Loaded by "), later.command.title
    assert early.command.title != NOT_INDEXED
    # It waited for the scan (or, past the wait, says that the workspace is still being read).
    assert early.command.title in (later.command.title, STILL_READING)
