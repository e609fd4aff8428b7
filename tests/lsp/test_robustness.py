"""Requests for unopened documents, odd URIs and out-of-range positions get answers, not
errors; the server keeps serving."""

from __future__ import annotations

from typing import Any

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="session")

FAR = types.Position(line=1_000_000, character=1_000_000)
NEGATIVE_ISH = types.Position(line=0, character=1_000_000)


async def every_request(client: RecordingClient, uri: str, position: types.Position) -> list[Any]:
    document = types.TextDocumentIdentifier(uri=uri)
    span = types.Range(start=position, end=position)
    answers: list[Any] = [
        await client.text_document_hover_async(
            types.HoverParams(text_document=document, position=position)
        ),
        await client.text_document_completion_async(
            types.CompletionParams(text_document=document, position=position)
        ),
        await client.text_document_definition_async(
            types.DefinitionParams(text_document=document, position=position)
        ),
        await client.text_document_references_async(
            types.ReferenceParams(
                text_document=document,
                position=position,
                context=types.ReferenceContext(include_declaration=True),
            )
        ),
        await client.text_document_document_link_async(
            types.DocumentLinkParams(text_document=document)
        ),
        await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=document)
        ),
        await client.text_document_folding_range_async(
            types.FoldingRangeParams(text_document=document)
        ),
        await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=document,
                range=span,
                context=types.CodeActionContext(diagnostics=[]),
            )
        ),
        await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(text_document=document, position=position)
        ),
        await client.text_document_rename_async(
            types.RenameParams(text_document=document, position=position, new_name="renamed")
        ),
    ]
    if client.pulls:
        answers.append(
            await client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=document)
            )
        )
    return answers


async def test_unopened_documents(client: RecordingClient) -> None:
    on_disk = make_skill(client.root, "---\nname: Bad\n---\nSee [x](x.md).\n")
    for uri in [
        on_disk.as_uri(),  # exists, never opened
        (client.root / "nowhere" / "SKILL.md").as_uri(),  # does not exist
        "untitled:Untitled-1",
        "https://example.com/SKILL.md",
    ]:
        for position in (types.Position(line=1, character=7), FAR, NEGATIVE_ISH):
            await every_request(client, uri, position)


async def test_out_of_range_positions_in_open_documents(client: RecordingClient) -> None:
    text = "---\nname: Bad_Name\nmetadata:\n  author: me\n---\nSee [x](x.md) 😀\n"
    uri = open_doc(client, make_skill(client.root, text), text)
    for position in (FAR, NEGATIVE_ISH, types.Position(line=5, character=17)):
        await every_request(client, uri, position)
    # An edit whose range lies past the end is clamped, not fatal.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=FAR, end=FAR), text="\nappended"
                )
            ],
        )
    )
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert symbols is not None


async def test_unopened_file_is_decoded_like_the_command_line(client: RecordingClient) -> None:
    if not client.pulls:
        pytest.skip("only pull clients ask for an unopened document's diagnostics")
    path = make_skill(client.root, "")
    path.write_bytes(b"---\nname: x\ndescription: caf\xe9 au lait\n---\n")
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri())
        )
    )
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert "SKL006" in {str(d.code) for d in report.items}
