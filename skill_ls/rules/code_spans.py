"""Inline code in a prose line, as the body rules that look at commands read it."""

from __future__ import annotations

import bisect
import re

_BACKTICKS = re.compile(r"`+")


def inline_code_spans(line: str) -> list[tuple[int, int]]:
    """(start, end) of the inline code spans of a prose line: between backtick runs."""
    spans: list[tuple[int, int]] = []
    opened: int | None = None
    for match in _BACKTICKS.finditer(line):
        if opened is None:
            opened = match.end()
        else:
            spans.append((opened, match.start()))
            opened = None
    return spans


def inside(spans: list[tuple[int, int]], offset: int) -> bool:
    """Whether `offset` is inside one of `spans` (in order, not overlapping)."""
    at = bisect.bisect_right(spans, offset, key=lambda span: span[0]) - 1
    return at >= 0 and spans[at][0] <= offset < spans[at][1]
