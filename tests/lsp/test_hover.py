"""Hover: key docs with the clients that honour or ignore the key, reference previews
(inside the skill folder only), and the catalog entry on `description`."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def hover(client: RecordingClient, uri: str, position: types.Position) -> str | None:
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position)
    )
    if result is None:
        return None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value


async def test_key_docs_and_clients(client: RecordingClient) -> None:
    text = "---\nname: x\neffort: high\nfoo: 1\n---\n"
    path = make_skill(client.root, text)
    uri = open_doc(client, path, text)
    effort = await hover(client, uri, types.Position(line=2, character=2))
    assert effort is not None
    assert "reasoning effort" in effort
    # Each client says where skill-ls knows it from: the lab's observation, or a citation.
    assert "Honoured by: Claude Code (observed in Claude Code 2.1.328)" in effort
    assert "Ignored by:" in effort and "OpenAI Codex" in effort
    unknown = await hover(client, uri, types.Position(line=3, character=1))
    assert unknown is not None and "metadata" in unknown


async def test_reference_shows_first_lines(client: RecordingClient) -> None:
    path = make_skill(client.root, "", files=["references/guide.md"])
    (path.parent.parent / "secret.md").write_text("TOP SECRET\n", encoding="utf-8")
    text = (
        "---\nname: x\n---\nRead [g](references/guide.md), [s](../secret.md) "
        "and [m](references/missing.md).\n"
    )
    path.write_text(text, encoding="utf-8")
    uri = open_doc(client, path, text)
    shown = await hover(client, uri, position_of(text, "references/guide.md", 2))
    assert shown is not None
    assert "references/guide.md" in shown and "line two" in shown
    outside = await hover(client, uri, position_of(text, "../secret.md", 2))
    assert outside is not None
    assert "outside the skill folder" in outside and "TOP SECRET" not in outside
    missing = await hover(client, uri, position_of(text, "references/missing.md", 2))
    assert missing is not None and "does not exist" in missing


async def test_description_shows_catalog_entries(client: RecordingClient) -> None:
    description = "Fills PDF forms. Use when the user asks to fill a form."
    path = make_skill(client.root, "")
    text = f"---\nname: {path.parent.name}\ndescription: {description}\n---\n"
    uri = open_doc(client, path, text)
    shown = await hover(client, uri, position_of(text, "Fills", 3))
    assert shown is not None
    assert "Claude Code" in shown
    assert "characters" in shown and "tokens" in shown
    assert "1,536" in shown  # Claude Code's entry cap


async def test_nothing_on_plain_body_text(client: RecordingClient) -> None:
    text = "---\nname: x\n---\nJust words.\n"
    uri = open_doc(client, make_skill(client.root, text), text)
    assert await hover(client, uri, types.Position(line=3, character=2)) is None
