"""Diagnostics end to end: push (minimal profile) or pull (VS Code-like), never both."""

from __future__ import annotations

import pytest
from lsprotocol import types

from .support import (
    RecordingClient,
    codes,
    diagnostics_for,
    make_skill,
    open_doc,
)

pytestmark = pytest.mark.asyncio(loop_scope="session")

BROKEN = "---\nname: Bad_Name\ndescription: Fills forms. Use when asked.\n---\n# Body\n"


async def test_open_reports_exact_codes_and_ranges(client: RecordingClient) -> None:
    path = make_skill(client.root, BROKEN, name="pdf")
    uri = open_doc(client, path)
    found = await diagnostics_for(client, uri)
    assert "SKL104" in codes(found)
    name_charset = next(d for d in found if d.code == "SKL104")
    assert name_charset.source == "skill-ls"
    assert name_charset.severity == types.DiagnosticSeverity.Error
    assert name_charset.range.start == types.Position(line=1, character=6)
