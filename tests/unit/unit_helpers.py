"""Shared helpers for the unit tests: build SKILL.md text, run the validator, apply fixes."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from skill_ls.clients.table import CLIENTS_BY_ID, Client
from skill_ls.diagnostics import Diagnostic, Fix, Range, TextEdit
from skill_ls.document import SkillDocument, parse_document
from skill_ls.rules import CheckContext, check
from skill_ls.settings import Settings
from skill_ls.text import LineIndex


def skill(*frontmatter: str, body: str = "Body text.\n") -> str:
    """A SKILL.md with the given frontmatter lines (each without its line break)."""
    return "---\n" + "".join(line + "\n" for line in frontmatter) + "---\n" + body


def context(
    *,
    folder: str | None = "my-skill",
    targets: Sequence[str] = (),
    settings: Settings | None = None,
    files: Iterable[str] | None = None,
    dirs: Iterable[str] = (),
    discovered_by: Sequence[str] = (),
    file_name: str | None = "SKILL.md",
) -> CheckContext:
    if settings is None:
        settings = Settings(target_clients=tuple(targets))
    clients: tuple[Client, ...] = tuple(CLIENTS_BY_ID[c] for c in discovered_by)
    return CheckContext(
        settings=settings,
        folder_name=folder,
        skill_files=frozenset(files) if files is not None else None,
        skill_dirs=frozenset(dirs),
        discovered_by=clients,
        file_name=file_name,
    )


def run(text: str, **kwargs: object) -> list[Diagnostic]:
    """Parse `text` and check it; keyword arguments build the `CheckContext`."""
    ctx = kwargs.pop("ctx", None)
    if ctx is None:
        ctx = context(**kwargs)  # type: ignore[arg-type]
    assert isinstance(ctx, CheckContext)
    return check(parse_document(text), ctx)


def codes(diagnostics: Iterable[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


def find(diagnostics: Iterable[Diagnostic], code: str) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code == code]


def one(diagnostics: Iterable[Diagnostic], code: str) -> Diagnostic:
    """The single diagnostic with `code` (fails when there are none or several)."""
    found = find(diagnostics, code)
    assert len(found) == 1, f"expected one {code}, got {[(d.code, d.message) for d in found]}"
    return found[0]


def r(line: int, col: int, end_line: int, end_col: int) -> Range:
    return Range.of(line, col, end_line, end_col)


def covered(text: str, rng: Range) -> str:
    """The text a range covers."""
    index = LineIndex(text)
    return text[index.offset(rng.start) : index.offset(rng.end)]


def apply_edits(text: str, edits: Iterable[TextEdit]) -> str:
    """Apply LSP-style edits (code-point positions, all relative to `text`) at once."""
    index = LineIndex(text)
    spans = []
    for edit in edits:
        start = index.offset(edit.range.start)
        end = index.offset(edit.range.end)
        assert start <= end, f"edit range is reversed: {edit}"
        spans.append((start, end, edit.new_text))
    spans.sort(key=lambda span: (span[0], span[1]))
    for (_, end, _), (start, _, _) in itertools.pairwise(spans):
        assert end <= start, f"edits overlap: {spans}"
    out = text
    for start, end, new_text in reversed(spans):
        out = out[:start] + new_text + out[end:]
    return out


def apply_fix(text: str, fix: Fix) -> str:
    return apply_edits(text, fix.edits)


def parse(text: str) -> SkillDocument:
    return parse_document(text)
