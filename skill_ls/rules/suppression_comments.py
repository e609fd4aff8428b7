"""Reading inline suppressions: the `skill-ls: ignore[...]` comments of a SKILL.md.

    # skill-ls: ignore[SKL301]            frontmatter: trailing, or alone above the key
    # skill-ls: ignore-file[SKL401]       frontmatter: every finding of the codes in the file
    <!-- skill-ls: ignore[SKL403] -->     body: alone above the line, or ending the line

A directive covers lines: a frontmatter one, the entry on its line (trailing) or on the next
line that is neither blank nor a comment (alone), through the last line of that entry's
value; a body one, its own line (ending it) or the next non-blank line (alone), and a whole
fenced block when that line opens one. Comments in fenced code, in inline code or inside a
YAML value are not directives. What they suppress, and the findings about them, are in
`rules.suppressions`.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass

from skill_ls.diagnostics import Position, Range
from skill_ls.document import SkillDocument
from skill_ls.document.blocks import LineKind, body_lines
from skill_ls.yamltree import YMapping, YNode, YScalar, YSequence

_MARK = "skill-ls"
# Directives read from one file (past this many, comments are text): matching stays bounded
# however many a hostile file holds.
MAX_DIRECTIVES = 1000


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
