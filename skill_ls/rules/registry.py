"""Every rule's identity: stable code, default severity, summary, rationale and docs.

`skill-ls rules` and `skill-ls explain CODE` print from here; the LSP links codes to the
docs generated from here (shipped in the package, or at the `docsUrl` setting). Checks
live in the sibling modules, one family per module.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from urllib.parse import quote_from_bytes, urlsplit

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
    or by default the shipped copy of the docs as a `file://` URI. Every edge (diagnostics'
    code links, SARIF, JSON) takes its links from here, so a base that is not a plain
    `https:` address (`command:`, `javascript:`, a local file) is never emitted."""
    anchor = code.lower()
    if base and docs_base_problem(base) is None:
        if "{code}" in base:
            return base.replace("{code}", anchor)
        return f"{base.split('#', 1)[0]}#{anchor}"
    return f"{shipped_docs_uri()}#{anchor}"


def docs_base_problem(base: str) -> str | None:
    """Why `base` may not be where rule codes link to, or None when it may: only `https:`
    addresses with a host, since a repository can set it and editors open such links with
    their own powers (VS Code runs `command:` links)."""
    if any(ord(char) <= 0x20 or ord(char) == 0x7F or char == "\\" for char in base):
        return "a docs URL may not contain spaces, control characters or backslashes"
    try:
        parts = urlsplit(base)
    except ValueError:
        return "not a valid URL"
    if parts.scheme.lower() != "https" or not parts.hostname:
        return "only an https: address is allowed"
    return None


@functools.cache
def shipped_docs_uri() -> str:
    """The `file://` URI of the rule docs installed with the package."""
    # The package's own path, quoted as `pathlib` would (no link is followed: the rules ask
    # the disk nothing, and an editor opens the file through the link as well).
    path = str(resources.files("skill_ls").joinpath(SHIPPED_DOCS))
    return "file://" + quote_from_bytes(path.encode("utf-8", "surrogateescape"))
