"""The agentskills.io specification's fields: name, description, compatibility, metadata,
license, allowed-tools."""

from __future__ import annotations

from skill_ls.clients.fields import (
    COMPATIBILITY_MAX,
    DESCRIPTION_MAX,
)
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Fix, Position, Range, Severity, TextEdit
from skill_ls.document import SkillDocument
from skill_ls.rules.helpers import (
    TYPED_SCALARS,
    describe_kind,
    first_line_range,
    insert_after_open,
    names,
    replace_value,
    yaml_double_quoted,
    yaml_scalar,
)
from skill_ls.rules.non_string import agents_reading
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.rules.spec_name import check_name
from skill_ls.scalars import sub_range
from skill_ls.yamltree import YMapping, YNode, YScalar, YSequence

FAMILY = "spec"

DESCRIPTION_MISSING = define(
    "SKL111",
    "description-missing",
    Severity.ERROR,
    "`description` is missing",
    "Agents decide whether to use a skill from its description alone; clients skip skills "
    "without one.",
    fixable=True,
    family=FAMILY,
)
DESCRIPTION_TYPE = define(
    "SKL112",
    "description-not-string",
    Severity.ERROR,
    "`description` is not a string",
    "A list, mapping, number or boolean description is not text the catalog can show.",
    fixable=True,
    family=FAMILY,
)
DESCRIPTION_EMPTY = define(
    "SKL113",
    "description-empty",
    Severity.ERROR,
    "`description` is empty",
    "An empty description gives the model nothing to choose the skill by; clients skip it.",
    family=FAMILY,
)
DESCRIPTION_LENGTH = define(
    "SKL114",
    "description-length",
    Severity.ERROR,
    f"`description` is longer than {DESCRIPTION_MAX:,} characters",
    f"The spec caps descriptions at {DESCRIPTION_MAX:,} characters (code points, not bytes); "
    "clients cut or reject longer ones.",
    family=FAMILY,
)
COMPATIBILITY = define(
    "SKL121",
    "compatibility-invalid",
    Severity.ERROR,
    f"`compatibility` must be a string of 1–{COMPATIBILITY_MAX} characters",
    "The spec defines `compatibility` as short free text.",
    family=FAMILY,
)
METADATA = define(
    "SKL122",
    "metadata-invalid",
    Severity.ERROR,
    "`metadata` must map strings to strings",
    "The spec defines `metadata` as a map of string keys to string values; typed values "
    "(numbers, booleans, lists) are read differently by different loaders.",
    fixable=True,
    family=FAMILY,
)
LICENSE = define(
    "SKL123",
    "license-invalid",
    Severity.ERROR,
    "`license` must be a string",
    "The spec defines `license` as a licence name or the name of a bundled file.",
    family=FAMILY,
)
ALLOWED_TOOLS = define(
    "SKL124",
    "allowed-tools-form",
    Severity.WARNING,
    "`allowed-tools` should be a space-separated string",
    "The spec's form is one string of space-separated tool patterns (`Bash(git:*) Read`). "
    "Comma-separated strings and YAML lists work in some clients and not others.",
    example="allowed-tools: Bash(git:*) Read Grep",
    fixable=True,
    family=FAMILY,
)


def check(doc: SkillDocument, report: Reporter) -> None:
    if not doc.has_frontmatter or doc.oversized_frontmatter:
        return
    if doc.unreadable and not doc.fields:
        return  # nothing could be read: the YAML error says it all
    check_name(doc, report)
    _check_description(doc, report)
    _check_optional_string(doc, report, "compatibility", COMPATIBILITY, COMPATIBILITY_MAX)
    _check_optional_string(doc, report, "license", LICENSE, None)
    _check_metadata(doc, report)
    entry = doc.fields.get("allowed-tools")
    if entry is not None and entry.value is not None:
        check_tools_value(doc, report, "allowed-tools", entry.value)


# What a client does with a skill that has no `description` key, from its row
# (`Client.reading`), worded for one client and for several.
_WITHOUT_DESCRIPTION: dict[str, tuple[str, str]] = {
    "body-first-line": (
        "describes it by its body's first line",
        "describe it by its body's first line",
    ),
    "body-lines": (
        "describes it by its body's first lines",
        "describe it by its body's first lines",
    ),
    "unlisted": (
        "loads it but leaves it out of the catalog",
        "load it but leave it out of the catalog",
    ),
    "listed": ("lists it without a description", "list it without a description"),
    "skip": ("skips it", "skip it"),
}


def _without_description(report: Reporter) -> tuple[str, bool]:
    """What the targets do with a skill without a description, and whether one skips it."""
    by_outcome: dict[str, list[Client]] = {}
    for client in report.context.audience:
        outcome = client.reading.without_description()
        by_outcome.setdefault(outcome, []).append(client)
    if not by_outcome:
        return "clients skip skills without one", True
    parts = [
        f"{names(clients)} {_WITHOUT_DESCRIPTION[outcome][len(clients) > 1]}"
        for outcome, clients in sorted(by_outcome.items(), key=lambda item: item[0] != "skip")
    ]
    return "; ".join(parts), "skip" in by_outcome


def _check_description(doc: SkillDocument, report: Reporter) -> None:
    entry = doc.fields.get("description")
    if entry is None:
        if "description" not in doc.unreadable_keys:
            fix = Fix(
                "Add a `description`", (insert_after_open(doc, 'description: ""\n'),), safe=False
            )
            message, skipped = _without_description(report)
            report.report(
                DESCRIPTION_MISSING,
                first_line_range(doc),
                f"`description` is missing: {message}",
                fixes=[fix],
                severity=Severity.ERROR if skipped else Severity.WARNING,
            )
        return
    value = entry.value
    if value is None:
        return
    if isinstance(value, YScalar) and value.kind == "null":
        report.report(
            DESCRIPTION_EMPTY,
            entry.key.range,
            "`description` is empty: the model has nothing to choose this skill by",
        )
        return
    if not isinstance(value, YScalar) or value.kind not in ("string", *TYPED_SCALARS):
        report.report(
            DESCRIPTION_TYPE,
            value.range,
            f"`description` must be a string, but it is {describe_kind(value)}"
            + agents_reading("description", value, report.context.audience),
        )
        return
    text = value.value
    if value.kind != "string":
        report.report(
            DESCRIPTION_TYPE,
            value.range,
            f"`description` is read as {describe_kind(value)} by typed YAML loaders; quote it"
            + agents_reading("description", value, report.context.audience),
            fixes=[Fix("Quote the description", (replace_value(value, yaml_double_quoted(text)),))],
        )
    if not text.strip():
        report.report(
            DESCRIPTION_EMPTY,
            value.range,
            "`description` is blank: the model has nothing to choose this skill by",
        )
        return
    if len(text) > DESCRIPTION_MAX:
        report.report(
            DESCRIPTION_LENGTH,
            sub_range(doc.index, value, DESCRIPTION_MAX, len(text)),
            f"`description` is {len(text):,} characters; the limit is {DESCRIPTION_MAX:,} "
            "(characters, not bytes): the highlighted part is over",
        )


def _check_optional_string(
    doc: SkillDocument, report: Reporter, key: str, rule: object, maximum: int | None
) -> None:
    from skill_ls.rules.registry import Rule

    assert isinstance(rule, Rule)
    entry = doc.fields.get(key)
    if entry is None or entry.value is None:
        return
    value = entry.value
    if not isinstance(value, YScalar) or value.kind != "string":
        fixes = []
        if isinstance(value, YScalar) and value.kind in TYPED_SCALARS:
            fixes.append(
                Fix(
                    f"Quote the value of `{key}`",
                    (replace_value(value, yaml_double_quoted(value.value)),),
                )
            )
        report.report(
            rule,
            value.range,
            f"`{key}` must be a string, but it is {describe_kind(value)}",
            fixes=fixes,
        )
        return
    if maximum is not None and not value.value.strip():
        report.report(rule, value.range, f"`{key}` is empty; remove it or say something")
    elif maximum is not None and len(value.value) > maximum:
        report.report(
            rule,
            sub_range(doc.index, value, maximum, len(value.value)),
            f"`{key}` is {len(value.value):,} characters; the limit is {maximum:,}",
        )


def _check_metadata(doc: SkillDocument, report: Reporter) -> None:
    entry = doc.fields.get("metadata")
    if entry is None or entry.value is None:
        return
    value = entry.value
    if isinstance(value, YScalar) and value.kind == "null":
        return
    if not isinstance(value, YMapping):
        report.report(
            METADATA,
            value.range,
            f"`metadata` must be a mapping of strings, but it is {describe_kind(value)}",
        )
        return
    for key, item in value.entries:
        if not isinstance(key, YScalar) or key.kind != "string":
            report.report(METADATA, key.range, "`metadata` keys must be strings")
            continue
        if isinstance(item, YScalar) and item.kind == "string":
            continue
        if isinstance(item, YScalar) and item.kind in (*TYPED_SCALARS, "null"):
            report.report(
                METADATA,
                item.range,
                f"`metadata.{key.value}` is {describe_kind(item)}; the spec wants strings, and "
                "typed loaders will not give this back as text",
                fixes=[
                    Fix(
                        f"Quote `metadata.{key.value}`",
                        (replace_value(item, yaml_double_quoted(item.value)),),
                    )
                ],
                severity=Severity.WARNING,
            )
        else:
            report.report(
                METADATA,
                item.range,
                f"`metadata.{key.value}` is {describe_kind(item)}; values must be "
                "strings (nest nothing under metadata)",
            )


def _split_outside_parentheses(text: str, separator: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        if char == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def check_tools_value(doc: SkillDocument, report: Reporter, key: str, value: YNode) -> None:
    """`allowed-tools`/`disallowed-tools`: the spec form is one space-separated string."""
    if isinstance(value, YScalar) and value.kind == "null":
        return
    if isinstance(value, YSequence):
        items = [item.value for item in value.items if isinstance(item, YScalar)]
        if len(items) != len(value.items):
            report.report(ALLOWED_TOOLS, value.range, f"`{key}` list items must be strings")
            return
        fixed = " ".join(items)
        form = "flow list" if value.flow else "YAML list"
        report.report(
            ALLOWED_TOOLS,
            value.range,
            f"`{key}` is a {form}; the spec form is a space-separated string "
            f"(`{fixed}`), which every client reads",
            fixes=[
                Fix("Rewrite as a space-separated string", (_tools_edit(doc, key, value, fixed),))
            ],
        )
        return
    if not isinstance(value, YScalar) or value.kind != "string":
        report.report(
            ALLOWED_TOOLS,
            value.range,
            f"`{key}` must be a space-separated string, but it is {describe_kind(value)}",
            severity=Severity.ERROR,
        )
        return
    parts = _split_outside_parentheses(value.value, ",")
    if len(parts) > 1:
        fixed = " ".join(parts)
        comma = value.value.find(",")
        report.report(
            ALLOWED_TOOLS,
            value.range,
            f"`{key}` is comma-separated; the spec form separates tools with spaces (`{fixed}`)",
            fixes=[
                Fix(
                    "Rewrite as a space-separated string",
                    (replace_value(value, yaml_scalar(fixed)),),
                )
            ],
            data={"comma": comma},
        )


def _tools_edit(doc: SkillDocument, key: str, value: YSequence, fixed: str) -> TextEdit:
    """Replace a list value (block or flow) by one string on the key's line."""
    entry = doc.fields[key]
    key_end = entry.key.range.end
    line = doc.index.line(key_end.line)
    colon = line.find(":", key_end.column)
    start = Position(key_end.line, colon + 1 if colon != -1 else key_end.column)
    end = value.range.end
    if not value.flow and end.column == 0 and end.line > start.line:
        # A block list ends at the start of the next line: keep that line break.
        end = Position(end.line - 1, len(doc.index.line(end.line - 1)))
    return TextEdit(Range(start, end), " " + yaml_scalar(fixed))
