"""Older versions of an agent, observed where they behave otherwise than the pinned one
(the rows' `Client.older`, `skill_ls/clients/versions.py`).

`goldens-older/<agent>-<version>/` holds what that version sent where it differed from the
goldens (in the goldens' layout, `<agent>/<scenario>/`) and `equal.json`, the scenarios it
was observed to answer exactly as the goldens do. `clientlab drift --to PACKAGE=VERSION
--write-older` records them; `tests/lab/test_older_versions.py` replays every scenario of
the record with that version chosen (`skill-ls --agent-version`)."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from clientlab.observation import GOLDENS, Observation, write_variants

OLDER = Path(__file__).parent / "goldens-older"
EQUAL = "equal.json"


@dataclass(frozen=True)
class OlderRecord:
    agent: str
    version: str
    folder: Path
    equal: tuple[str, ...]  # scenarios answered as the goldens are

    @property
    def differing(self) -> tuple[str, ...]:
        found = self.folder / self.agent
        return (
            tuple(sorted(p.name for p in found.iterdir() if p.is_dir())) if found.is_dir() else ()
        )


def all_older(root: Path = OLDER) -> list[OlderRecord]:
    """Every record, by folder name."""
    records = []
    for path in sorted(root.glob(f"*/{EQUAL}")):
        meta = json.loads(path.read_text("utf-8"))
        records.append(
            OlderRecord(meta["agent"], meta["version"], path.parent, tuple(meta["equal"]))
        )
    return records


def merged_goldens(record: OlderRecord, into: Path, goldens: Path = GOLDENS) -> Path:
    """A goldens tree of that version alone: its own observations where it differed, the
    goldens where it was observed equal."""
    for scenario in record.equal:
        shutil.copytree(goldens / record.agent / scenario, into / record.agent / scenario)
    for scenario in record.differing:
        source = record.folder / record.agent / scenario
        shutil.copytree(source, into / record.agent / scenario)
    return into


def write_older(
    agent: str, equal: Sequence[str], observed: Sequence[Observation], root: Path = OLDER
) -> Path:
    """Record one agent's run at another version: the observations that differed, and
    which scenarios were equal (replacing an earlier record of that version)."""
    version = observed[0].version
    folder = root / f"{agent}-{version}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    grouped: dict[str, list[Observation]] = {}
    for observation in observed:
        if observation.scenario not in equal:
            grouped.setdefault(observation.scenario, []).append(observation)
    for found in grouped.values():
        write_variants(found, folder)
    meta = {"agent": agent, "version": version, "equal": sorted(equal)}
    (folder / EQUAL).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return folder


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m clientlab.older merge AGENT-VERSION DIR`: write that record's goldens tree
    (for `clientlab drift --goldens DIR`, which then compares the live agent with it)."""
    parser = argparse.ArgumentParser(prog="clientlab.older")
    parser.add_argument("action", choices=["merge"])
    parser.add_argument("record", help="a folder name of goldens-older, e.g. pi-0.60.0")
    parser.add_argument("into", type=Path)
    args = parser.parse_args(argv)
    found = [r for r in all_older() if r.folder.name == args.record]
    if not found:
        print(f"clientlab.older: no record {args.record!r}", file=sys.stderr)
        return 2
    merged_goldens(found[0], args.into)
    print(" ".join(found[0].differing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
