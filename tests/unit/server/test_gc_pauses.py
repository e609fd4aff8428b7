"""The collector waits while scans and workspace checks run, and comes back after the last."""

from __future__ import annotations

import gc

import pytest

from skill_ls.server.gc_pauses import collector_paused


def test_overlapping_pauses_end_with_the_last_one() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block still runs
    assert gc.isenabled()


def test_a_block_that_fails_gives_the_collector_back() -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a scan failed")
    assert gc.isenabled()
