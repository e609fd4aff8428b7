"""Configuration problems are findings too (reported on the configuration file)."""

from __future__ import annotations

from skill_ls.diagnostics import Severity
from skill_ls.rules.registry import define

CONFIG_PROBLEM = define(
    "SKL901",
    "invalid-configuration",
    Severity.WARNING,
    "unknown or invalid skill-ls setting",
    "A misspelt setting silently doing nothing is worse than a warning: unknown keys and bad "
    "values are reported, and the rest of the configuration still applies.",
    family="configuration",
)
