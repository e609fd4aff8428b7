"""What every report format shares: how paths are shown, and the counts by severity."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from skill_ls.checking import FileResult


def display_path(path: Path) -> str:
    """Relative to the working folder when inside it, else as given."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def summary(results: Sequence[FileResult]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for result in results:
        for diagnostic in result.diagnostics:
            counts[diagnostic.severity.label] += 1
    return counts
