"""A fault in skill-ls itself, reported as a finding instead of taking the other checks down."""

from __future__ import annotations

from skill_ls.diagnostics import Severity
from skill_ls.rules.registry import define

INTERNAL_ERROR = define(
    "SKL902",
    "internal-error",
    Severity.WARNING,
    "a family of checks failed on this file (a bug in skill-ls)",
    "One faulty check must not hide every other finding: the family that failed is named, "
    "the rest of the checks still ran, and the error is logged. Please report it with the "
    "file that triggers it.",
    family="internal",
)
