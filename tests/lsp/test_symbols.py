"""Document symbols, folding ranges and workspace symbols."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from .support import RecordingClient, make_skill, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="session")

TEXT = (
    "---\nname: sym\ndescription: >-\n  Folded text.\n  Use when asked.\nmetadata:\n"
    "  author: me\n---\n# Title\n\nIntro.\n\n## Part one\n\n```bash\n# not a heading\n```\n\n"
    "## Part two\n\nEnd.\n"
)


async def test_document_symbols(client: RecordingClient) -> None:
    uri = open_doc(client, make_skill(client.root, TEXT), TEXT)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert symbols is not None
    # Both profiles declare hierarchical document symbols.
    tree = [s for s in symbols if isinstance(s, types.DocumentSymbol)]
    assert [s.name for s in tree] == ["name", "description", "metadata", "Title"]
    metadata, title = tree[2], tree[3]
    assert [c.name for c in metadata.children or []] == ["author"]
    assert [c.name for c in title.children or []] == ["Part one", "Part two"]
    assert tree[1].range.end.line == 4  # the folded value's last line
    assert title.selection_range.start.line == 8


async def test_folding_ranges(client: RecordingClient) -> None:
    uri = open_doc(client, make_skill(client.root, TEXT), TEXT)
    ranges = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert ranges is not None
    spans = sorted((r.start_line, r.end_line) for r in ranges)
    assert (0, 7) in spans  # frontmatter
    assert (2, 4) in spans  # the folded description
    assert (8, 20) in spans  # `# Title` section
    assert (12, 16) in spans  # `## Part one`
    assert (14, 16) in spans  # fenced code


async def test_workspace_symbols(client: RecordingClient) -> None:
    async def query(text: str) -> list[types.SymbolInformation | types.WorkspaceSymbol]:
        result = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=text))
        return list(result or [])

    # The fixture workspace's skill is found once the first scan is done.
    found: list[types.SymbolInformation | types.WorkspaceSymbol] = []
    for _ in range(200):
        found = await query("merge")
        if found:
            break
        await asyncio.sleep(0.05)
    assert [s.name for s in found] == ["pdf-tools"]
    symbol = found[0]
    assert isinstance(symbol, types.SymbolInformation)
    assert symbol.location.uri.endswith("/.claude/skills/pdf-tools/SKILL.md")
    assert symbol.location.range.start.line == 1
    assert symbol.container_name is not None and symbol.container_name.startswith("Fills")
    assert await query("no-such-skill-anywhere") == []
