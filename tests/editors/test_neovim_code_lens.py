"""The code lens in Neovim: above a SKILL.md's frontmatter, which agents load the skill.

The skill is one the workspace's target agents disagree on: with `disable-model-invocation:
true`, Codex and Gemini CLI load it, pi hides it from the model and Copilot CLI does not load
it at all. Neovim asks for the lenses
itself (`vim.lsp.codelens.refresh()`, which `:help` suggests running from an autocommand on
BufEnter, CursorHold and InsertLeave), once the workspace scan has ended and again after
the flag is deleted from the buffer. Neither 0.7 nor 0.11 declares
`workspace.codeLens.refreshSupport`, so the request right after the edit must already judge
the new text.

What Neovim holds (`vim.lsp.codelens.get`) and shows (the lens's virtual text) is compared
with the server's own answer over stdio for the same workspace and text, and with the
sentence written out here. Both Neovims run it: 0.7 has `vim.lsp.codelens` too.
"""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

from lsprotocol import types

from tests.lsp.support import fresh_server, open_doc, replace_all

from .real_editors import Session, nvim_011, nvim_07, run_nvim, session

FLAG_LINE = 3  # 0-based: `disable-model-invocation: true`
QUIET = (
    "---\n"
    "name: quiet\n"
    "description: Drafts release notes from the changelog. Use when asked for release notes.\n"
    "disable-model-invocation: true\n"
    "---\n"
    "\n"
    "# Release notes\n"
    "\n"
    "Read CHANGELOG.md and draft the notes.\n"
)
UNFLAGGED = QUIET.replace("disable-model-invocation: true\n", "")

# The workspace's target agents, so that the sentence is this test's own.
TARGETS = 'target-clients = ["codex", "copilot-cli", "gemini-cli", "pi"]\n'
BEFORE = (
    "Loaded by OpenAI Codex, Gemini CLI · hidden from the model by pi"
    " · skipped by Copilot CLI (drops a skill with `disable-model-invocation: true`)"
)
AFTER = "Loaded by OpenAI Codex, Copilot CLI, Gemini CLI, pi"


def quiet_session(tmp_path: Path) -> Session:
    """The fixture workspace plus the skill the agents disagree on, opened in the editor."""
    s = session(tmp_path)
    (s.root / ".skill-ls.toml").write_text(TARGETS, encoding="utf-8")
    skill = s.root / ".agents" / "skills" / "quiet" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(QUIET, encoding="utf-8")
    return dataclasses.replace(s, skill=skill)


async def _server_titles(root: Path, skill: Path) -> tuple[str, str]:
    """The lens title the server gives over stdio for the file, then for the edited text."""
    async with fresh_server("minimal", root) as client:
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.reloadWorkspace", arguments=[])
        )
        uri = open_doc(client, skill)
        titles: list[str] = []
        for version, text in ((1, None), (2, UNFLAGGED)):
            if text is not None:
                replace_all(client, uri, text, version)
            found = await client.text_document_code_lens_async(
                types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
            )
            [lens] = found or []
            assert lens.command is not None
            titles.append(lens.command.title)
        return titles[0], titles[1]


def server_titles(root: Path, skill: Path) -> tuple[str, str]:
    return asyncio.run(_server_titles(root, skill))


def assert_lens(held: dict[str, Any], title: str, uri: str) -> None:
    """One lens on the opening `---`, holding and showing exactly `title`."""
    assert held["lenses"] == [
        {
            "range": [0, 0, 0, 0],
            "title": title,
            "command": "skillLs.showActivationPreview",
            "arguments": [uri],
        }
    ], held
    assert held["shown"] == [{"line": 0, "text": title}], held


def check_code_lens(nvim: Path, snippet_name: str, tmp_path: Path) -> None:
    s = quiet_session(tmp_path)
    before, after = server_titles(s.root, s.skill)
    assert (before, after) == (BEFORE, AFTER)
    run = run_nvim(
        nvim,
        snippet_name,
        s,
        {
            "client_name": "skill_ls",
            "steps": ["code_lens"],
            "code_lens": {"edit": [FLAG_LINE, FLAG_LINE + 1, []]},
        },
    )
    held = run.result["code_lens"]
    assert held["lines"] == UNFLAGGED.splitlines()
    uri = s.skill.as_uri()
    assert_lens(held["before"], before, uri)
    assert_lens(held["after"], after, uri)


def test_neovim_011_shows_the_servers_code_lens_and_follows_an_edit(tmp_path: Path) -> None:
    check_code_lens(nvim_011(), "nvim-011", tmp_path)


def test_neovim_07_shows_the_servers_code_lens_and_follows_an_edit(tmp_path: Path) -> None:
    check_code_lens(nvim_07(), "nvim-07", tmp_path)
