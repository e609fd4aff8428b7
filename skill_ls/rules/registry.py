"""Every rule's identity: stable code, default severity, summary, rationale and docs.

`skill-ls rules` and `skill-ls explain CODE` print from here; the LSP links codes to the
docs generated from here (shipped in the package, or at the `docsUrl` setting). Checks
live in the sibling modules, one family per module.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

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

# The rule docs shipped in the package (a copy of docs/rules.md, kept identical by a test).
SHIPPED_DOCS = "data/rules.md"


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


def docs_url(code: str, base: str | None = None) -> str:
    """Where a rule is documented: `base` (the `docsUrl` setting: the address of the rules
    document, `{code}` standing for the lower-case code where given, else `#code` appended),
    or by default the shipped copy of the docs as a `file://` URI."""
    anchor = code.lower()
    if base:
        if "{code}" in base:
            return base.replace("{code}", anchor)
        return f"{base.split('#', 1)[0]}#{anchor}"
    return f"{shipped_docs_uri()}#{anchor}"


@functools.cache
def shipped_docs_uri() -> str:
    """The `file://` URI of the rule docs installed with the package."""
    path = Path(str(resources.files("skill_ls").joinpath(SHIPPED_DOCS)))
    return path.resolve().as_uri()
