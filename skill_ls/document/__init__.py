"""The SKILL.md document: the model, frontmatter, body blocks and references, and reading
files from disk.

    parse_document(text, path)   # text to a SkillDocument; never raises on user input
    load_document(path)          # from disk (regular files only); raises OSError only
    scan_blocks(doc)             # headings, fenced code and folding ranges of the body

Modules: `model` (SkillDocument and its facts), `frontmatter` (finding and reading the
`---` block), `blocks` (the one fenced-code scan), `references` (paths the body points
at), `parse` (text to document), `loading` (the only place the core reads SKILL.md files).
"""

from __future__ import annotations

from skill_ls.document.blocks import (
    FENCE,
    Blocks,
    Fence,
    Heading,
    headings,
    prose_lines,
    scan_blocks,
)
from skill_ls.document.frontmatter import MAX_FRONTMATTER_CHARS, MAX_PARSED_ENTRIES
from skill_ls.document.loading import (
    MAX_FILE_BYTES,
    decode_skill_bytes,
    decode_skill_text,
    frontmatter_head,
    load_document,
    load_head,
    parse_head,
    read_skill_bytes,
    read_skill_text,
)
from skill_ls.document.parse import parse_document
from skill_ls.document.references import MAX_SCANNED_BODY_CHARS, code_kind, find_references
from skill_ls.document.skill_document import (
    BOM,
    DecodeProblem,
    Field,
    Frontmatter,
    Reference,
    SkillDocument,
)
from skill_ls.yamltree import parse_simple

__all__ = [
    "BOM",
    "FENCE",
    "MAX_FILE_BYTES",
    "MAX_FRONTMATTER_CHARS",
    "MAX_PARSED_ENTRIES",
    "MAX_SCANNED_BODY_CHARS",
    "Blocks",
    "DecodeProblem",
    "Fence",
    "Field",
    "Frontmatter",
    "Heading",
    "Reference",
    "SkillDocument",
    "code_kind",
    "decode_skill_bytes",
    "decode_skill_text",
    "find_references",
    "frontmatter_head",
    "headings",
    "load_document",
    "load_head",
    "parse_document",
    "parse_head",
    "parse_simple",
    "prose_lines",
    "read_skill_bytes",
    "read_skill_text",
    "scan_blocks",
]
