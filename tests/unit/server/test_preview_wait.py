"""A preview asked for before the first workspace scan waits for it, within a bound."""

from __future__ import annotations

import asyncio

import pytest

from skill_ls.server import preview

from .fake_editor import make_session


async def test_a_preview_waits_for_the_first_scan() -> None:
    session = make_session()
    waiting = asyncio.ensure_future(preview._first_scan(session))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    session.first_scan.set()
    await asyncio.wait_for(waiting, 1)


async def test_a_scan_that_never_ends_does_not_hang_the_preview(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(preview, "FIRST_SCAN_WAIT_S", 0.05)
    session = make_session()
    await asyncio.wait_for(preview._first_scan(session), 1)
    assert not session.first_scan.is_set()
