"""Inline suppressions: what a `skill-ls: ignore[...]` comment silences, and the findings
about the comments themselves (SKL903 unused, SKL904 malformed or unknown).

A suppression matches the findings of its codes whose range starts on a line it covers
(`rules.suppression_comments` reads them); the reporter drops them (`Reporter.report`).

Each code is judged where its findings are made: the validator (`rules.check`) judges the
codes of the per-file families and reports every malformed directive; the cross-skill
findings (`workspace.findings`) judge the workspace family's codes from the frontmatter's
directives, which the index keeps in the file's facts.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence

from skill_ls.diagnostics import Fix, Range, Severity, TextEdit
from skill_ls.rules import mentions, workspace
from skill_ls.rules.registry import RULES, define
from skill_ls.rules.reporter import Reporter
from skill_ls.rules.suppression_comments import Suppression, find_suppressions

__all__ = ["Matcher", "Suppression", "find_suppressions", "report_suppressions"]

FAMILY = "suppressions"

UNUSED_SUPPRESSION = define(
    "SKL903",
    "unused-suppression",
    Severity.WARNING,
    "an inline suppression suppresses nothing",
    "A `skill-ls: ignore[...]` comment lists a code with no finding on the line it covers: "
    "the problem was fixed or moved, and a stale suppression would hide the next one. A "
    "rule turned off by the settings (`ignore`, `select`, `rules`, overrides) does not make "
    "its suppressions unused. The fix removes the code, or the whole comment with its last "
    "code.",
    example="`# skill-ls: ignore[SKL301]` above a `description` that is short enough",
    fixable=True,
    family=FAMILY,
)
UNKNOWN_SUPPRESSION = define(
    "SKL904",
    "unknown-suppression",
    Severity.WARNING,
    "an inline suppression is malformed or names no rule",
    "A comment that starts `skill-ls:` is read as a directive: `ignore[CODE, ...]` (or, in "
    "the frontmatter, `ignore-file[CODE, ...]`) with full rule codes. A misspelt directive, "
    "one without codes, or a code that is not a rule suppresses nothing. SKL902, SKL903 and "
    "SKL904 cannot be suppressed inline (turn them off in the settings).",
    example="`# skill-ls: ingore[SKL301]`, `<!-- skill-ls: ignore -->`, `ignore[SKL3]`",
    family=FAMILY,
)

# Findings no comment can silence: a bug in skill-ls, and the findings about suppressions.
UNSUPPRESSIBLE = frozenset({"SKL902", UNUSED_SUPPRESSION.code, UNKNOWN_SUPPRESSION.code})

_CODE = re.compile(r"SKL[0-9]{3}")


# --- Matching and judging ------------------------------------------------------------------


class _Spans:
    """The line ranges of one code's directives, for lookups in steps of nesting depth:
    directives' ranges are nested or apart (YAML entries, body lines, fenced blocks), so the
    ranges holding a line are a chain of parents."""

    def __init__(self, items: Iterable[tuple[int, int, int]]) -> None:
        groups: dict[tuple[int, int], list[int]] = {}
        for first, last, number in items:
            groups.setdefault((first, last), []).append(number)
        self._spans = sorted(groups, key=lambda span: (span[0], -span[1]))
        self._firsts = [first for first, _ in self._spans]
        self._members = [groups[span] for span in self._spans]
        self._parents: list[int] = []
        open_spans: list[int] = []
        for position, (first, _) in enumerate(self._spans):
            while open_spans and self._spans[open_spans[-1]][1] < first:
                open_spans.pop()
            self._parents.append(open_spans[-1] if open_spans else -1)
            open_spans.append(position)

    def holding(self, line: int) -> Iterable[int]:
        """The directives whose range holds `line`."""
        at = bisect.bisect_right(self._firsts, line) - 1
        while at >= 0:
            if self._spans[at][1] >= line:
                yield from self._members[at]
            at = self._parents[at]


class Matcher:
    """The directives of one check, and which of their codes suppressed a finding."""

    def __init__(self, suppressions: Sequence[Suppression]) -> None:
        self.suppressions = tuple(suppressions)
        self.used: set[tuple[int, str]] = set()
        whole: dict[str, list[int]] = {}
        lines: dict[str, list[tuple[int, int, int]]] = {}
        for number, suppression in enumerate(self.suppressions):
            if suppression.problem:
                continue  # a malformed directive suppresses nothing
            for code in suppression.codes:
                if code in UNSUPPRESSIBLE:
                    continue
                if suppression.file_level:
                    whole.setdefault(code, []).append(number)
                elif suppression.first_line >= 0:
                    span = (suppression.first_line, suppression.last_line, number)
                    lines.setdefault(code, []).append(span)
        self._whole = whole
        self._lines = {code: _Spans(items) for code, items in lines.items()}

    def suppresses(self, code: str, line: int) -> bool:
        """Whether a finding of `code` starting on `line` is suppressed (and note by what)."""
        hit = False
        spans = self._lines.get(code)
        for number in (*self._whole.get(code, ()), *(spans.holding(line) if spans else ())):
            self.used.add((number, code))
            hit = True
        return hit


def cross_skill(code: str) -> bool:
    """Whether the cross-skill findings (not the validator) judge a code's suppressions."""
    rule = RULES.get(code)
    return rule is not None and rule.family in (workspace.FAMILY, mentions.FAMILY)


def report_suppressions(matcher: Matcher, reporter: Reporter, *, cross: bool) -> None:
    """SKL903 for each code of the stage (`cross`: the workspace family's) that suppressed
    nothing, its rule on; and, from the validator's stage only, SKL904 for each malformed
    directive and each code that is not a rule or cannot be suppressed."""
    settings = reporter.context.settings
    for number, suppression in enumerate(matcher.suppressions):
        if suppression.problem:
            if not cross:
                reporter.report(UNKNOWN_SUPPRESSION, suppression.comment, suppression.problem)
            continue
        unused: list[tuple[int, str]] = []
        for position, code in enumerate(suppression.codes):
            where = suppression.code_ranges[position]
            if code not in RULES or _CODE.fullmatch(code) is None:
                if not cross:
                    reporter.report(
                        UNKNOWN_SUPPRESSION,
                        where,
                        f"`{code}` is not a skill-ls rule code (`skill-ls rules` lists them)",
                    )
                continue
            if code in UNSUPPRESSIBLE:
                if not cross:
                    reporter.report(
                        UNKNOWN_SUPPRESSION,
                        where,
                        f"{code} cannot be suppressed inline; turn it off in the settings",
                    )
                continue
            if cross_skill(code) != cross or (number, code) in matcher.used:
                continue
            if settings.rule_enabled(code):
                unused.append((position, code))
        whole = len(unused) == len(suppression.codes)
        for position, code in unused:
            reporter.report(
                UNUSED_SUPPRESSION,
                suppression.code_ranges[position],
                f"unused suppression: no {code} finding starts {_covered(suppression)}",
                fixes=[_removal_fix(suppression, position, whole)],
                tags=("unnecessary",),
            )


def _covered(suppression: Suppression) -> str:
    if suppression.file_level:
        return "in this file"
    first, last = suppression.first_line, suppression.last_line
    if first < 0:
        return "below it (it covers no line)"
    if first == last:
        return f"on line {first + 1}"
    return f"on lines {first + 1}-{last + 1}"


def _removal_fix(suppression: Suppression, position: int, whole: bool) -> Fix:
    if whole or len(suppression.codes) == 1:
        assert suppression.removal is not None
        return Fix("Remove the unused suppression", (TextEdit(suppression.removal, ""),))
    ranges = suppression.code_ranges
    if position > 0:
        cut = Range(ranges[position - 1].end, ranges[position].end)
    else:
        cut = Range(ranges[0].start, ranges[1].start)
    code = suppression.codes[position]
    return Fix(f"Remove {code} from the suppression", (TextEdit(cut, ""),))
