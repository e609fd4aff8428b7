""" "Suppress SKLxxx here" on real skills: for every per-file finding of every SKILL.md under a
folder, apply the edit the editor offers and check again; count the findings it removes, the
ones it cannot place, and any it leaves behind or adds (SKL903/SKL904, a finding still there).

    .venv/bin/python benchmarks/suppress_corpus.py benchmarks/.work/corpus

Writes the figures to `benchmarks/results/suppress.json`.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from skill_ls.checking.fixing import apply_fixes
from skill_ls.document import decode_skill_bytes, parse_document, read_skill_bytes
from skill_ls.gathering import context_for_document
from skill_ls.rules import check
from skill_ls.rules.suppression_edits import suppression_fix
from skill_ls.settings import Settings
from skill_ls.skill_files import iter_targets


def main(folder: str) -> int:
    outcome: Counter[str] = Counter()
    whole_file: Counter[str] = Counter()  # codes suppressed with `ignore-file`
    broken: list[str] = []
    started = time.perf_counter()
    files = 0
    for path, _ in iter_targets([Path(folder)], []):
        if path is None:
            continue
        files += 1
        document = decode_skill_bytes(read_skill_bytes(path), str(path))
        context = context_for_document(document, path, Settings())
        before = check(document, context)
        for finding in before:
            line = finding.range.start.line
            fix = suppression_fix(document, finding.code, line, context)
            if fix is None:
                outcome["no place"] += 1
                continue
            after = check(parse_document(apply_fixes(document.text, [fix]), str(path)), context)
            still = sum(1 for d in after if d.code == finding.code)
            noise = [d for d in after if d.code in ("SKL903", "SKL904")]
            if still < sum(1 for d in before if d.code == finding.code) and not noise:
                in_file = fix.title.endswith("in this file")
                outcome["removed (file)" if in_file else "removed (line)"] += 1
                whole_file.update([finding.code] if in_file else [])
            else:
                outcome["left or noisy"] += 1
                broken.append(f"{path}:{line + 1} {finding.code} {fix.title}")
    seconds = time.perf_counter() - started
    print(f"{files} files, {sum(outcome.values())} findings: {dict(outcome)} ({seconds:.1f} s)")
    print("ignore-file by code:", dict(whole_file.most_common()))
    figures = {
        "benchmark": '"Suppress SKLxxx here" applied to every per-file finding, checked again',
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "files": files,
        "findings": sum(outcome.values()),
        "outcome": dict(outcome),
        "ignore_file_by_code": dict(whole_file.most_common()),
        "left_or_noisy": broken,
    }
    results = Path(__file__).parent / "results" / "suppress.json"
    results.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    for item in broken[:20]:
        print("  ", item)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "benchmarks/.work/corpus"))
