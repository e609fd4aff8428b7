"""skill-ls.vscodeDuplicates: the table the VS Code extension hides duplicate findings by."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from lsprotocol import types

from .support import REPO, RecordingClient

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_table_names_our_codes_and_vscodes_messages(client: RecordingClient) -> None:
    result: Any = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="skill-ls.vscodeDuplicates", arguments=[])
    )
    assert result["checker"] == (
        "VS Code's chat prompt validator (built-in extension vscode.prompt)"
    )
    assert result["observedIn"] == "VS Code 1.139.1 (code-server 4.139.1)"
    rows = [(d["code"], d["vscodeKey"], d["oursAdds"] is not None) for d in result["duplicates"]]
    assert rows == [
        ("SKL101", "promptValidator.skillNameMissing", False),
        ("SKL102", "promptValidator.nameMustBeString", False),
        ("SKL103", "promptValidator.nameShouldNotBeEmpty", False),
        ("SKL104", "promptValidator.skillNameInvalidChars", False),
        ("SKL106", "promptValidator.skillNameFolderMismatch", False),
        ("SKL111", "promptValidator.skillDescriptionMissing", False),
        ("SKL112", "promptValidator.descriptionMustBeString", False),
        ("SKL113", "promptValidator.descriptionShouldNotBeEmpty", False),
        ("SKL301", "promptValidator.unknownAttribute.skill", True),
        ("SKL403", "promptValidator.fileNotFound", False),
    ]
    assert result["agentNames"][:3] == ["Agent Skills spec", "Claude Code", "OpenAI Codex"]

    # Every code is one of ours, as `skill-ls rules` lists them.
    listed = subprocess.run(
        [sys.executable, "-m", "skill_ls", "rules"],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    ).stdout
    codes = {line.split()[0] for line in listed.splitlines() if line.startswith("SKL")}
    assert {d["code"] for d in result["duplicates"]} <= codes
