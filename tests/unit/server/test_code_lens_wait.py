"""A code lens asked for before the first workspace scan ends: it waits for the scan, within
a bound, and past it says that the workspace is still being read, never that no agent reads
the file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types

from skill_ls.server import code_lens
from skill_ls.server.documents import path_to_uri

from .fake_editor import make_session, open_item

TEXT = "---\nname: early\ndescription: Opened at once. Use when asked.\n---\nBody.\n"


def _params(uri: str) -> types.CodeLensParams:
    return types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))


def _skill(tmp_path: Path) -> str:
    path = tmp_path / ".agents" / "skills" / "early" / "SKILL.md"
    path.parent.mkdir(parents=True)
    path.write_text(TEXT, encoding="utf-8")
    return path_to_uri(path)


async def test_past_the_wait_the_lens_says_the_workspace_is_still_being_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(code_lens, "FIRST_SCAN_WAIT_S", 0.05)
    session = make_session()
    uri = _skill(tmp_path)
    session.documents.open(open_item(uri, TEXT))
    [lens] = await code_lens.code_lens(session, _params(uri))
    assert lens.command is not None
    assert lens.command.title == code_lens.STILL_READING
    assert lens.command.title != code_lens.NOT_INDEXED


async def test_the_lens_waits_for_the_first_scan(tmp_path: Path) -> None:
    session = make_session()
    uri = _skill(tmp_path)
    session.documents.open(open_item(uri, TEXT))
    waiting = asyncio.ensure_future(code_lens.code_lens(session, _params(uri)))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    session.first_scan.set()  # (a scan that found nothing: the file is in no agent's folder)
    [lens] = await asyncio.wait_for(waiting, 1)
    assert lens.command is not None
    assert lens.command.title == code_lens.NOT_INDEXED
