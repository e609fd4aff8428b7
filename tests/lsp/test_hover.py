"""Hover: key docs with the clients that honour or ignore the key, reference previews
(inside the skill folder only), and the catalog entry on `description`. Every test
compares the whole answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from skill_ls.gathering import context_for_path
from skill_ls.server.documents import Snapshot
from skill_ls.server.editor_text.catalog_entry import description_preview
from skill_ls.server.editor_text.skill_md_hover import key_hover
from skill_ls.settings import Settings

from .support import RecordingClient, hover, make_skill, open_doc, position_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

# Written once for both edges (tests/unit/server/editor_text/test_skill_md_hover.py keeps
# them current).
GOLDEN_HOVER = Path(__file__).resolve().parents[1] / "fixtures" / "golden" / "hover"
EFFORT = (GOLDEN_HOVER / "effort.md").read_text(encoding="utf-8")
UNKNOWN_FOO = (GOLDEN_HOVER / "unknown-foo.md").read_text(encoding="utf-8")


async def test_key_docs_and_clients(client: RecordingClient) -> None:
    text = "---\nname: x\neffort: high\nfoo: 1\n---\n"
    path = make_skill(client.root, text)
    uri = open_doc(client, path, text)
    # Each client says where skill-ls knows it from: the lab's observation, or a citation.
    assert await hover(client, uri, types.Position(line=2, character=2)) == EFFORT
    assert await hover(client, uri, types.Position(line=3, character=1)) == UNKNOWN_FOO


async def test_reference_shows_first_lines(client: RecordingClient) -> None:
    path = make_skill(client.root, "", files=["references/guide.md"])
    (path.parent.parent / "secret.md").write_text("TOP SECRET\n", encoding="utf-8")
    text = (
        "---\nname: x\n---\nRead [g](references/guide.md), [s](../secret.md) "
        "and [m](references/missing.md).\n"
    )
    path.write_text(text, encoding="utf-8")
    uri = open_doc(client, path, text)
    assert await hover(client, uri, position_of(text, "references/guide.md", 2)) == (
        "`references/guide.md` (4 lines, 43 bytes)\n\n"
        "```markdown\n# references/guide.md\n\nline two\nline three\n```"
    )
    assert await hover(client, uri, position_of(text, "../secret.md", 2)) == (
        "`../secret.md` points outside the skill folder; agents may not be able to read it."
    )
    assert await hover(client, uri, position_of(text, "references/missing.md", 2)) == (
        "`references/missing.md` does not exist in the skill folder."
    )


def description_answer(path: Path, text: str) -> str:
    """The key's docs, then the catalog entry of every client that discovers the skill
    (the renderings themselves are the render tests' business)."""
    snapshot = Snapshot(path.as_uri(), str(path), 1, text)
    audience = context_for_path(path, Settings(), list_files=False).audience
    assert "claude-code" in [c.id for c in audience]
    return key_hover("description") + "\n\n---\n\n" + description_preview(snapshot, audience)


async def test_description_shows_catalog_entries(client: RecordingClient) -> None:
    description = "Fills PDF forms. Use when the user asks to fill a form."
    path = make_skill(client.root, "")
    text = f"---\nname: {path.parent.name}\ndescription: {description}\n---\n"
    uri = open_doc(client, path, text)
    shown = await hover(client, uri, position_of(text, "Fills", 3))
    assert shown == description_answer(path, text)


async def test_nothing_on_plain_body_text(client: RecordingClient) -> None:
    text = "---\nname: x\n---\nJust words.\n"
    uri = open_doc(client, make_skill(client.root, text), text)
    assert await hover(client, uri, types.Position(line=3, character=2)) is None
