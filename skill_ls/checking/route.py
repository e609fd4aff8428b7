"""The one way into the validator, for every edge (a file the command line checks, an
editor buffer, the server's workspace checks): the context gets the document's lookups,
the rules run, and findings from outside the document join them in one order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from skill_ls.diagnostics import Diagnostic
from skill_ls.document import SkillDocument
from skill_ls.gathering import with_lookups
from skill_ls.rules import check
from skill_ls.rules.context import CheckContext

# Findings for a document from outside it (cross-skill: clashes, shadowing), given the
# context it was checked in.
CrossFindings = Callable[[SkillDocument, CheckContext], Sequence[Diagnostic]]


@dataclass(frozen=True)
class Checked:
    # The context the rules ran in, with what was looked up for the document (a cached
    # result stores those answers as its probes).
    context: CheckContext
    diagnostics: list[Diagnostic]


def check_document(
    document: SkillDocument, context: CheckContext, cross: CrossFindings | None = None
) -> Checked:
    """Check `document` in `context` (built by `gathering.context_for_path`, without the
    document's lookups: they are made here), with `cross`'s findings when given."""
    looked_up = with_lookups(context, document)
    found = check(document, looked_up)
    if cross is not None:
        found = with_findings(found, cross(document, looked_up))
    return Checked(looked_up, found)


def with_findings(found: Sequence[Diagnostic], more: Sequence[Diagnostic]) -> list[Diagnostic]:
    """`found` and `more` in position order (`found` as it is when there is nothing more)."""
    if not more:
        return list(found)
    return sorted([*found, *more], key=lambda d: (d.range.start, d.code, d.message))
