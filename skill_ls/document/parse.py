"""`parse_document`: SKILL.md text to a `SkillDocument`, never raising on user input."""

from __future__ import annotations

from skill_ls.document.frontmatter import read_frontmatter, split_frontmatter
from skill_ls.document.references import find_references
from skill_ls.document.skill_document import BOM, SkillDocument
from skill_ls.text import LineIndex


def parse_document(text: str, path: str | None = None) -> SkillDocument:
    """Read SKILL.md text into a `SkillDocument`; never raises on user input."""
    index = LineIndex(text)
    doc = SkillDocument(text=text, path=path, index=index)
    doc.has_bom = text.startswith(BOM)
    _record_line_endings(doc)
    _record_nul_bytes(doc)
    split_frontmatter(doc)
    if doc.frontmatter is not None and doc.frontmatter.close_line is not None:
        read_frontmatter(doc, doc.frontmatter)
    doc.references = find_references(doc)
    return doc


def _record_line_endings(doc: SkillDocument) -> None:
    text = doc.text
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    kinds = [name for name, count in (("lf", lf), ("crlf", crlf), ("cr", cr)) if count]
    doc.line_endings = kinds[0] if len(kinds) == 1 else ("mixed" if kinds else "none")
    if crlf:
        starts = doc.index.line_starts
        ends = doc.index.line_ends
        doc.crlf_lines = [n for n in range(len(starts) - 1) if text.startswith("\r\n", ends[n])][
            :10_000
        ]


def _record_nul_bytes(doc: SkillDocument) -> None:
    start = doc.text.find("\0")
    while start != -1 and len(doc.nul_bytes) < 100:
        doc.nul_bytes.append(doc.index.range(start, start + 1))
        start = doc.text.find("\0", start + 1)
