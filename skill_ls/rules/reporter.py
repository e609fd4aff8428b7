"""Collects a check's findings; applies the user's rule selection and severities once."""

from __future__ import annotations

from collections.abc import Iterable

from skill_ls.diagnostics import Diagnostic, Fix, Range, Related, Severity
from skill_ls.rules.context import CheckContext
from skill_ls.rules.registry import Rule


class Reporter:
    def __init__(self, context: CheckContext) -> None:
        self.context = context
        self.found: list[Diagnostic] = []

    def enabled(self, rule: Rule) -> bool:
        return self.context.settings.rule_enabled(rule.code)

    def report(
        self,
        rule: Rule,
        range_: Range,
        message: str,
        *,
        fixes: Iterable[Fix] = (),
        related: Iterable[Related] = (),
        severity: Severity | None = None,
        tags: tuple[str, ...] = (),
        data: dict[str, object] | None = None,
    ) -> None:
        """Record a finding. `severity` lets a rule adapt to the audience; the user's
        per-rule setting still wins."""
        settings = self.context.settings
        if not settings.rule_enabled(rule.code):
            return
        chosen = settings.rules.get(rule.code) or severity or rule.severity
        self.found.append(
            Diagnostic(
                code=rule.code,
                severity=chosen,
                message=message,
                range=range_,
                fixes=tuple(fixes),
                related=tuple(related),
                tags=tags,
                data=data or {},
            )
        )
