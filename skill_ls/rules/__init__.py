"""The validator: `check(document, context)`, pure and shared by every edge."""

from __future__ import annotations

from skill_ls.diagnostics import Diagnostic
from skill_ls.document import SkillDocument
from skill_ls.rules import (
    arguments,
    body,
    body_commands,
    client_fields,
    config_rules,
    internal,
    manifests,
    mentions,
    openai_yaml,
    portability,
    quality,
    safety,
    side_effects,
    spec,
    structure,
    suppressions,
    unpinned_runners,
    upload,
    workspace,
)
from skill_ls.rules.context import CheckContext
from skill_ls.rules.helpers import first_line_range
from skill_ls.rules.registry import RULES, Rule
from skill_ls.rules.reporter import Reporter

__all__ = [
    "RULES",
    "CheckContext",
    "Rule",
    "check",
    "config_rules",
    "manifests",
    "mentions",
    "openai_yaml",
    "workspace",
]

_FAMILIES = (
    structure,
    spec,
    portability,
    client_fields,
    upload,
    body,
    body_commands,
    arguments,
    side_effects,
    quality,
    safety,
    unpinned_runners,
)

# A root-level `*.md` read as a file (`CheckContext.read_as_file`): it needs no frontmatter
# and is named after the file, so the rules on the frontmatter's shape and fields do not
# apply; whether each agent loads it is the workspace index's (SKL506).
_FILE_FAMILIES = (body, body_commands, arguments, side_effects, safety, unpinned_runners)


def check(document: SkillDocument, context: CheckContext | None = None) -> list[Diagnostic]:
    """Every finding for one SKILL.md, sorted by position, less those its inline
    suppressions cover. Never raises on user input: a family that fails (a bug) costs one
    SKL902 finding naming it, not the other families."""
    context = context or CheckContext()
    matcher = (
        suppressions.Matcher(suppressions.find_suppressions(document))
        if context.settings.inline_suppressions
        else None
    )
    reporter = Reporter(context, suppressions=matcher)
    failed = False
    for family in _FILE_FAMILIES if context.read_as_file else _FAMILIES:
        try:
            family.check(document, reporter)
        except Exception as error:
            name = family.__name__.rsplit(".", 1)[-1]
            import logging  # only a bug gets here (3 ms of a small check's start)

            where = document.path or "a buffer"
            logging.getLogger(__name__).exception("the %s checks failed on %s", name, where)
            reporter.report(
                internal.INTERNAL_ERROR,
                first_line_range(document),
                f"the {name} checks failed on this file ({type(error).__name__}: {error}); "
                "the other checks ran. This is a bug in skill-ls: please report it.",
            )
            failed = True
    # After a failed family its suppressions may look unused: judge them on a full check.
    if matcher is not None and not failed:
        suppressions.report_suppressions(matcher, reporter, cross=False)
    return sorted(reporter.found, key=lambda d: (d.range.start, d.code))
