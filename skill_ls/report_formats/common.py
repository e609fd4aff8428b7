"""What every report format shares: how paths are shown, and the counts by severity."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from skill_ls.checking import FileResult


def display_path(path: Path) -> str:
    """Relative to the working folder when inside it, else as given."""
    text = str(path)
    if not os.path.isabs(text):
        # What `relpath` gives a relative path that stays below the working folder, without
        # asking for the working folder (a system call for each of 10,000 paths).
        normal = os.path.normpath(text)
        if normal != os.pardir and not normal.startswith(os.pardir + os.sep):
            return normal
    try:
        return os.path.relpath(path)
    except ValueError:
        return text


def summary(results: Sequence[FileResult]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for result in results:
        for diagnostic in result.diagnostics:
            counts[diagnostic.severity.label] += 1
    return counts
