"""The edit behind "Suppress SKLxxx here": a directive in the form for where a finding is.

A finding in the frontmatter gets `# skill-ls: ignore[CODE]` on its own line above the entry
that holds it, indented like it (never trailing: agents that read `description:` line by
line would take a comment after a plain value for part of it). A finding in the body gets
`<!-- skill-ls: ignore[CODE] -->` on the line above, or above the fence when it is in fenced
code (the comment covers the whole block). A finding on the opening `---` or before it
(document-level: size, line endings, cross-skill findings of a skill without a `name`) gets
`# skill-ls: ignore-file[CODE]` as the frontmatter's first line, and so does one that a line
comment would not remove (tried with the check's context). A directive that already covers
the line gets the code added to its list instead. New lines take the file's own line
break at that place (CRLF files stay CRLF).
"""

from __future__ import annotations

from skill_ls.diagnostics import Fix, Position, Range, TextEdit
from skill_ls.document import SkillDocument, parse_document, scan_blocks
from skill_ls.rules import check
from skill_ls.rules.context import CheckContext
from skill_ls.rules.registry import RULES
from skill_ls.rules.suppression_comments import entry_ends, find_suppressions
from skill_ls.rules.suppressions import UNSUPPRESSIBLE, UNUSED_SUPPRESSION, cross_skill


def suppression_fix(
    doc: SkillDocument, code: str, line: int, context: CheckContext | None = None
) -> Fix | None:
    """The edit that suppresses the findings of `code` starting on `line`; None where no
    comment can (SKL902-SKL904, a code that is no rule, a document-level finding of a file
    without a closed frontmatter).

    With the check's `context`, the edit is tried: a finding whose place follows from the
    text's length (the line past a size limit, the body's first line) moves onto a comment
    inserted above it, so when the comment does not remove it, `ignore-file` is tried, and
    None answered when neither does. (The cross-skill findings are not the validator's:
    their edits are not tried.)"""
    first = _placed(doc, code, line)
    if first is None or context is None or cross_skill(code):
        return first
    before = check(doc, context)
    count = sum(1 for d in before if d.code == code)
    unused = sum(1 for d in before if d.code == UNUSED_SUPPRESSION.code)
    fm = doc.frontmatter
    fallback = (
        _placed(doc, code, fm.open_line)
        if fm is not None and fm.close_line is not None and line != fm.open_line
        else None
    )
    for fix in (first, fallback):
        if fix is None:
            continue
        after = check(parse_document(_applied(doc, fix), doc.path), context)
        if sum(1 for d in after if d.code == code) < count and unused >= sum(
            1 for d in after if d.code == UNUSED_SUPPRESSION.code
        ):
            return fix
    return None


def _applied(doc: SkillDocument, fix: Fix) -> str:
    """The text with the fix's one insertion or addition made."""
    [edit] = fix.edits
    at = doc.index.offset(edit.range.start)
    return doc.text[:at] + edit.new_text + doc.text[doc.index.offset(edit.range.end) :]


def _placed(doc: SkillDocument, code: str, line: int) -> Fix | None:
    """The comment for where the finding is (see the module's docstring), untried."""
    if code in UNSUPPRESSIBLE or code not in RULES:
        return None
    fm = doc.frontmatter
    closed = fm is not None and fm.close_line is not None
    file_level = closed and fm is not None and (line <= fm.open_line or line == fm.close_line)
    extended = _extend(doc, code, line, file_level)
    if extended is not None:
        return extended
    if file_level and fm is not None:
        where = fm.open_line + 1
        text = f"# skill-ls: ignore-file[{code}]"
        return _insert(doc, where, "", text, f"Suppress {code} in this file")
    if closed and fm is not None and fm.close_line is not None and line < fm.close_line:
        where = _entry_line(doc, line)
        text = f"# skill-ls: ignore[{code}]"
        return _insert(doc, where, _indent(doc, where), text, f"Suppress {code} here")
    if line < doc.body_start_line or (line == 0 and fm is None):
        # Before the body with no closed frontmatter, or the first line of a file without
        # one: where document-level findings go, which no line comment covers.
        return None
    where = line
    for fence in scan_blocks(doc).fences:
        end = fence.end if fence.end is not None else doc.index.line_count - 1
        if fence.start <= line <= end:
            where = fence.start
            break
    text = f"<!-- skill-ls: ignore[{code}] -->"
    return _insert(doc, where, _indent(doc, where), text, f"Suppress {code} here")


def _extend(doc: SkillDocument, code: str, line: int, file_level: bool) -> Fix | None:
    """Add `code` to a directive that already covers `line` (an `ignore-file` one for a
    document-level finding)."""
    for suppression in find_suppressions(doc):
        if suppression.list_end is None or suppression.file_level != file_level:
            continue
        if suppression.covers(line) and code not in suppression.codes:
            where = suppression.list_end
            title = f"Suppress {code} {'in this file' if file_level else 'here'}"
            return Fix(title, (TextEdit(Range(where, where), f", {code}"),), safe=False)
    return None


def _entry_line(doc: SkillDocument, line: int) -> int:
    """The first line of the innermost frontmatter entry holding `line` (itself if none)."""
    best = line
    found = False
    for start, last in entry_ends(doc).items():
        if start <= line <= last and (not found or start > best):
            best, found = start, True
    return best if found else line


def _indent(doc: SkillDocument, number: int) -> str:
    text = doc.index.line(number)
    return text[: len(text) - len(text.lstrip(" \t"))]


def _line_break(doc: SkillDocument, number: int) -> str:
    """The line break that ends line `number` ("\\n" when it has none)."""
    index = doc.index
    if number + 1 < index.line_count:
        return index.text[index.line_ends[number] : index.line_starts[number + 1]] or "\n"
    return "\n"


def _insert(doc: SkillDocument, where: int, indent: str, text: str, title: str) -> Fix:
    """A new line `indent + text` above line `where`, with the break of the line before it."""
    line_break = _line_break(doc, where - 1) if where > 0 else _line_break(doc, where)
    at = Position(where, 0)
    return Fix(title, (TextEdit(Range(at, at), indent + text + line_break),), safe=False)
