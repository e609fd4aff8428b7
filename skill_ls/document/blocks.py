"""The body's blocks: fenced code, ATX headings, and the ranges an editor folds.

One scan of the body tells fenced code from prose; references (`references.py`),
headings, document symbols and folding all read the body through it, so they agree on
what is code. The scan is deliberately simple: a fence opens at a line starting (after at
most three spaces) with three or more backticks or tildes, and closes at a line holding
only a run of the same character at least as long. A fence never closed runs to the end of
the file.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from skill_ls.document.skill_document import SkillDocument
from skill_ls.text import LineIndex

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def atx_heading(line: str) -> tuple[int, str] | None:
    r"""(level, text) of an ATX heading line (no line break in it), None if it is none.

    What `^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$` matched, scanned by hand: that pattern
    took quadratic time on `# a # # # ... #x` (the lazy text retried the tail at each
    length)."""
    start = len(line) - len(line.lstrip(" "))
    if start > 3:
        return None
    marks = len(line) - start - len(line[start:].lstrip("#"))
    if not marks:
        return None
    level = min(marks, 6)
    rest = line[start + level :]
    if rest[:1] in (" ", "\t"):
        # The text, without the closing run of spaces, tabs and `#`.
        return level, rest.lstrip(" \t").rstrip(" \t#").strip()
    if rest.strip(" \t#"):
        return None
    return level, ""


class LineKind(Enum):
    PROSE = "prose"
    FENCE_OPEN = "fence-open"
    FENCE_CLOSE = "fence-close"
    CODE = "code"  # inside a fenced block (a fence-like line that does not close it too)


@dataclass(frozen=True)
class Fence:
    """A fenced code block: the lines of its opening and closing fences."""

    start: int
    end: int | None  # None: never closed (the block runs to the end of the file)


@dataclass
class Heading:
    """An ATX heading, with the last line of its section (trailing blank lines excluded)."""

    level: int
    text: str
    line: int
    last_line: int = 0


@dataclass(frozen=True)
class Blocks:
    """What one scan of the body finds."""

    headings: list[Heading]
    fences: list[Fence]

    @property
    def folds(self) -> list[tuple[int, int]]:
        """(first line, last line) of each section longer than its heading line, then of
        each closed fenced block."""
        sections = [(h.line, h.last_line) for h in self.headings if h.last_line > h.line]
        blocks = [(f.start, f.end) for f in self.fences if f.end is not None]
        return sections + blocks


def body_lines(doc: SkillDocument) -> Iterator[tuple[int, str, LineKind]]:
    """(line number, text, kind) of every body line, in order: the one fenced-code scan."""
    index = doc.index
    text, starts, ends = index.text, index.line_starts, index.line_ends
    fence: str | None = None
    for number in range(doc.body_start_line, len(starts)):
        line = text[starts[number] : ends[number]]
        # Most lines hold no fence: a substring test is much cheaper than the pattern.
        match = FENCE.match(line) if ("```" in line or "~~~" in line) else None
        if match:
            marker = match.group(1)
            if fence is None:
                fence = marker[0] * len(marker)
                yield number, line, LineKind.FENCE_OPEN
                continue
            if marker.startswith(fence) and line.strip() == marker:
                fence = None
                yield number, line, LineKind.FENCE_CLOSE
                continue
        yield number, line, LineKind.PROSE if fence is None else LineKind.CODE


def prose_lines(doc: SkillDocument) -> Iterator[tuple[int, str]]:
    """(line number, text) of each body line outside fenced code blocks (and not a fence)."""
    for number, line, kind in body_lines(doc):
        if kind is LineKind.PROSE:
            yield number, line


# What every fence line holds: the lines holding one are found with `str.find` (a pattern
# for a fence at a line start is tried at every position of the text: 25 us a SKILL.md).
_FENCE_RUNS = ("```", "~~~")


def _lines_holding(text: str, needle: str, begin: int, starts: list[int]) -> Iterator[int]:
    at = text.find(needle, begin)
    while at >= 0:
        number = bisect.bisect_right(starts, at) - 1
        yield number
        # On to the next line: a line is named once.
        following = starts[number + 1] if number + 1 < len(starts) else len(text)
        at = text.find(needle, max(following, at + 1))


def fenced_code(doc: SkillDocument) -> list[tuple[int, int]] | None:
    """(opening fence line, last line) of each fenced code block of the body, in order: the
    closing fence, or the file's last line when none closes it. What `body_lines` tells line
    by line, found by searching the whole body at once. None when the text has line breaks
    other than `\n`: use `body_lines` then."""
    if not doc.fenced_code_found:
        doc.fenced_code_found.append(_fenced_code(doc))
    return doc.fenced_code_found[0]


def _fenced_code(doc: SkillDocument) -> list[tuple[int, int]] | None:
    index = doc.index
    text, starts = index.text, index.line_starts
    if "\r" in text:
        return None
    first = doc.body_start_line
    if first >= len(starts):
        return []
    code: list[tuple[int, int]] = []
    fence: str | None = None
    opened = 0
    begin = starts[first]
    candidates = {n for run in _FENCE_RUNS for n in _lines_holding(text, run, begin, starts)}
    for number in sorted(candidates):
        line = index.line(number)
        found = FENCE.match(line)
        if found is None:
            continue
        marker = found.group(1)
        if fence is None:
            fence, opened = marker[0] * len(marker), number
        elif marker.startswith(fence) and line.strip() == marker:
            code.append((opened, number))
            fence = None
    if fence is not None:
        code.append((opened, len(starts) - 1))
    return code


def prose_lines_holding(
    doc: SkillDocument, needles: re.Pattern[str]
) -> list[tuple[int, str]] | None:
    """(line number, text) of the prose lines in which `needles` matches, in order: what
    `prose_lines` gives, filtered, but found by searching the whole body at once instead of
    visiting every line (a long body where a few lines hold links). None when the text has
    line breaks other than `\n`: use `prose_lines` then."""
    code = fenced_code(doc)  # (first, last) lines of fenced code, fences included
    if code is None:
        return None
    index = doc.index
    text, starts = index.text, index.line_starts
    if doc.body_start_line >= len(starts):
        return []
    begin = starts[doc.body_start_line]
    lines: list[tuple[int, str]] = []
    block = 0
    at = begin
    while (match := needles.search(text, at)) is not None:
        number = bisect.bisect_right(starts, match.start()) - 1
        while block < len(code) and code[block][1] < number:
            block += 1
        if block < len(code) and code[block][0] <= number:
            following = code[block][1] + 1  # past the fenced block
        else:
            lines.append((number, index.line(number)))
            following = number + 1  # a line is named once
        if following >= len(starts):
            break
        at = starts[following]
    return lines


def scan_blocks(doc: SkillDocument) -> Blocks:
    """The body's headings (outside fenced code) with their sections, and its fences."""
    found: list[Heading] = []
    fences: list[Fence] = []
    opened: int | None = None
    for number, line, kind in body_lines(doc):
        if kind is LineKind.PROSE:
            parts = atx_heading(line) if "#" in line else None
            if parts:
                found.append(Heading(parts[0], parts[1], number))
        elif kind is LineKind.FENCE_OPEN:
            opened = number
        elif kind is LineKind.FENCE_CLOSE and opened is not None:
            fences.append(Fence(opened, number))
            opened = None
    if opened is not None:
        fences.append(Fence(opened, None))
    _close_sections(doc.index, doc.body_start_line, found)
    return Blocks(found, fences)


def headings(doc: SkillDocument) -> list[Heading]:
    """ATX headings of the body, outside fenced code, each with the last line of its section."""
    return scan_blocks(doc).headings


def _close_sections(index: LineIndex, body_start: int, found: list[Heading]) -> None:
    """Set each heading's last line: before the next heading of the same or a higher level,
    else at the end of the body; trailing blank lines are not part of a section."""
    last = _last_content_line(index, body_start, index.line_count - 1)
    for position, heading in enumerate(found):
        end = last
        for later in found[position + 1 :]:
            if later.level <= heading.level:
                end = _last_content_line(index, heading.line, later.line - 1)
                break
        heading.last_line = max(end, heading.line)


def _last_content_line(index: LineIndex, first: int, last: int) -> int:
    while last > first and not index.line(last).strip():
        last -= 1
    return last
