"""Properties every check result must have, whatever the input (shared by tests and the
fuzz campaign): ranges inside the document, fixes that apply and remove their finding."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from skill_ls.diagnostics import Diagnostic, Fix, Range, TextEdit
from skill_ls.document import SkillDocument
from skill_ls.text import LineIndex


def range_problem(index: LineIndex, rng: Range) -> str | None:
    """Why `rng` is not a valid range of the indexed text (None when it is)."""
    if rng.start > rng.end:
        return f"start {rng.start} after end {rng.end}"
    for pos in (rng.start, rng.end):
        if pos.line < 0 or pos.column < 0:
            return f"negative position {pos}"
        if pos.line >= index.line_count:
            return f"line {pos.line} past the last line {index.line_count - 1}"
        if pos.column > len(index.line(pos.line)):
            return (
                f"column {pos.column} past the end of line {pos.line} ({len(index.line(pos.line))})"
            )
    return None


def diagnostic_problems(doc: SkillDocument, diagnostics: Iterable[Diagnostic]) -> list[str]:
    """Ranges of findings, related information on the same file, and fix edits, all
    inside the document; fix edits of one fix do not overlap."""
    problems: list[str] = []
    for diag in diagnostics:
        problem = range_problem(doc.index, diag.range)
        if problem:
            problems.append(f"{diag.code} range: {problem}")
        for related in diag.related:
            if related.path in ("", doc.path):
                problem = range_problem(doc.index, related.range)
                if problem:
                    problems.append(f"{diag.code} related range: {problem}")
        for fix in diag.fixes:
            for edit in fix.edits:
                problem = range_problem(doc.index, edit.range)
                if problem:
                    problems.append(f"{diag.code} fix {fix.title!r} edit: {problem}")
            edits = sorted(fix.edits, key=lambda e: (e.range.start, e.range.end))
            for before, after in itertools.pairwise(edits):
                if before.range.end > after.range.start:
                    problems.append(f"{diag.code} fix {fix.title!r}: overlapping edits")
    return problems


def apply_edits(text: str, edits: Sequence[TextEdit]) -> str:
    """Apply non-overlapping edits (positions in code points), as an editor would."""
    index = LineIndex(text)
    spans = sorted(
        ((index.offset(e.range.start), index.offset(e.range.end), e.new_text) for e in edits),
        reverse=True,
    )
    for start, end, new_text in spans:
        text = text[:start] + new_text + text[end:]
    return text


def apply_fix(text: str, fix: Fix) -> str:
    return apply_edits(text, fix.edits)
