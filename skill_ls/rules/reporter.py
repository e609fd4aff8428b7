"""Collects a check's findings; applies the user's rule selection and severities once, drops
the findings an inline suppression covers, and caps each rule's findings per document
(hostile input must not bury the report)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from skill_ls.diagnostics import Diagnostic, Fix, Range, Related, Severity
from skill_ls.rules.context import CheckContext
from skill_ls.rules.registry import Rule

# Findings of one rule in one document beyond this many are counted, not listed: the rest
# becomes one finding that says how many more there are.
MAX_PER_RULE = 100


class Suppressing(Protocol):
    """The document's inline suppressions (`rules.suppressions.Matcher`)."""

    def suppresses(self, code: str, line: int) -> bool: ...


class Reporter:
    def __init__(
        self,
        context: CheckContext,
        max_per_rule: int = MAX_PER_RULE,
        suppressions: Suppressing | None = None,
    ) -> None:
        self.context = context
        self.suppressions = suppressions
        self.max_per_rule = max_per_rule
        self._kept: list[Diagnostic] = []
        self._counts: dict[str, int] = {}
        # Rule code -> the first finding past the cap (where the summary goes).
        self._first_dropped: dict[str, Diagnostic] = {}

    @property
    def found(self) -> list[Diagnostic]:
        """The findings kept, then one per capped rule: "... and N more SKLxxx findings"."""
        summaries = []
        for code, first in self._first_dropped.items():
            more = self._counts[code] - self.max_per_rule
            summaries.append(
                Diagnostic(
                    code=code,
                    severity=first.severity,
                    message=f"... and {more:,} more {code} findings in this file (only the "
                    f"first {self.max_per_rule} are listed)",
                    range=first.range,
                    data={"more": more},
                )
            )
        return [*self._kept, *summaries]

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
        if self.suppressions is not None and self.suppressions.suppresses(
            rule.code, range_.start.line
        ):
            return
        chosen = settings.rules.get(rule.code) or severity or rule.severity
        count = self._counts.get(rule.code, 0) + 1
        self._counts[rule.code] = count
        if count > self.max_per_rule:
            if count == self.max_per_rule + 1:
                self._first_dropped[rule.code] = Diagnostic(rule.code, chosen, message, range_)
            return
        self._kept.append(
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
