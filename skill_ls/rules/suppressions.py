"""Inline suppressions: a comment that silences one finding where it stands.

    # skill-ls: ignore[SKL301]            frontmatter: trailing, or alone above the key
    # skill-ls: ignore-file[SKL401]       frontmatter: every finding of the codes in the file
    <!-- skill-ls: ignore[SKL403] -->     body: alone above the line, or ending the line

A directive covers lines: a frontmatter one, the entry on its line (trailing) or on the next
line that is neither blank nor a comment (alone), through the last line of that entry's
value; a body one, its own line (ending it) or the next non-blank line (alone), and a whole
fenced block when that line opens one. Comments in fenced code, in inline code or inside a
YAML value are not directives. A suppression matches the findings of its codes whose range
starts on a covered line; the reporter drops them (`Reporter.report`).

Each code is judged where its findings are made: the validator (`rules.check`) judges the
codes of the per-file families and reports every malformed directive; the cross-skill
findings (`workspace.findings`) judge the workspace family's codes from the frontmatter's
directives, which the index keeps in the file's facts.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from skill_ls.diagnostics import Fix, Position, Range, Severity, TextEdit
from skill_ls.document import SkillDocument
from skill_ls.document.blocks import LineKind, body_lines
from skill_ls.rules import workspace
from skill_ls.rules.registry import RULES, define
from skill_ls.rules.reporter import Reporter
from skill_ls.yamltree import YMapping, YNode, YScalar, YSequence

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

_MARK = "skill-ls"
# Directives read from one file (past this many, comments are text): matching stays bounded
# however many a hostile file holds.
MAX_DIRECTIVES = 1000
_CODE = re.compile(r"SKL[0-9]{3}")


@dataclass(frozen=True)
class Suppression:
    """One directive as written: its codes, the lines it covers, and how to edit it."""

    comment: Range  # from `#` or `<!--` to the comment's end
    codes: tuple[str, ...]  # upper-cased, in order
    code_ranges: tuple[Range, ...]
    first_line: int  # the lines covered (file-level: every line)
    last_line: int
    file_level: bool = False
    # What removing the whole comment deletes: its line when it stands alone, else the
    # comment and the blanks before it.
    removal: Range | None = None
    # Where `]` is, for adding a code; None when the directive is malformed.
    list_end: Position | None = None
    problem: str = ""  # why it is malformed ('' when it is well formed)
    in_frontmatter: bool = True

    def covers(self, line: int) -> bool:
        return self.file_level or self.first_line <= line <= self.last_line


# --- Reading directives -------------------------------------------------------------------


def find_suppressions(doc: SkillDocument) -> tuple[Suppression, ...]:
    """Every directive of the document, frontmatter then body."""
    if _MARK not in doc.text:
        return ()
    return (*frontmatter_suppressions(doc), *_body_suppressions(doc))[:MAX_DIRECTIVES]


def frontmatter_suppressions(doc: SkillDocument) -> tuple[Suppression, ...]:
    """The frontmatter's directives (what the cross-skill findings need of a file)."""
    fm = doc.frontmatter
    if fm is None or fm.close_line is None or _MARK not in fm.yaml_text:
        return ()
    values = _Values(_scalars(doc))
    ends_of_entries = entry_ends(doc)
    found: list[Suppression] = []
    pending: list[tuple[int, int, int]] = []  # (line, column of `#`, end column) alone
    for number in range(fm.first_line, fm.close_line):
        line = doc.index.line(number)
        stripped = line.strip()
        at = _yaml_directive(line, number, values) if _MARK in line else None
        is_comment = stripped.startswith("#") and not values.inside(Position(number, 0))
        if at is not None and not line[:at].strip():
            pending.append((number, at, len(line)))
            continue
        if not stripped or is_comment:
            continue
        last = ends_of_entries.get(number, number)
        for alone, column, end in pending:
            found.append(_read(doc, alone, column, end, number, last, True, True))
        pending = []
        if at is not None:
            found.append(_read(doc, number, at, len(line), number, last, False, True))
    for alone, column, end in pending:  # nothing below them: they cover the closing `---`
        found.append(_read(doc, alone, column, end, fm.close_line, fm.close_line, True, True))
    return tuple(found)


def _body_suppressions(doc: SkillDocument) -> list[Suppression]:
    found: list[Suppression] = []
    pending: list[tuple[int, int, int]] = []
    fence_waiting: list[int] = []  # indices in `found` covering a fenced block still open
    for number, line, kind in body_lines(doc):
        if kind is LineKind.FENCE_CLOSE and fence_waiting:
            for position in fence_waiting:
                found[position] = _with_last(found[position], number)
            fence_waiting = []
        if not line.strip():
            continue
        at = _html_directive(line) if kind is LineKind.PROSE and _MARK in line else None
        if at is not None and not line[:at].strip():
            pending.append((number, at, line.rindex("-->") + 3))
            continue
        for alone, column, end in pending:
            found.append(_read(doc, alone, column, end, number, number, True, False))
            if kind is LineKind.FENCE_OPEN:
                fence_waiting.append(len(found) - 1)
        pending = []
        if at is not None:
            found.append(
                _read(doc, number, at, line.rindex("-->") + 3, number, number, False, False)
            )
    last_line = doc.index.line_count - 1
    for position in fence_waiting:  # a fence never closed runs to the end of the file
        found[position] = _with_last(found[position], last_line)
    for alone, column, end in pending:
        found.append(_read(doc, alone, column, end, -1, -1, True, False))
    return found


def _with_last(suppression: Suppression, last: int) -> Suppression:
    return Suppression(**{**suppression.__dict__, "last_line": last})


def _yaml_directive(line: str, number: int, values: _Values) -> int | None:
    """The column of the `#` opening a `# skill-ls...` comment on a frontmatter line."""
    start = line.find(_MARK)
    while start != -1:
        hash_at = start - 1
        while hash_at >= 0 and line[hash_at] in " \t":
            hash_at -= 1
        if (
            hash_at >= 0
            and line[hash_at] == "#"
            and (hash_at == 0 or line[hash_at - 1] in " \t")
            and not values.inside(Position(number, hash_at))
        ):
            return hash_at
        start = line.find(_MARK, start + 1)
    return None


def _html_directive(line: str) -> int | None:
    """The column of `<!--` when a `<!-- skill-ls... -->` comment ends the line."""
    end = line.rstrip()
    if not end.endswith("-->"):
        return None
    opener = line.rfind("<!--", 0, len(end) - 3)
    if opener == -1 or not line[opener + 4 :].lstrip(" \t").startswith(_MARK):
        return None
    return opener


def _read(
    doc: SkillDocument,
    number: int,
    column: int,
    end: int,
    first: int,
    last: int,
    alone: bool,
    in_frontmatter: bool,
) -> Suppression:
    """The directive whose comment spans `column`..`end` of line `number`."""
    line = doc.index.line(number)
    opener = 1 if in_frontmatter else 4
    closer = end if in_frontmatter else end - 3
    at = column + opener
    while at < closer and line[at] in " \t":
        at += 1
    at += len(_MARK)
    comment = Range.of(number, column, number, len(line.rstrip()) if in_frontmatter else end)
    removal = _removal(doc, number, column, alone)
    kind, codes, ranges, list_end, problem = _parse(line, at, closer, number)
    if kind == "ignore-file" and not in_frontmatter and not problem:
        problem = "`ignore-file` is a frontmatter comment: `# skill-ls: ignore-file[CODE]`"
    return Suppression(
        comment,
        codes,
        ranges,
        first,
        last,
        file_level=kind == "ignore-file" and not problem,
        removal=removal,
        list_end=None if problem else list_end,
        problem=problem,
        in_frontmatter=in_frontmatter,
    )


def _parse(
    line: str, at: int, end: int, number: int
) -> tuple[str, tuple[str, ...], tuple[Range, ...], Position | None, str]:
    """(directive, codes, their ranges, where `]` is, problem) of the text after the mark."""
    none: tuple[str, ...] = ()
    if line[at : at + 1] != ":":
        return "", none, (), None, "write a directive as `skill-ls: ignore[CODE]` (with a colon)"
    at += 1
    while at < end and line[at] in " \t":
        at += 1
    word_end = at
    while word_end < end and (line[word_end].isalpha() or line[word_end] == "-"):
        word_end += 1
    word = line[at:word_end]
    if word not in ("ignore", "ignore-file"):
        shown = word or line[at:end].strip()[:40]
        return "", none, (), None, f"unknown directive `{shown}`: write `skill-ls: ignore[CODE]`"
    if line[word_end : word_end + 1] != "[":
        return word, none, (), None, f"`skill-ls: {word}` needs the codes: `{word}[SKL301]`"
    close = line.find("]", word_end, end)
    if close == -1:
        return word, none, (), None, f"the codes of `skill-ls: {word}[` are not closed by `]`"
    codes: list[str] = []
    ranges: list[Range] = []
    start = word_end + 1
    while start <= close:
        comma = line.find(",", start, close)
        stop = close if comma == -1 else comma
        text = line[start:stop]
        if text.strip():
            left = start + len(text) - len(text.lstrip())
            codes.append(text.strip().upper())
            ranges.append(Range.of(number, left, number, left + len(text.strip())))
        start = stop + 1
    if not codes:
        return word, none, (), None, f"`skill-ls: {word}[]` lists no codes"
    return word, tuple(codes), tuple(ranges), Position(number, close), ""


def _removal(doc: SkillDocument, number: int, column: int, alone: bool) -> Range:
    line = doc.index.line(number)
    if not alone:
        return Range.of(number, len(line[:column].rstrip()), number, len(line))
    if number + 1 < doc.index.line_count:
        return Range.of(number, 0, number + 1, 0)
    if number > 0:
        return Range.of(number - 1, len(doc.index.line(number - 1)), number, len(line))
    return Range.of(number, 0, number, len(line))


def _nodes(doc: SkillDocument) -> Iterable[YNode]:
    """Every node of the frontmatter, keys included."""
    stack: list[YNode] = []
    for entry in doc.fields.values():
        stack.append(entry.key)
        if entry.value is not None:
            stack.append(entry.value)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, YMapping):
            for key, value in node.entries:
                stack.extend((key, value))
        elif isinstance(node, YSequence):
            stack.extend(node.items)


def _scalars(doc: SkillDocument) -> Iterable[YScalar]:
    return (node for node in _nodes(doc) if isinstance(node, YScalar))


class _Values:
    """Where the frontmatter's values are, to tell a comment from text in a value: one look
    per position (a hostile frontmatter may hold thousands of values and of comments)."""

    def __init__(self, scalars: Iterable[YScalar]) -> None:
        self._on_line: dict[int, list[YScalar]] = {}
        spans: list[tuple[int, YScalar]] = []
        for node in scalars:
            start, end = node.range.start, node.range.end
            if start.line == end.line and node.style not in ("|", ">"):
                self._on_line.setdefault(start.line, []).append(node)
            else:
                spans.append((start.line, node))
        spans.sort(key=lambda item: item[0])
        self._starts = [line for line, _ in spans]
        self._spans = [node for _, node in spans]

    def inside(self, where: Position) -> bool:
        """Whether `where` is in a value's text (a block scalar's starts on its next line)."""
        for node in self._on_line.get(where.line, ()):
            if node.range.start <= where < node.range.end:
                return True
        # Values spanning lines never overlap: only the last two starting at or above it may
        # hold it (one may end on the line the next starts on, in a flow collection).
        at = bisect.bisect_right(self._starts, where.line)
        for node in self._spans[max(at - 2, 0) : at]:
            start, end = node.range.start, node.range.end
            if node.style in ("|", ">"):
                if start.line < where.line and where < end:
                    return True
            elif start <= where < end:
                return True
        return False


def _last_line(node: YNode) -> int:
    end = node.range.end
    start = node.range.start
    return end.line - 1 if end.column == 0 and end.line > start.line else end.line


def entry_ends(doc: SkillDocument) -> dict[int, int]:
    """Line of a block mapping's key or a block sequence's item -> the entry's last line."""
    ends: dict[int, int] = {}

    def note(line: int, last: int) -> None:
        ends[line] = max(ends.get(line, line), last)

    for entry in doc.fields.values():
        if entry.value is not None:
            note(entry.key.range.start.line, _last_line(entry.value))
    for node in _nodes(doc):
        if isinstance(node, YMapping) and not node.flow:
            for key, value in node.entries:
                note(key.range.start.line, _last_line(value))
        elif isinstance(node, YSequence) and not node.flow:
            for item in node.items:
                note(item.range.start.line, _last_line(item))
    return ends


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
    return rule is not None and rule.family == workspace.FAMILY


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
