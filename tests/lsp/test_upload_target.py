"""The server with the Claude API / claude.ai upload among the target clients: its refusals
come as diagnostics, and the features that list agents (lens, skills view, hover) keep
answering although the upload discovers no skill."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .support import diagnostics_for, fresh_server, make_skill, open_doc, scanned

UPLOAD = "Claude API / claude.ai upload"
TEXT = (
    "---\n"
    "name: claude-helper\n"
    "description: Formats <example> blocks as tables. Use when a report has examples.\n"
    'argument-hint: "[file]"\n'
    "---\n"
    "# Helper\n"
)


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_the_upload_refusals_are_diagnostics(profile: str, tmp_path: Path) -> None:
    options = {"skillLs": {"targetClients": ["claude-code", "claude-api"]}}
    async with fresh_server(profile, tmp_path, options=options) as client:
        await scanned(client)
        path = make_skill(tmp_path, TEXT, name="claude-helper")
        uri = open_doc(client, path)
        found = {
            (d.code, d.severity, d.range.start.line, d.message)
            for d in await diagnostics_for(client, uri)
            if d.code in ("SKL125", "SKL126", "SKL301")
        }
        error = types.DiagnosticSeverity.Error
        assert found == {
            (
                "SKL125",
                error,
                1,
                f"`name` contains the reserved word `claude`: {UPLOAD} refuses the skill",
            ),
            (
                "SKL126",
                error,
                2,
                f"`description` holds the XML tag `<example>`: {UPLOAD} refuses the skill",
            ),
            (
                "SKL301",
                error,
                3,
                f"`argument-hint` is honoured by Claude Code; {UPLOAD} refuses a skill that has it",
            ),
        }
        lenses = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert lenses and lenses[0].command is not None
        assert "Claude Code" in lenses[0].command.title
        view = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.skillsView", arguments=[])
        )
        assert isinstance(view, dict) and view
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=2, character=3),
            )
        )
        assert hover is not None
