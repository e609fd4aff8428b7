"""The validator: `check(document, context)`, pure and shared by every edge."""

from __future__ import annotations

from skill_ls.diagnostics import Diagnostic
from skill_ls.document import SkillDocument
from skill_ls.rules import (
    body,
    client_fields,
    config_rules,
    portability,
    quality,
    spec,
    structure,
    workspace,
)
from skill_ls.rules.context import CheckContext
from skill_ls.rules.registry import RULES, Rule
from skill_ls.rules.reporter import Reporter

__all__ = ["RULES", "CheckContext", "Rule", "check", "config_rules", "workspace"]

_FAMILIES = (structure, spec, portability, client_fields, body, quality)


def check(document: SkillDocument, context: CheckContext | None = None) -> list[Diagnostic]:
    """Every finding for one SKILL.md, sorted by position. Never raises on user input."""
    reporter = Reporter(context or CheckContext())
    for family in _FAMILIES:
        family.check(document, reporter)
    return sorted(reporter.found, key=lambda d: (d.range.start, d.code))
