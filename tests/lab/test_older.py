"""Recording an older version's run (`clientlab drift --write-older`) and reading it back:
only what differs from the goldens is kept, with the scenarios that were equal."""

from __future__ import annotations

from pathlib import Path

from clientlab.observation import Observation
from clientlab.older import all_older, merged_goldens, write_older


def _seen(scenario: str, catalog: str, version: str = "0.1.0") -> Observation:
    return Observation("pi", "@mariozechner/pi-coding-agent", version, scenario, ["a"], catalog)


def test_a_record_keeps_what_differed_and_names_what_was_equal(tmp_path: Path) -> None:
    goldens, older = tmp_path / "goldens", tmp_path / "older"
    _seen("same", "Same.", "9.9.9").write(goldens)
    _seen("moved", "Newest.", "9.9.9").write(goldens)
    observed = [_seen("same", "Same."), _seen("moved", "Older.")]
    folder = write_older("pi", ["same"], observed, older)
    assert folder == older / "pi-0.1.0"
    [record] = all_older(older)
    assert (record.agent, record.version, record.equal) == ("pi", "0.1.0", ("same",))
    assert record.differing == ("moved",)
    merged = merged_goldens(record, tmp_path / "merged", goldens)
    assert (merged / "pi" / "same" / "catalog.txt").read_text() == "Same."
    assert (merged / "pi" / "moved" / "catalog.txt").read_text() == "Older."
    # Recording the version again replaces the record.
    write_older("pi", ["same", "moved"], [_seen("same", "Same."), _seen("moved", "Newest.")], older)
    assert all_older(older)[0].differing == ()
