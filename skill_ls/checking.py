"""Check SKILL.md files on disk: read, parse, build the context, run the validator."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.config import Settings
from skill_ls.diagnostics import Diagnostic, Range
from skill_ls.document import SkillDocument, load_document
from skill_ls.rules import check
from skill_ls.rules.context import context_for_path
from skill_ls.rules.structure import UNREADABLE_FILE


@dataclass
class FileResult:
    path: Path
    document: SkillDocument | None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def check_file(path: Path, settings: Settings) -> FileResult:
    """Never raises: an unreadable file becomes an SKL010 finding."""
    try:
        document = load_document(path)
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        if not settings.rule_enabled(UNREADABLE_FILE.code):
            return FileResult(path, None, [])
        return FileResult(
            path,
            None,
            [
                Diagnostic(
                    UNREADABLE_FILE.code,
                    settings.rules.get(UNREADABLE_FILE.code) or UNREADABLE_FILE.severity,
                    f"cannot read {path.name}: {reason}",
                    Range.of(0, 0, 0, 0),
                )
            ],
        )
    context = context_for_path(path, settings)
    return FileResult(path, document, check(document, context))
