"""Document links, go to definition, and find references from a bundled file."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

BODY = (
    "---\nname: x\n---\nRead [the guide](references/guide.md#setup) then run "
    "`scripts/run.py`.\nMissing: [m](references/missing.md).\n\n## Again\n\n"
    "See [guide](./references/guide.md).\n"
)


async def test_links_for_existing_references(client: RecordingClient) -> None:
    path = make_skill(client.root, "", files=["references/guide.md", "scripts/run.py"])
    path.write_text(BODY, encoding="utf-8")
    uri = open_doc(client, path, BODY)
    links = await client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert links is not None
    targets = sorted((link.range.start.line, link.target) for link in links)
    guide = (path.parent / "references" / "guide.md").as_uri()
    run = (path.parent / "scripts" / "run.py").as_uri()
    assert targets == [(3, guide), (3, run), (8, guide)]
    first = min(links, key=lambda link: (link.range.start.line, link.range.start.character))
    assert first.range.start == position_of(BODY, "references/guide.md#")
    assert first.range.end == position_of(BODY, "#setup")


async def test_definition_of_a_reference(client: RecordingClient) -> None:
    path = make_skill(client.root, "", files=["references/guide.md", "scripts/run.py"])
    path.write_text(BODY, encoding="utf-8")
    uri = open_doc(client, path, BODY)
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(BODY, "scripts/run.py", 3),
        )
    )
    assert result is not None and not isinstance(result, types.Location)
    target = (path.parent / "scripts" / "run.py").as_uri()
    first = result[0]
    if isinstance(first, types.LocationLink):
        assert first.target_uri == target
    else:
        assert isinstance(first, types.Location) and first.uri == target
    none = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(BODY, "Missing", 1),
        )
    )
    assert not none


async def test_references_from_a_bundled_file(client: RecordingClient) -> None:
    path = make_skill(client.root, "", files=["references/guide.md", "scripts/run.py"])
    path.write_text(BODY, encoding="utf-8")
    guide = path.parent / "references" / "guide.md"
    guide_uri = open_doc(client, guide)
    locations = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=guide_uri),
            position=types.Position(line=0, character=0),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert locations is not None
    spots = sorted((loc.uri, loc.range.start.line) for loc in locations)
    assert spots == [(path.as_uri(), 3), (path.as_uri(), 8)]
