"""The Neovim plugin (editors/nvim) in real headless Neovims, 0.11 and Debian's 0.7.

`nvim --clean` with only the plugin on 'runtimepath' and `require("skill_ls").setup()` as
the whole config opens the broken fixture skill. What must hold, beside the diagnostics:

- the plugin's settings reach the server: Codex as the only target makes Codex the
  previews' default agent and the lens name only Codex, and Neovim answers the server's
  workspace/configuration with them;
- the code lens arrives without the driver asking (the plugin refreshes on attach and on
  the server's `skill-ls/indexChanged`), and a skill added on disk plus a rescan changes it;
- `:SkillLsCatalog`, `:SkillLsActivation` and the lens's action open a read-only Markdown
  scratch split: the catalog's lines hold Codex's entry for the skill and are those of
  `:SkillLsCatalog codex`; the activation's are exactly the server's text over stdio.
- an agent the server does not know is its error message and no split; <Tab> completes
  the agent ids from the server's list.

The lens on InsertLeave is checked on a skill that the workspace's agents disagree on, as
test_neovim_code_lens.py does with the documented autocommand.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from skill_ls.cli import main
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID
from tests.lsp.support import fresh_server, open_doc

from .expected import DESCRIPTION, single_file
from .real_editors import SKILL, WORKSPACE, nvim_011, nvim_07, run_nvim_plugin, session
from .test_neovim_code_lens import AFTER, BEFORE, FLAG_LINE, UNFLAGGED, assert_lens, quiet_session

SETTINGS = {"targetClients": ["codex"]}
LENS_COMMAND = "skillLs.showActivationPreview"
ERROR = 4  # vim.log.levels.ERROR
# A second skill named as the fixture's: Codex then loads neither (a name conflict).
COPY = Path(".agents/skills/pdf-copy/SKILL.md")
LOADED = "Loaded by OpenAI Codex"
CONFLICT = "Skipped by OpenAI Codex (conflict)"
COPY_TEXT = (
    "---\n"
    "name: PDF_Tools\n"
    "description: Another copy of the PDF tools. Use when the user mentions PDFs.\n"
    "---\n"
    "\n"
    "Run the extractor.\n"
)
NVIMS = {"0.11": nvim_011, "0.7": nvim_07}
# Appended to the skill's body, so the activation preview holds it.
TRICKY = '\n| :qall! | <CR> %s "\\n" \\| `:!touch x` ]]\n'

# (code, severity 1=error 2=warning, 0-based range) with Codex the only target: Codex loads
# a name that does not match its folder, so SKL106 is a warning here (an error by default).
EXPECTED = [
    ("SKL104", 1, 1, 6, 1, 11),
    ("SKL106", 2, 1, 6, 1, 15),
    ("SKL403", 2, 8, 5, 8, 23),
]


CHECK_CODEX = ["check", "--format", "json", "--no-progress", "--client", "codex"]


def codex_messages() -> dict[str, str]:
    """The validator's messages for Codex as target, from `check --client codex`."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main([*CHECK_CODEX, str(WORKSPACE / SKILL)])
    assert code == 1
    return {d["code"]: d["message"] for d in json.loads(out.getvalue())["diagnostics"]}


def assert_codex_diagnostics(held: list[dict[str, Any]]) -> None:
    own = [d for d, keep in zip(held, single_file([d["code"] for d in held]), strict=True) if keep]
    assert [(d["code"], d["severity"], *d["range"]) for d in own] == EXPECTED, held
    messages = codex_messages()
    for d in own:
        assert d["source"] == "skill-ls", d
        assert d["message"] == messages[d["code"]], d


async def _server_view(root: Path, skill: Path) -> dict[str, Any]:
    """What the server says over stdio, with the plugin's settings as initialization
    options: the lens title and the activation text Codex gets for the skill."""
    async with fresh_server("minimal", root, options={"skillLs": SETTINGS}) as client:
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.reloadWorkspace", arguments=[])
        )
        uri = open_doc(client, skill)
        found = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        [lens] = found or []
        assert lens.command is not None
        activation = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.previewActivation", arguments=[uri])
        )
        assert isinstance(activation, dict), activation
        return {"title": lens.command.title, "activation": activation["text"]}


def server_view(root: Path, skill: Path) -> dict[str, Any]:
    return asyncio.run(_server_view(root, skill))


def assert_scratch(held: dict[str, Any], kind: str) -> None:
    """A split of its own, read-only Markdown, with no language server attached."""
    assert held["kind"] == kind, held
    assert held["windows"] == 2, held
    assert held["filetype"] == "markdown", held
    assert held["buftype"] == "nofile", held
    assert held["modifiable"] is False and held["readonly"] is True, held
    assert held["attached"] == 0, held


@pytest.mark.parametrize("version", NVIMS)
def test_plugin_settings_lens_previews_and_index_refresh(version: str, tmp_path: Path) -> None:
    nvim = NVIMS[version]()
    s = session(tmp_path)
    # Text that would do something if it reached a command line: it must come back as is.
    with s.skill.open("a", encoding="utf-8") as body:
        body.write(TRICKY)
    before = server_view(s.root, s.skill)
    run = run_nvim_plugin(
        nvim,
        {"settings": SETTINGS},
        s,
        {
            "client_name": "skill_ls",
            "steps": ["previews", "cmdline", "index_changed"],
            "previews": [
                {"run": "SkillLsCatalog"},
                {"run": "SkillLsActivation"},
                {"lens": True},
                {"run": "SkillLsCatalog codex"},
                {"run": "SkillLsCatalog no-such-agent", "refused": True},
            ],
            "cmdline": ["SkillLsCatalog co", "SkillLsActivation "],
            "index_changed": {"file": str(s.root / COPY), "text": COPY_TEXT, "title": CONFLICT},
        },
    )
    held = run.result
    assert held["version"].startswith(version + "."), held["version"]
    assert held["root_dir"] == str(s.root)
    # 0.11 pulls diagnostics, 0.7 is pushed them: the same findings either way.
    assert held["pull"] is (version == "0.11")
    assert_codex_diagnostics(held["diagnostics"])
    # 0.11 declares workspace/configuration: the server asked for its section (after
    # initialized, and again on didChangeConfiguration) and Neovim answered with the
    # plugin's settings each time. 0.7 does not: the settings came as initializationOptions
    # only (the SKL106 severity above and the lens below show they arrived).
    asked = held["configuration"]
    if version == "0.11":
        assert asked, "the server never asked for workspace/configuration"
        expected = {"items": [{"section": "skillLs"}], "answer": [SETTINGS]}
        assert all(a == expected for a in asked), asked
    else:
        assert asked == [], asked

    catalog, activation, lens_action, catalog_codex, unknown = held["previews"]
    assert_scratch(catalog, "catalog")
    # No agent named: the first target client, Codex, whose catalog wording this is.
    skills_dir = s.skill.parent.parent
    assert f"- `r1` = `{skills_dir}`" in catalog["lines"], catalog["lines"]
    entry = f"- PDF_Tools: {DESCRIPTION} (file: r1/pdf-tools/SKILL.md)"
    assert entry in catalog["lines"], catalog["lines"]
    assert catalog_codex["lines"] == catalog["lines"]

    assert_scratch(activation, "activation")
    assert activation["lines"] == before["activation"].split("\n")
    assert f"<path>{s.skill}</path>" in activation["lines"]
    assert TRICKY.strip("\n") in activation["lines"]
    # The lens's action opens the same activation preview.
    assert_scratch(lens_action, "activation")
    assert lens_action["lines"] == activation["lines"]

    # An agent the server does not know: its error as the message, and no split.
    known = ", ".join(CLIENTS_BY_ID)
    assert unknown == {
        "notified": {
            "message": f"skill-ls: unknown client 'no-such-agent' (known: {known})",
            "level": ERROR,
        },
        "windows": 1,
    }, unknown
    # <Tab> after the commands offers the agents of the server's list (skill-ls.listClients)
    # that start with what is typed.
    listed = [client.id for client in CLIENTS]
    assert held["cmdline"] == [[c for c in listed if c.startswith("co")], listed]

    change = held["index_changed"]
    assert change["refreshed"], f"no lens request after skill-ls/indexChanged: {change}"
    after = server_view(s.root, s.skill)
    assert (before["title"], after["title"]) == (LOADED, CONFLICT)
    assert change["held"]["lenses"] == [
        {
            "range": [0, 0, 0, 0],
            "title": after["title"],
            "command": LENS_COMMAND,
            "arguments": [s.skill.as_uri()],
        }
    ], change["held"]


@pytest.mark.parametrize("version", NVIMS)
def test_plugin_refreshes_the_lens_on_insert_leave(version: str, tmp_path: Path) -> None:
    nvim = NVIMS[version]()
    s = quiet_session(tmp_path)  # targets from the workspace's .skill-ls.toml
    run = run_nvim_plugin(
        nvim,
        {},
        s,
        {
            "client_name": "skill_ls",
            "steps": ["code_lens"],
            "code_lens": {
                "edit": [FLAG_LINE, FLAG_LINE + 1, []],
                "event": "InsertLeave",
                "titles": [BEFORE, AFTER],
            },
        },
    )
    held = run.result["code_lens"]
    assert held["lines"] == UNFLAGGED.splitlines()
    uri = s.skill.as_uri()
    assert_lens(held["before"], BEFORE, uri)
    assert_lens(held["after"], AFTER, uri)
