"""Mentions of skills in the editor: a CLAUDE.md or command file gets its SKL701 findings
and no other skill-ls finding, pushed or pulled; go to definition from a mention leads to
the SKILL.md the agent would load. Over tests/fixtures/workspaces/mentions, copied."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lsprotocol import types

from .support import (
    RecordingClient,
    complete,
    diagnostics_for,
    fresh_server,
    hover,
    open_doc,
    position_of,
    replace_all,
    scanned,
)

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "mentions"
SETTINGS = {"targetClients": ["claude-code", "codex"]}


def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(FIXTURE, root)
    return root


def shown(diagnostics: list[types.Diagnostic]) -> list[tuple[str, int, int, str]]:
    return [
        (str(d.code), d.range.start.line, d.range.start.character, d.message) for d in diagnostics
    ]


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_a_command_file_shows_its_typo_only(profile: str, tmp_path: Path) -> None:
    root = project(tmp_path)
    command = root / ".claude" / "commands" / "release.md"
    async with fresh_server(profile, root, settings=SETTINGS) as client:
        await scanned(client)
        uri = open_doc(client, command)
        assert shown(await diagnostics_for(client, uri)) == [
            ("SKL701", 4, 26, "'/deplyo' calls no skill Claude Code knows; did you mean '/deploy'?")
        ]
        # A CLAUDE.md with no frontmatter, no name, no description: no other finding.
        claude = open_doc(client, root / "CLAUDE.md")
        assert await diagnostics_for(client, claude) == []
        # Edited to a typo, then fixed.
        replace_all(client, claude, "Ship with /deploi.\n", 2)
        assert [d.message for d in await diagnostics_for(client, claude, 2)] == [
            "'/deploi' calls no skill Claude Code knows; did you mean '/deploy'?"
        ]
        replace_all(client, claude, "Ship with /deploy.\n", 3)
        assert await diagnostics_for(client, claude, 3) == []


async def test_a_file_no_agent_reads_gets_nothing(tmp_path: Path) -> None:
    root = project(tmp_path)
    notes = root / "NOTES.md"
    notes.write_text("Ship with /deplyo.\n", encoding="utf-8")
    async with fresh_server("vscode", root, settings=SETTINGS) as client:
        await scanned(client)
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=open_doc(client, notes))
            )
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        assert list(report.items) == []


async def definition(client: RecordingClient, uri: str, position: types.Position) -> list[str]:
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position
        )
    )
    if result is None:
        return []
    assert isinstance(result, list)
    return [
        item.target_uri if isinstance(item, types.LocationLink) else item.uri
        for item in result
        if isinstance(item, types.LocationLink | types.Location)
    ]


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_definition_of_a_mention(profile: str, tmp_path: Path) -> None:
    root = project(tmp_path)
    deploy = root / ".claude" / "skills" / "deploy" / "SKILL.md"
    tools = root / ".agents" / "skills" / "pdf-tools" / "SKILL.md"
    async with fresh_server(profile, root, settings=SETTINGS) as client:
        await scanned(client)
        text = (root / "CLAUDE.md").read_text(encoding="utf-8")
        claude = open_doc(client, root / "CLAUDE.md")
        # Inside `/deploy staging` (an inline code span that opens with the mention).
        assert await definition(client, claude, position_of(text, "/deploy", 3)) == [
            deploy.as_uri()
        ]
        # `/help` is no skill; `/usr/bin` is a path in a code block.
        assert await definition(client, claude, position_of(text, "/help", 2)) == []
        assert await definition(client, claude, position_of(text, "/usr", 2)) == []
        # From a skill's body: `$pdf-tools` is the skill Codex loads.
        body = deploy.read_text(encoding="utf-8")
        skill = open_doc(client, deploy)
        assert await definition(client, skill, position_of(body, "$pdf-tools", 4)) == [
            tools.as_uri()
        ]


def callers(root: Path) -> dict[str, str]:
    """The fixture with `deploy` called by name in AGENTS.md and another skill's body."""
    agents = root / "AGENTS.md"
    agents.write_text(agents.read_text(encoding="utf-8") + "Ship with $deploy.\n", "utf-8")
    tools = root / ".agents" / "skills" / "pdf-tools" / "SKILL.md"
    tools.write_text(tools.read_text(encoding="utf-8") + "Then /skill:deploy it.\n", "utf-8")
    return {
        path.as_uri(): path.read_text(encoding="utf-8")
        for path in (root / "CLAUDE.md", agents, tools)
    }


def spots(texts: dict[str, str], uri: str, needle: str, offset: int) -> tuple[str, int, int]:
    at = position_of(texts[uri], needle, offset)
    return (uri, at.line, at.character)


def renamed(texts: dict[str, str], uri: str, needle: str, offset: int) -> tuple[int, int, str]:
    at = position_of(texts[uri], needle, offset)
    return (at.line, at.character, "ship")


async def test_references_and_rename_from_the_name(tmp_path: Path) -> None:
    root = project(tmp_path)
    texts = callers(root)
    claude, agents, tools = texts
    deploy = root / ".claude" / "skills" / "deploy" / "SKILL.md"
    text = deploy.read_text(encoding="utf-8")
    async with fresh_server("vscode", root, settings=SETTINGS) as client:
        await scanned(client)
        uri = open_doc(client, deploy)
        await diagnostics_for(client, uri)  # the settings (the targets) apply by then
        document = types.TextDocumentIdentifier(uri=uri)
        at_name = position_of(text, "deploy")
        found = await client.text_document_references_async(
            types.ReferenceParams(
                text_document=document,
                position=at_name,
                context=types.ReferenceContext(include_declaration=False),
            )
        )
        assert found is not None
        assert sorted(
            (loc.uri, loc.range.start.line, loc.range.start.character) for loc in found
        ) == sorted(
            [
                spots(texts, claude, "/deploy", 0),
                # No target agent honours `/skill:name`: the name is all there is to go by.
                spots(texts, tools, "/skill:deploy", 0),
                # Not AGENTS.md's `$deploy`: Codex reads it and has no `deploy` of its own
                # (it does not read .claude/skills), so it names no skill there.
            ]
        )
        edit = await client.text_document_rename_async(
            types.RenameParams(text_document=document, position=at_name, new_name="ship")
        )
        assert edit is not None
        changed: dict[str, list[tuple[int, int, str]]] = {}
        for change in edit.document_changes or []:
            if isinstance(change, types.TextDocumentEdit):
                changed.setdefault(change.text_document.uri, []).extend(
                    (e.range.start.line, e.range.start.character, e.new_text)
                    for e in change.edits
                    if isinstance(e, types.TextEdit)
                )
        # The name in each mention, not its sigil or prefix; the typo `/deplyo` is left.
        assert {u: sorted(e) for u, e in changed.items() if u != uri} == {
            claude: [renamed(texts, claude, "/deploy", 1)],
            tools: [renamed(texts, tools, "/skill:deploy", 7)],
        }
        assert agents not in changed


async def test_rename_follows_the_agent_reading_each_file(tmp_path: Path) -> None:
    # pdf-tools is Codex's (.agents/skills): AGENTS.md's `$pdf-tools` names it; the one in a
    # code block, `$pdf-tool`, is code.
    root = project(tmp_path)
    tools = root / ".agents" / "skills" / "pdf-tools" / "SKILL.md"
    agents = root / "AGENTS.md"
    text = agents.read_text(encoding="utf-8")
    async with fresh_server("vscode", root, settings=SETTINGS) as client:
        await scanned(client)
        uri = open_doc(client, tools)
        await diagnostics_for(client, uri)  # the settings (the targets) apply by then
        body = tools.read_text(encoding="utf-8")
        edit = await client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=position_of(body, "pdf-tools"),
                new_name="pdf-kit",
            )
        )
        assert edit is not None
        edits = [
            (e.range.start.line, e.range.start.character, e.new_text)
            for change in edit.document_changes or []
            if isinstance(change, types.TextDocumentEdit)
            and change.text_document.uri == agents.as_uri()
            for e in change.edits
            if isinstance(e, types.TextEdit)
        ]
        at = position_of(text, "$pdf-tools", 1)
        assert edits == [(at.line, at.character, "pdf-kit")]


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_completion_after_a_sigil_offers_what_the_readers_load(
    profile: str, tmp_path: Path
) -> None:
    root = project(tmp_path)
    async with fresh_server(profile, root, settings=SETTINGS) as client:
        await scanned(client)
        # CLAUDE.md is Claude Code's: `/` offers the skills it loads, its built-ins too.
        text = "# Notes\n\nRun /deplyo.\nThen /de\n\n```\n/de\n```\n"
        claude = open_doc(client, root / "CLAUDE.md", text)
        # Its findings come once the settings (the targets) apply: then ask.
        assert shown(await diagnostics_for(client, claude))[0][0] == "SKL701"
        items = await complete(client, claude, types.Position(line=3, character=8))
        labels = [item.label for item in items]
        assert labels[0] == "/deploy", labels
        assert "/simplify" in labels  # a built-in of Claude Code's
        assert not [label for label in labels if not label.startswith("/")]
        deploy = items[0]
        assert deploy.detail == "Claude Code · .claude/skills/deploy/SKILL.md"
        assert isinstance(deploy.text_edit, types.TextEdit)
        assert deploy.text_edit.new_text == "/deploy"
        edited = deploy.text_edit.range
        assert (edited.start.line, edited.start.character, edited.end.character) == (3, 5, 8)
        assert isinstance(deploy.documentation, types.MarkupContent)
        assert deploy.documentation.value.startswith("Deploys the service to staging")
        # In a code block nothing is a mention, so nothing is offered.
        assert await complete(client, claude, types.Position(line=6, character=3)) == []
        # AGENTS.md is Codex's (and, with no targets set, Droid's and Qwen Code's): `$` offers
        # Codex's skills; `/` none of them.
        agents_text = "# Agents\n\nUse $\n\nOr /\n"
        agents = open_doc(client, root / "AGENTS.md", agents_text)
        dollar = [
            i.label for i in await complete(client, agents, types.Position(line=2, character=5))
        ]
        assert "$pdf-tools" in dollar and "$deploy" not in dollar, dollar
        assert all(label.startswith("$") for label in dollar)
        slash = await complete(client, agents, types.Position(line=4, character=4))
        assert not [item for item in slash if "Codex" in (item.detail or "")]
        if profile == "vscode":  # the targets apply: of them only Codex reads it
            assert slash == []


async def test_hover_on_a_mention_shows_what_each_agent_lists(tmp_path: Path) -> None:
    root = project(tmp_path)
    async with fresh_server("vscode", root, settings=SETTINGS) as client:
        await scanned(client)
        text = (root / "CLAUDE.md").read_text(encoding="utf-8")
        claude = open_doc(client, root / "CLAUDE.md")
        shown_text = await hover(client, claude, position_of(text, "/deploy", 2))
        assert shown_text is not None
        assert shown_text.startswith(
            "`/deploy`\n\n**Claude Code** loads `.claude/skills/deploy/SKILL.md`"
        )
        assert "- deploy: Deploys the service to staging or production." in shown_text
        # No agent reading the file resolves `/help` (its finding says so); a path is no mention.
        assert await hover(client, claude, position_of(text, "/help", 2)) is None
        assert await hover(client, claude, position_of(text, "/usr", 2)) is None
