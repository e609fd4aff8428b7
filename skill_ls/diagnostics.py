"""The core's diagnostic types: positions in code points, 0-based, no LSP types.

Every edge (CLI, language server, editors) translates these; none adds rules of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum


class Severity(IntEnum):
    """Ordered so that a larger value is more severe; names match LSP and SARIF vocab."""

    HINT = 1
    INFO = 2
    WARNING = 3
    ERROR = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        """Read `error`, `warning`/`warn`, `info`/`information`, `hint`; raise ValueError."""
        aliases = {"warn": "warning", "information": "info", "note": "info"}
        key = aliases.get(text.strip().lower(), text.strip().lower())
        try:
            return cls[key.upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r}") from None


@dataclass(frozen=True, order=True, slots=True)
class Position:
    """0-based line and column; the column counts Unicode code points."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Range:
    start: Position
    end: Position

    @classmethod
    def of(cls, line: int, col: int, end_line: int, end_col: int) -> Range:
        return cls(Position(line, col), Position(end_line, end_col))

    @classmethod
    def point(cls, line: int, col: int) -> Range:
        return cls(Position(line, col), Position(line, col))

    def contains(self, pos: Position) -> bool:
        return self.start <= pos <= self.end


@dataclass(frozen=True)
class TextEdit:
    """Replace `range` with `new_text`; applied by the user's editor or `--fix`, never silently."""

    range: Range
    new_text: str


@dataclass(frozen=True)
class FileCreate:
    """A fix that creates an (empty) file, relative to the skill folder."""

    relative_path: str


@dataclass(frozen=True)
class Fix:
    title: str
    edits: tuple[TextEdit, ...] = ()
    creates: tuple[FileCreate, ...] = ()
    # Safe fixes keep the meaning of the skill; "fix all" applies only these.
    safe: bool = True


@dataclass(frozen=True, slots=True)
class Related:
    """Another place that explains a diagnostic (the copy that wins a clash, ...)."""

    path: str
    range: Range
    message: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    range: Range
    fixes: tuple[Fix, ...] = ()
    related: tuple[Related, ...] = ()
    # Tags in LSP's sense: "unnecessary" greys text out, "deprecated" strikes it.
    tags: tuple[str, ...] = ()
    data: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
