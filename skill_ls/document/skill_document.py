"""The SKILL.md document model: what `parse_document` records about a file.

Everything odd about a file is a fact here, never an exception; the rules in
`skill_ls.rules` decide what to report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.diagnostics import Range
from skill_ls.text import LineIndex
from skill_ls.yamltree import YamlError, YamlFacts, YNode, YScalar

BOM = "\ufeff"


@dataclass
class Field:
    """A top-level frontmatter entry."""

    key: YScalar
    value: YNode | None
    # True when only the lenient reading could read it (strict YAML failed on it).
    recovered: bool = False


@dataclass
class Frontmatter:
    open_line: int
    close_line: int | None  # None: never closed
    first_line: int  # first YAML line
    yaml_text: str


@dataclass
class Reference:
    """A relative path the body points at.

    `kind`: "link" (a Markdown link or link definition target), "code" (inline code naming
    a file the skill plausibly ships) or "mention" (other path-like inline code: a
    reference only when the file exists).
    """

    target: str  # as written, without #fragment, ?query or a leading placeholder
    range: Range  # of the target text
    kind: str  # "link" | "code" | "mention"
    # What the path is relative to: "skill" (the skill folder) or "plugin" (the plugin
    # root, after `${CLAUDE_PLUGIN_ROOT}/`).
    base: str = "skill"


@dataclass
class DecodeProblem:
    message: str
    range: Range


@dataclass
class SkillDocument:
    text: str
    path: str | None
    index: LineIndex
    has_bom: bool = False
    line_endings: str = "none"  # "lf" | "crlf" | "cr" | "mixed" | "none"
    crlf_lines: list[int] = field(default_factory=list)
    leading_blank_lines: int = 0
    frontmatter: Frontmatter | None = None
    root: YNode | None = None
    fields: dict[str, Field] = field(default_factory=dict)
    # The first error a strict YAML loader reports for the whole frontmatter.
    strict_error: YamlError | None = None
    # Errors even the lenient, entry-by-entry reading could not get past.
    unreadable: list[YamlError] = field(default_factory=list)
    unreadable_keys: set[str] = field(default_factory=set)
    facts: YamlFacts = field(default_factory=YamlFacts)
    tabs: list[Range] = field(default_factory=list)
    dashes_in_values: list[Range] = field(default_factory=list)
    oversized_frontmatter: bool = False
    body: str = ""
    body_start_line: int = 0
    references: list[Reference] = field(default_factory=list)
    decode_problem: DecodeProblem | None = None
    nul_bytes: list[Range] = field(default_factory=list)
    # What `blocks.fenced_code` found, kept for the rules that ask again (three per check);
    # a list in a list, so that its own answer None can be kept too.
    fenced_code_found: list[list[tuple[int, int]] | None] = field(
        default_factory=list, compare=False, repr=False
    )

    @property
    def has_frontmatter(self) -> bool:
        return self.frontmatter is not None and self.frontmatter.close_line is not None

    @property
    def strict_ok(self) -> bool:
        """True when a strict YAML loader reads the frontmatter as written."""
        return self.has_frontmatter and self.strict_error is None and not self.oversized_frontmatter

    @property
    def lenient_ok(self) -> bool:
        """True when a lenient loader (retrying `key: a: b` as a quoted string) reads it."""
        return self.has_frontmatter and not self.unreadable and not self.oversized_frontmatter

    def string_value(self, key: str) -> str | None:
        """The value of a top-level key when it is a string scalar (after the lenient read)."""
        entry = self.fields.get(key)
        if entry is None or not isinstance(entry.value, YScalar):
            return None
        if entry.value.kind != "string":
            return None
        return entry.value.value

    @property
    def folder_name(self) -> str | None:
        if self.path is None:
            return None
        return Path(self.path).parent.name

    @property
    def body_lines(self) -> int:
        return max(self.index.line_count - self.body_start_line, 0)
