"""An inlay hint after `description`: its length against the tightest cap of the targets."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="session")

WHOLE = types.Range(
    start=types.Position(line=0, character=0), end=types.Position(line=100, character=0)
)


async def hints(
    client: RecordingClient, uri: str, span: types.Range = WHOLE
) -> list[types.InlayHint]:
    found = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=uri), range=span)
    )
    return list(found or [])


async def test_the_description_count_follows_the_value(client: RecordingClient) -> None:
    text = "---\nname: counted\ndescription: Fills PDF forms. Use when asked.\n---\nBody.\n"
    uri = open_doc(client, make_skill(client.root, text, "counted"), text)
    [hint] = await hints(client, uri)
    assert hint.position == types.Position(line=2, character=45)
    assert hint.label == "32/1,024 (the spec, Copilot CLI)"
    assert hint.tooltip == (
        "32 characters; the tightest cap of the target agents is 1,024 (the spec, Copilot CLI)"
    )


async def test_a_block_description_gets_its_count_on_its_last_line(
    client: RecordingClient,
) -> None:
    text = "---\nname: folded\ndescription: >-\n  Fills forms.\n  Use when asked.\n---\nBody.\n"
    uri = open_doc(client, make_skill(client.root, text, "folded"), text)
    [hint] = await hints(client, uri)
    assert hint.position == types.Position(line=4, character=17)
    assert hint.label == "28/1,024 (the spec, Copilot CLI)"


async def test_no_hint_outside_the_range_asked_or_without_a_description(
    client: RecordingClient,
) -> None:
    text = "---\nname: quiet\ndescription: Short. Use when asked.\n---\nBody.\n"
    uri = open_doc(client, make_skill(client.root, text, "quiet"), text)
    body_only = types.Range(
        start=types.Position(line=4, character=0), end=types.Position(line=5, character=0)
    )
    assert await hints(client, uri, body_only) == []
    bare = "---\nname: bare\n---\nBody.\n"
    uri = open_doc(client, make_skill(client.root, bare, "bare"), bare)
    assert await hints(client, uri) == []
