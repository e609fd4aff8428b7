"""Diagnostics end to end: push (minimal profile) or pull (VS Code-like), never both."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from .support import (
    RecordingClient,
    codes,
    diagnostics_for,
    edit,
    expected_findings,
    found,
    make_skill,
    open_doc,
    position_of,
    replace_all,
    wait_until,
)

pytestmark = pytest.mark.asyncio(loop_scope="session")

BROKEN = "---\nname: Bad_Name\ndescription: Fills forms. Use when asked.\n---\n# Body\n"


async def test_open_reports_exact_codes_and_ranges(client: RecordingClient) -> None:
    path = make_skill(client.root, BROKEN, name="pdf")
    uri = open_doc(client, path)
    got = await diagnostics_for(client, uri)
    assert found(got) == expected_findings(path, BROKEN)
    name_charset = next(d for d in got if d.code == "SKL104")
    assert name_charset.source == "skill-ls"
    assert name_charset.severity == types.DiagnosticSeverity.Error
    assert name_charset.range == types.Range(
        start=types.Position(line=1, character=6), end=types.Position(line=1, character=11)
    )


async def test_push_or_pull_never_both(client: RecordingClient) -> None:
    assert client.init_result is not None
    advertised = client.init_result.capabilities.diagnostic_provider is not None
    assert advertised == client.pulls
    path = make_skill(client.root, BROKEN)
    uri = open_doc(client, path)
    got = await diagnostics_for(client, uri)
    assert "SKL104" in codes(got)
    if client.pulls:
        await asyncio.sleep(0.3)
        assert uri not in client.published, "a pull client must not also get pushed diagnostics"


async def test_code_description_links_rule_docs(client: RecordingClient) -> None:
    uri = open_doc(client, make_skill(client.root, BROKEN))
    got = await diagnostics_for(client, uri)
    described = [d.code_description for d in got]
    if client.profile == "vscode":
        assert all(d is not None and "skl" in d.href for d in described)
    else:
        assert all(d is None for d in described)  # Neovim 0.7 did not ask for them


async def test_positions_are_utf16(client: RecordingClient) -> None:
    # Each emoji is one code point but two UTF-16 code units.
    path = make_skill(client.root, "")
    text = (
        f"---\nname: {path.parent.name}\ndescription: Fills forms. Use when asked.\n---\n"
        "😀😀 then run `scripts/missing.py`.\n"
    )
    uri = open_doc(client, path, text)
    got = await diagnostics_for(client, uri)
    missing = next(d for d in got if d.code == "SKL403")
    assert missing.range.start == position_of(text, "scripts/missing.py")
    assert missing.range.start.character == 2 * 2 + len(" then run `")


async def test_burst_of_200_edits_ends_with_the_final_text(client: RecordingClient) -> None:
    text = "---\nname: burst\ndescription: Fills forms. Use when asked.\n---\n# Body\n"
    path = make_skill(client.root, text, name="burst")
    uri = open_doc(client, path, text)
    # 200 one-character edits on the name line: x, then y, ... final name "burst" + 100 chars.
    line = "name: burst"
    for number in range(200):
        version = number + 2
        if number % 2 == 0:
            edit(client, uri, version, 1, len(line), len(line), "_X")
            line += "_X"
        else:
            edit(client, uri, version, 1, len(line) - 1, len(line), "y")
            line = line[:-1] + "y"
    final = text.replace("name: burst", line)
    got = await diagnostics_for(client, uri, version=201)
    assert found(got) == expected_findings(path, final)
    assert "SKL104" in codes(got)
    if not client.pulls:
        versions: list[int] = []
        for pushed in client.published[uri]:
            assert pushed.version is not None, "a push for an open document names its version"
            versions.append(pushed.version)
        assert versions == sorted(versions), "an older result was published after a newer one"
        assert versions[-1] == 201
        assert len(versions) < 200, "stale versions should have been skipped"


async def test_edit_clears_and_close_empties(client: RecordingClient) -> None:
    path = make_skill(client.root, BROKEN)
    uri = open_doc(client, path)
    assert "SKL104" in codes(await diagnostics_for(client, uri))
    fixed = BROKEN.replace("Bad_Name", path.parent.name)
    replace_all(client, uri, fixed, 2)
    assert "SKL104" not in codes(await diagnostics_for(client, uri, version=2))
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    if not client.pulls:
        await wait_until(lambda: len(client.published[uri][-1].diagnostics) == 0)


async def test_creating_a_referenced_file_clears_missing_file(client: RecordingClient) -> None:
    text = (
        "---\nname: {name}\ndescription: Fills forms. Use when asked.\n---\n"
        "Read [the guide](references/guide.md).\n"
    )
    path = make_skill(client.root, "")
    text = text.format(name=path.parent.name)
    path.write_text(text, encoding="utf-8")
    uri = open_doc(client, path, text)
    assert "SKL403" in codes(await diagnostics_for(client, uri))
    guide = path.parent / "references" / "guide.md"
    guide.parent.mkdir()
    guide.write_text("# Guide\n", encoding="utf-8")
    guide_uri = guide.as_uri()
    before = len(client.published.get(uri, []))
    if client.profile == "vscode":
        refreshes = client.diagnostic_refresh_count
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=guide_uri, type=types.FileChangeType.Created)]
            )
        )
        await wait_until(lambda: client.diagnostic_refresh_count > refreshes)
        assert "SKL403" not in codes(await diagnostics_for(client, uri))
    else:
        # No file watching in Neovim 0.7: the editor opens and saves the new file.
        open_doc(client, guide, "# Guide\n")
        client.text_document_did_save(
            types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=guide_uri)
            )
        )
        await wait_until(lambda: len(client.published[uri]) > before)
        assert "SKL403" not in codes(client.published[uri][-1].diagnostics)


async def test_malformed_documents_never_kill_the_server(client: RecordingClient) -> None:
    nasty = [
        "",
        "---",
        "---\n---\n",
        "\ufeff---\r\nname: [a, {b: *c}]\r\n---\r\n",
        "---\nname: " + "[" * 5000 + "\n---\n",
        "---\n" + "key: &a [*a, *a]\n" * 200 + "---\n",
        "---\nname: x\0y\ndescription: \udc80\n---\n" + "`" * 3000,
        "\n\n\n---\nname: \t- - -\n  : : :\n---\n" + "[x](" * 1000,
        "---\n" + "a:\n " * 3000 + "---\n",
    ]
    for text in nasty:
        path = make_skill(client.root, "")
        uri = open_doc(client, path, text)
        await diagnostics_for(client, uri)
        middle = types.Position(line=1, character=3)
        document = types.TextDocumentIdentifier(uri=uri)
        await client.text_document_hover_async(
            types.HoverParams(text_document=document, position=middle)
        )
        await client.text_document_completion_async(
            types.CompletionParams(text_document=document, position=middle)
        )
        await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=document)
        )
        await client.text_document_folding_range_async(
            types.FoldingRangeParams(text_document=document)
        )
        await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=document,
                range=types.Range(start=middle, end=middle),
                context=types.CodeActionContext(diagnostics=[]),
            )
        )
    # Still alive and answering.
    listed = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="skill-ls.listClients", arguments=[])
    )
    assert listed is not None and listed["clients"]
