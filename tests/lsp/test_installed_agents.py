"""The version of each agent the user runs, where the editor shows verdicts: the code lens
says plainly when an agent on PATH is newer than the version observed, the description's
hover names both. The install is laid out as npm lays it out; nothing is run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lsprotocol import types

from skill_ls.clients.table import CLIENTS_BY_ID
from tests.unit.agent_installs import npm_install

from .support import fresh_server, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

OBSERVED = CLIENTS_BY_ID["claude-code"].observed_version
TEXT = "---\nname: notes\ndescription: Takes notes. Use when asked to take notes.\n---\nBody.\n"


def _workspace(tmp_path: Path, claude_version: str) -> tuple[Path, dict[str, str]]:
    root = tmp_path / "ws"
    skill = root / ".claude" / "skills" / "notes" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(TEXT, encoding="utf-8")
    bin_dir = npm_install(
        tmp_path / "npm", "@anthropic-ai/claude-code", claude_version, "claude", "cli.js"
    )
    return skill, {"PATH": os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])}


async def _lens_and_hover(tmp_path: Path, claude_version: str) -> tuple[str, str]:
    skill, environ = _workspace(tmp_path, claude_version)
    async with fresh_server("vscode", skill.parents[3], environ=environ) as client:
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.reloadWorkspace", arguments=[])
        )
        uri = open_doc(client, skill, TEXT)
        lenses = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=position_of(TEXT, "Takes", 2),
            )
        )
    assert lenses is not None and len(lenses) == 1
    [lens] = lenses
    assert lens.command is not None
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    return lens.command.title, hover.contents.value


async def test_a_newer_agent_on_path_is_said_in_the_lens_and_the_hover(tmp_path: Path) -> None:
    title, hover = await _lens_and_hover(tmp_path, "99.0.0")
    note = f"you run Claude Code 99.0.0; observed: {OBSERVED}"
    assert title.startswith("Loaded by Claude Code"), title
    assert title.endswith(" · " + note), title
    assert f"Claude Code (observed in Claude Code {OBSERVED}; {note})" in hover, hover


async def test_the_observed_version_adds_nothing_to_the_lens(tmp_path: Path) -> None:
    assert OBSERVED is not None
    title, hover = await _lens_and_hover(tmp_path, OBSERVED)
    assert "you run" not in title, title
    assert f"you run Claude Code {OBSERVED}, the version observed" in hover, hover
