"""Portability: files that one loader reads and another misreads or drops."""

from __future__ import annotations

import re

from skill_ls.clients.fields import ALL_FIELDS
from skill_ls.clients.loaders import misread_as
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Fix, Position, Range, Severity, TextEdit
from skill_ls.document import SkillDocument
from skill_ls.rules.helpers import describe_kind, names, value_range, yaml_double_quoted
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.yamltree import YAlias, YMapping, YNode, YScalar, YSequence

FAMILY = "portability"

BOM = define(
    "SKL201",
    "byte-order-mark",
    Severity.WARNING,
    "SKILL.md starts with a UTF-8 byte order mark",
    "Loaders that test whether the file starts with `---` see the invisible BOM first and "
    "find no frontmatter, so the skill vanishes from them.",
    fixable=True,
    family=FAMILY,
)
CRLF = define(
    "SKL202",
    "crlf-line-endings",
    Severity.WARNING,
    "SKILL.md uses CRLF (Windows) line endings",
    "Loaders that split the frontmatter on `\\n---\\n` miss it with `\\r\\n` endings; the "
    "skill then has no name or description.",
    fixable=True,
    family=FAMILY,
)
BLANK_BEFORE = define(
    "SKL203",
    "blank-before-frontmatter",
    Severity.ERROR,
    "blank lines before the opening `---`",
    "The frontmatter must start on the first line; with anything before it, most loaders "
    "see no frontmatter at all.",
    fixable=True,
    family=FAMILY,
)
MISREAD_VALUE = define(
    "SKL204",
    "plain-value-misread",
    Severity.WARNING,
    "an unquoted value is read differently than it reads",
    "In an unquoted (plain) value, ` #` starts a comment that cuts the text; `*`, `&` and `!` "
    "at the start make an alias, anchor or tag; `1_000`, `0b101` or `1:30` are numbers and "
    "`yes`/`no`/`on`/`off` booleans to some loaders (js-yaml, YAML 1.1) though strings to "
    "YAML 1.2: judged by the YAML loader of each target (its client row), and named. Quote "
    "such values.",
    fixable=True,
    family=FAMILY,
)
BLOCK_DESCRIPTION = define(
    "SKL205",
    "block-scalar-description",
    Severity.WARNING,
    "`description` is a block scalar (`|` or `>`)",
    "Naive frontmatter parsers read `>-` or `|` literally as the description. A quoted "
    "one-line string means the same to every loader.",
    fixable=True,
    family=FAMILY,
)
DASHES_IN_VALUE = define(
    "SKL206",
    "dashes-in-frontmatter",
    Severity.WARNING,
    "`---` inside the frontmatter",
    "Parsers that split the file at every `---` (the reference library does) cut the "
    "frontmatter there.",
    family=FAMILY,
)
LOWERCASE_FILENAME = define(
    "SKL207",
    "skill-md-filename",
    Severity.ERROR,
    "the file must be named `SKILL.md`",
    "Clients look for `SKILL.md` exactly; on case-sensitive file systems `skill.md` is not found.",
    family=FAMILY,
)
TABS = define(
    "SKL208",
    "tab-in-frontmatter",
    Severity.WARNING,
    "tab character in the frontmatter",
    "YAML forbids tabs for indentation, and loaders differ on tabs elsewhere.",
    family=FAMILY,
)
ANCHORS = define(
    "SKL209",
    "yaml-anchor-alias",
    Severity.WARNING,
    "YAML anchors or aliases in the frontmatter",
    "Restricted loaders (strictyaml in the reference library) reject anchors and aliases.",
    family=FAMILY,
)
TAGS = define(
    "SKL210",
    "yaml-tag",
    Severity.WARNING,
    "explicit YAML tag in the frontmatter",
    "Tags like `!!str` or `!custom` are rejected or misread by restricted and safe loaders.",
    family=FAMILY,
)
FLOW = define(
    "SKL211",
    "yaml-flow-style",
    Severity.INFO,
    "flow-style collection (`[a, b]` or `{a: b}`) in the frontmatter",
    "Restricted loaders (strictyaml in the reference library) reject flow style; block style "
    "reads the same everywhere.",
    family=FAMILY,
)

_STRING_FIELDS = {name for name, spec in ALL_FIELDS.items() if spec.type in ("string", "enum")}


def check(doc: SkillDocument, report: Reporter) -> None:
    context = report.context
    if (
        context.file_name is not None
        and context.file_name != "SKILL.md"
        and context.file_name.lower() == "skill.md"
    ):
        report.report(
            LOWERCASE_FILENAME,
            doc.index.line_range(0),
            f"file is named `{context.file_name}`; clients look for `SKILL.md`",
        )
    if doc.has_bom:
        report.report(
            BOM,
            Range.of(0, 0, 0, 1),
            "UTF-8 byte order mark before `---`: loaders that check for `---` at the start "
            "see no frontmatter",
            fixes=[Fix("Remove the byte order mark", (TextEdit(Range.of(0, 0, 0, 1), ""),))],
        )
    if doc.crlf_lines:
        normalized = doc.text.replace("\r\n", "\n").replace("\r", "\n")
        whole = Range(Position(0, 0), doc.index.end())
        first = doc.crlf_lines[0]
        report.report(
            CRLF,
            doc.index.line_range(first),
            f"CRLF line endings ({doc.line_endings}); loaders that split on `\\n---\\n` miss "
            "the frontmatter",
            fixes=[Fix("Convert line endings to LF", (TextEdit(whole, normalized),))],
        )
    fm = doc.frontmatter
    if fm is not None and doc.leading_blank_lines:
        start = 1 if doc.has_bom else 0
        report.report(
            BLANK_BEFORE,
            Range.of(0, 0, fm.open_line, 0),
            f"{doc.leading_blank_lines} blank line(s) before the opening `---`: most loaders "
            "then see no frontmatter",
            fixes=[
                Fix("Remove the blank lines", (TextEdit(Range.of(0, start, fm.open_line, 0), ""),))
            ],
        )
    if not doc.has_frontmatter:
        return
    for rng in doc.dashes_in_values[:3]:
        report.report(
            DASHES_IN_VALUE,
            rng,
            "`---` inside the frontmatter: parsers that split the file at every "
            "`---` cut the frontmatter here",
        )
    for rng in doc.tabs[:3]:
        indents = not doc.index.line(rng.start.line)[: rng.start.column].strip(" ")
        message = _tab_indent_message(report) if indents else None
        report.report(TABS, rng, message or "tab character in the frontmatter; use spaces")
    for rng in doc.facts.anchors[:3]:
        report.report(ANCHORS, rng, "YAML anchor: restricted loaders reject anchors")
    for rng in doc.facts.aliases[:3]:
        report.report(ANCHORS, rng, "YAML alias: restricted loaders reject aliases")
    for tag, rng in doc.facts.tags[:3]:
        report.report(TAGS, rng, f"explicit YAML tag `{tag}`: restricted loaders reject tags")
    for rng in doc.facts.flow[:3]:
        report.report(
            FLOW,
            rng,
            "flow-style collection: restricted loaders reject `[..]`/"
            "`{..}`; block style reads the same everywhere",
        )
    _check_plain_values(doc, report)
    _check_leading_indicators(doc, report)
    _check_block_description(doc, report)


# A top-level `key: value` whose value starts with a YAML indicator character.
_LEADING_INDICATOR = re.compile(r"(?P<key>[A-Za-z_][\w-]*)[ \t]*:[ \t]+(?P<value>[\[{*&!%@`].*)$")
_INDICATOR_MEANING = {
    "[": "starts a flow list",
    "{": "starts a flow mapping",
    "*": "makes an alias",
    "&": "makes an anchor",
    "!": "makes a tag",
    "%": "is reserved for directives",
    "@": "is reserved",
    "`": "is reserved",
}


def _check_leading_indicators(doc: SkillDocument, report: Reporter) -> None:
    """A text value that starts with `[ { * & ! % @` or a backtick is not plain text to YAML:
    it fails to load, or loads as something else (an anchor swallows the first word)."""
    fm = doc.frontmatter
    assert fm is not None and fm.close_line is not None
    for number in range(fm.first_line, fm.close_line):
        line = doc.index.line(number)
        match = _LEADING_INDICATOR.match(line)
        if match is None or match.group("key") not in _STRING_FIELDS:
            continue
        key = match.group("key")
        written = match.group("value").rstrip(" \t")
        indicator = written[0]
        entry = doc.fields.get(key)
        if entry is not None and entry.key.range.start.line != number:
            continue  # a later duplicate: the duplicate-key finding covers it
        value = entry.value if entry is not None else None
        if entry is not None and not _misread(indicator, written, value):
            continue
        last = number
        parts = [written]
        for follower in range(number + 1, fm.close_line):
            text = doc.index.line(follower)
            if not text.strip():
                continue
            if not text[0].isspace():
                break
            parts.append(text.strip())
            last = follower
        start = match.start("value")
        end = len(doc.index.line(last).rstrip(" \t"))
        loads = (
            "no YAML loader reads the entry"
            if value is None
            else f"YAML loads it as {describe_kind(value)}"
            if not isinstance(value, YScalar)
            else f"YAML loads it as '{value.value}'"
        )
        shown = "a backtick" if indicator == "`" else f"`{indicator}`"
        report.report(
            MISREAD_VALUE,
            Range.of(number, start, number, start + 1),
            f"`{key}` starts with {shown}, which {_INDICATOR_MEANING[indicator]} in YAML: "
            f"{loads}; quote the value",
            fixes=[
                Fix(
                    f"Quote the value of `{key}`",
                    (
                        TextEdit(
                            Range.of(number, start, last, end),
                            yaml_double_quoted(" ".join(parts)),
                        ),
                    ),
                )
            ],
        )


def _misread(indicator: str, written: str, value: YNode | None) -> bool:
    """Whether a value written with a leading indicator loads as something other than
    intended. Lists and maps in text fields are type errors, reported by the type rules."""
    if indicator in "[{":
        return False
    if isinstance(value, YAlias):
        return True
    if indicator == "!" and written.startswith("!!"):
        return False  # a core tag like `!!str` is deliberate
    if isinstance(value, YScalar) and indicator in "&!":
        return value.value != "" or " " in written.strip()
    return isinstance(value, (YMapping, YSequence)) and indicator in "&!"


def _check_plain_values(doc: SkillDocument, report: Reporter) -> None:
    for key, entry in doc.fields.items():
        value = entry.value
        if key not in _STRING_FIELDS or not isinstance(value, YScalar) or entry.recovered:
            continue
        if value.style != "" or value.range.start.line != value.range.end.line:
            continue
        line = doc.index.line(value.range.start.line)
        rest = line[value.range.end.column :]
        comment = rest.find("#")
        # A `# skill-ls: ...` directive is meant as a comment (`rules.suppressions`).
        directive = rest[comment + 1 :].lstrip(" \t").startswith("skill-ls")
        if (
            comment != -1
            and not directive
            and (
                value.range.end.column + comment == 0
                or line[value.range.end.column + comment - 1] in " \t"
            )
        ):
            full = line[value.range.start.column :].rstrip()
            start = value.range.end.column + comment
            report.report(
                MISREAD_VALUE,
                Range.of(value.range.start.line, start, value.range.start.line, len(line.rstrip())),
                f"` #` starts a YAML comment: `{key}` is read as '{value.value}', without "
                "the rest; quote the value",
                fixes=[
                    Fix(
                        f"Quote the whole value of `{key}`",
                        (
                            TextEdit(
                                Range.of(
                                    value.range.start.line,
                                    value.range.start.column,
                                    value.range.start.line,
                                    len(line.rstrip()),
                                ),
                                yaml_double_quoted(full),
                            ),
                        ),
                    )
                ],
            )
        elif value.kind == "string":
            _check_loader_types(report, key, value)


def _tab_indent_message(report: Reporter) -> str | None:
    """What the targets' parsers make of a tab-indented line (`Client.reading.tab_indent`)."""
    by_mode: dict[str, list[Client]] = {}
    for client in report.context.audience:
        by_mode.setdefault(client.reading.tab_indent, []).append(client)
    if not by_mode:
        return None
    parts = []
    if "spaces" in by_mode:
        one = len(by_mode["spaces"]) == 1
        parts.append(f"{names(by_mode['spaces'])} indent{'s' if one else ''} it as spaces would")
    if "none" in by_mode:
        one = len(by_mode["none"]) == 1
        parts.append(f"{names(by_mode['none'])} read{'s' if one else ''} it as a top-level line")
    if "error" in by_mode:
        parts.append(f"to {names(by_mode['error'])} the frontmatter is a YAML error")
    return f"a tab indents this line (YAML forbids it): {'; '.join(parts)}; indent with spaces"


_KIND_WORDS = {"bool": "a boolean", "int": "a number", "float": "a number", "null": "null"}


def _check_loader_types(report: Reporter, key: str, value: YScalar) -> None:
    """A plain value that is a string to YAML 1.2 but typed by the YAML loader of a target
    (`Client.reading.yaml_loader`: `1_000`, `0b101`, base 60 `1:30`, YAML 1.1's `yes`/`off`)."""
    by_kind: dict[str, list[Client]] = {}
    for client in report.context.audience:
        kind = misread_as(client.reading.yaml_loader, value.value)
        if kind is not None:
            by_kind.setdefault(_KIND_WORDS[kind], []).append(client)
    if not by_kind:
        return
    readers = "; ".join(
        f"{names(clients)} read{'s' if len(clients) == 1 else ''} it as {kind}"
        for kind, clients in by_kind.items()
    )
    report.report(
        MISREAD_VALUE,
        value.range,
        f"`{key}: {value.value}` is a string to YAML 1.2 loaders, but {readers}; quote it",
        fixes=[Fix("Quote the value", (TextEdit(value.range, yaml_double_quoted(value.value)),))],
    )


def _check_block_description(doc: SkillDocument, report: Reporter) -> None:
    entry = doc.fields.get("description")
    if entry is None or not isinstance(entry.value, YScalar):
        return
    value = entry.value
    if value.style not in ("|", ">"):
        return
    written = doc.index.line(value.range.start.line)[value.range.start.column :]
    header = re.split(r"[ \t]#", written, maxsplit=1)[0].strip()  # without a comment
    text = value.value.rstrip("\n") if header.endswith("-") or value.style == ">" else value.value
    report.report(
        BLOCK_DESCRIPTION,
        Range.of(
            value.range.start.line,
            value.range.start.column,
            value.range.start.line,
            value.range.start.column + len(header),
        ),
        f"`description: {header}` is a block scalar; naive parsers read `{header}` as the "
        "description. A quoted one-line string reads the same everywhere",
        fixes=[
            Fix(
                "Convert to a quoted one-line string",
                (TextEdit(value_range(value), yaml_double_quoted(text) + "\n"),),
            )
        ],
    )
