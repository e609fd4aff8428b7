"""Every rule's identity: stable code, default severity, summary, rationale and docs.

`skill-ls rules` and `skill-ls explain CODE` print from here; the LSP links codes to the
docs generated from here. Checks live in the sibling modules, one family per module.
"""

from __future__ import annotations

from dataclasses import dataclass

from skill_ls.diagnostics import Severity


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    rationale: str
    example: str = ""
    fixable: bool = False
    # The family module that implements it, for the docs.
    family: str = ""


RULES: dict[str, Rule] = {}

DOCS_URL = "https://github.com/skill-ls/skill-ls/blob/main/docs/rules.md#{code}"


def define(
    code: str,
    name: str,
    severity: Severity,
    summary: str,
    rationale: str,
    *,
    example: str = "",
    fixable: bool = False,
    family: str = "",
) -> Rule:
    """Register a rule; codes are unique and never reused."""
    if code in RULES:
        raise ValueError(f"rule code {code} defined twice")
    rule = Rule(code, name, severity, summary, rationale, example, fixable, family)
    RULES[code] = rule
    return rule


def docs_url(code: str) -> str:
    return DOCS_URL.format(code=code.lower())
