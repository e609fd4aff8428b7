#!/usr/bin/env python3
"""Competing skills (SKL509) on the real-skill corpus: which pairs the measure flags.

    python benchmarks/corpus/competing.py                 # summary and the top pairs
    python benchmarks/corpus/competing.py --show 40       # with both listed descriptions

Each top-level folder of the corpus is one repository, and all its skills one agent's
listing (Claude Code's listed text: name, description with `when_to_use`, entry cap), as
if the collection were installed as one skills folder. Pairs are built within a
collection only, with the measure of `skill_ls.workspace.overlap`; two copies with the
same name are left out (SKL501/502 report those). Counts and corpus-relative paths go to
benchmarks/results/competing.json, never skill text.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO))

from skill_ls.clients.table import get_client  # noqa: E402
from skill_ls.rules.workspace import MIN_SHARED  # noqa: E402
from skill_ls.workspace.facts import read_facts  # noqa: E402
from skill_ls.workspace.index_records import SkillFacts  # noqa: E402
from skill_ls.workspace.overlap import (  # noqa: E402
    OverlapIndex,
    compare,
    listed_text,
    sets_apart,
)

CORPUS = Path(os.environ.get("SKILL_LS_CORPUS", REPO / "benchmarks" / ".work" / "corpus"))
RESULTS = REPO / "benchmarks" / "results" / "competing.json"
VERDICTS = HERE / "competing_verdicts.json"
CLIENT = "claude-code"


def collection_pairs(folder: Path, floor: float) -> tuple[int, list[dict[str, object]]]:
    client = get_client(CLIENT)
    facts: dict[str, SkillFacts] = {}
    names: dict[str, str] = {}
    for path in sorted(folder.rglob("SKILL.md")):
        real = str(path)
        found = read_facts(real)
        if found.description is None:
            continue
        facts[real] = found
        names[real] = found.loaded_name(path.parent.name)
    index = OverlapIndex(lambda real: {CLIENT: (names[real], listed_text(client, facts[real]))})
    index.refresh(facts)
    common = index.common()
    pairs: list[dict[str, object]] = []
    for real in facts:
        for other in index.candidates(real):
            if other < real or names[other] == names[real]:
                continue
            mine, theirs = index.words(real, CLIENT), index.words(other, CLIENT)
            assert mine is not None and theirs is not None
            overlap = compare(mine, theirs, common)
            band = overlap.band
            if band is None and floor < 1:
                # Near misses, for reading: the measure without the names' say.
                apart = sets_apart(mine, theirs) or sets_apart(theirs, mine)
                overlap = compare(mine, theirs, common, names_count=False)
                if len(overlap.shared) < MIN_SHARED or overlap.share < floor:
                    continue
                band = "set-apart" if apart else "below"
            elif band is None:
                continue
            pairs.append(
                {
                    "band": band,
                    "share": round(overlap.share, 3),
                    "shared": len(overlap.shared),
                    "smaller": overlap.smaller,
                    "words": list(overlap.shared),
                    "a": os.path.relpath(real, CORPUS),
                    "b": os.path.relpath(other, CORPUS),
                }
            )
    return len(facts), pairs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", type=int, default=0, help="print this many top pairs in full")
    parser.add_argument("--write", action="store_true", help="write results/competing.json")
    parser.add_argument(
        "--floor", type=float, default=1.0, help="also list near misses down to this share"
    )
    args = parser.parse_args()
    everything: list[dict[str, object]] = []
    summary: dict[str, dict[str, int]] = {}
    for folder in sorted(path for path in CORPUS.iterdir() if path.is_dir()):
        skills, pairs = collection_pairs(folder, args.floor)
        bands = [p["band"] for p in pairs]
        summary[folder.name] = {"skills": skills, "warning": bands.count("warning")}
        summary[folder.name]["info"] = bands.count("info")
        everything += pairs
    order = ("warning", "info", "set-apart", "below")
    everything.sort(key=lambda p: (order.index(str(p["band"])), -float(str(p["share"]))))
    for name, row in summary.items():
        print(f"{name:45} {row['skills']:5} skills {row['warning']:4} warning {row['info']:4} info")
    verdicts = {(v["a"], v["b"]): v for v in json.loads(VERDICTS.read_text())["pairs"]}
    tally: dict[str, dict[str, int]] = {}
    for pair in everything:
        verdict = verdicts.get((str(pair["a"]), str(pair["b"])))
        if verdict is not None:
            row = tally.setdefault(str(pair["band"]), {"read": 0, "competing": 0})
            row["read"] += 1
            row["competing"] += int(verdict["competing"])
            pair["competing"] = verdict["competing"]
    for band, row in tally.items():
        print(f"read by hand, {band}: {row['competing']} of {row['read']} truly competing")
    for rank, pair in enumerate(everything[: args.show], 1):
        print(f"\n#{rank} {pair['band']} {pair['shared']}/{pair['smaller']}: {pair['words']}")
        for side in ("a", "b"):
            facts = read_facts(str(CORPUS / str(pair[side])))
            print(f"  {pair[side]}\n    {(facts.description or '')[:400]!r}")
    if args.write:
        # Counts and corpus-relative paths only: the shared words are skill text.
        kept = [{k: v for k, v in pair.items() if k != "words"} for pair in everything]
        body = {"collections": summary, "read_by_hand": tally, "pairs": kept}
        RESULTS.write_text(json.dumps(body, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
