"""File and frontmatter structure: can any client find and read the frontmatter at all?"""

from __future__ import annotations

import re

from skill_ls.diagnostics import Fix, Range, Related, Severity, TextEdit
from skill_ls.document import MAX_FRONTMATTER_CHARS, SkillDocument
from skill_ls.document.split_block import as_opening_block
from skill_ls.rules.helpers import (
    first_line_range,
    names,
    point,
    yaml_double_quoted,
    yaml_scalar,
)
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter

FAMILY = "structure"

NO_FRONTMATTER = define(
    "SKL001",
    "no-frontmatter",
    Severity.ERROR,
    "SKILL.md has no YAML frontmatter",
    "Every client reads `name` and `description` from a frontmatter block that opens with "
    "`---` on the first line. Without it, no client lists the skill.",
    example="---\nname: pdf-tools\ndescription: Extract text from PDFs. Use when ...\n---",
    fixable=True,
    family=FAMILY,
)
UNCLOSED_FRONTMATTER = define(
    "SKL002",
    "unclosed-frontmatter",
    Severity.ERROR,
    "frontmatter is never closed with `---`",
    "Without the closing `---` line, loaders either find no frontmatter or read the whole "
    "file as YAML; either way the skill is dropped.",
    family=FAMILY,
)
YAML_SYNTAX = define(
    "SKL003",
    "yaml-syntax",
    Severity.ERROR,
    "frontmatter is not valid YAML",
    "Strict YAML loaders (Codex, Copilot, Gemini CLI and most others) drop the whole skill on "
    "a YAML error. Lenient loaders (Claude Code, the client guide's advice) retry an unquoted "
    "value containing `: ` as a string, so the same file loads in one agent and vanishes in "
    "another. Quote the value.",
    example='description: "Use this: when the user asks for PDFs"',
    fixable=True,
    family=FAMILY,
)
NOT_A_MAPPING = define(
    "SKL004",
    "frontmatter-not-mapping",
    Severity.ERROR,
    "frontmatter is not a mapping of keys to values",
    "The frontmatter must be a YAML mapping (`key: value` lines); a list or a bare value "
    "carries no name or description.",
    family=FAMILY,
)
DUPLICATE_KEY = define(
    "SKL005",
    "duplicate-key",
    Severity.ERROR,
    "a frontmatter key appears twice",
    "YAML forbids duplicate keys: strict loaders fail, others silently keep the first or the "
    "last copy, so different agents see different values.",
    family=FAMILY,
)
ENCODING = define(
    "SKL006",
    "invalid-encoding",
    Severity.ERROR,
    "SKILL.md is not valid UTF-8",
    "Agents read SKILL.md as UTF-8; invalid bytes are replaced or make the loader fail.",
    family=FAMILY,
)
FRONTMATTER_BOUND = define(
    "SKL007",
    "frontmatter-too-large",
    Severity.ERROR,
    "frontmatter is too large or too deeply nested to read",
    f"Frontmatter over {MAX_FRONTMATTER_CHARS // 1024} KiB, over 20,000 YAML nodes or nested "
    "deeper than 64 levels is not read; no real skill needs that, and such input is how "
    "resource-exhaustion attacks on YAML loaders work.",
    family=FAMILY,
)
NUL_BYTES = define(
    "SKL008",
    "nul-byte",
    Severity.ERROR,
    "SKILL.md contains NUL bytes",
    "A NUL byte marks a binary file: many tools stop reading at it or refuse the file.",
    family=FAMILY,
)
EXTRA_DOCUMENTS = define(
    "SKL009",
    "multiple-yaml-documents",
    Severity.ERROR,
    "frontmatter holds more than one YAML document",
    "A `...` or a second document inside the frontmatter makes single-document loaders fail.",
    family=FAMILY,
)


def _who_lists_it_anyway(doc: SkillDocument, report: Reporter) -> str:
    """Which agents of the audience still list a SKILL.md without a block at its start:
    those that load one without frontmatter (`Client.reading.bad_frontmatter`), and those
    that take a block between two `---` lines further down (`frontmatter_split`)."""
    audience = report.context.audience
    without = [c for c in audience if c.reading.bad_frontmatter in ("ignore", "ignore-missing")]
    below = (
        [c for c in audience if c.reading.frontmatter_split and c not in without]
        if as_opening_block(doc.text) is not None
        else []
    )
    if not without and not below:
        return "no client will list this skill"
    still = []
    if without:
        still.append(f"{names(without)} list{'s' if len(without) == 1 else ''} it without one")
    if below:
        takes = "takes" if len(below) == 1 else "take"
        still.append(f"{names(below)} {takes} the block between its first two `---` lines")
    others = len(audience) > len(without) + len(below)
    return "; ".join(still) + ("; the others drop it" if others else "")


def check(doc: SkillDocument, report: Reporter) -> None:
    if doc.decode_problem is not None:
        report.report(ENCODING, doc.decode_problem.range, doc.decode_problem.message)
    for rng in doc.nul_bytes[:1]:
        report.report(NUL_BYTES, rng, f"NUL byte in SKILL.md ({len(doc.nul_bytes)} in all)")
    fm = doc.frontmatter
    if fm is None:
        folder = report.context.folder_name or "my-skill"
        insert = f"---\nname: {yaml_scalar(folder)}\ndescription: \n---\n"
        # After a byte order mark, which must stay first.
        at = Range.point(0, 1 if doc.has_bom else 0)
        report.report(
            NO_FRONTMATTER,
            first_line_range(doc),
            "no frontmatter: SKILL.md must start with a `---` line, then `name` and "
            f"`description`, then `---`; {_who_lists_it_anyway(doc, report)}",
            fixes=[Fix("Add a frontmatter block", (TextEdit(at, insert),), safe=False)],
        )
        return
    if fm.close_line is None:
        report.report(
            UNCLOSED_FRONTMATTER,
            doc.index.line_range(fm.open_line),
            "frontmatter opened here is never closed with a `---` line; clients drop the skill",
        )
        return
    if doc.oversized_frontmatter:
        report.report(
            FRONTMATTER_BOUND,
            doc.index.line_range(fm.open_line),
            f"frontmatter is over {MAX_FRONTMATTER_CHARS // 1024} KiB; it was not read",
        )
        return
    _check_yaml(doc, report)
    if doc.facts.extra_documents:
        report.report(
            EXTRA_DOCUMENTS,
            doc.index.line_range(fm.open_line),
            "frontmatter contains a YAML document end (`...`) or a second document",
        )
    for key, rng, first in doc.facts.duplicate_keys:
        report.report(
            DUPLICATE_KEY,
            rng,
            f"duplicate key `{key}`: strict loaders reject the skill; others keep one copy "
            "and which one differs between agents",
            related=[Related(doc.path or "", first, f"first `{key}` is here")],
        )


def _check_yaml(doc: SkillDocument, report: Reporter) -> None:
    audience = report.context.audience
    strict = [c for c in audience if c.reading.yaml == "strict"]
    lenient = [c for c in audience if c.reading.yaml == "lenient"]
    for error in doc.unreadable:
        bound = "not read further" in error.message
        rule = (
            FRONTMATTER_BOUND
            if bound
            else NOT_A_MAPPING
            if "not a mapping" in error.message
            else YAML_SYNTAX
        )
        suffix = "" if bound or rule is NOT_A_MAPPING else "; no YAML loader can read it"
        line = doc.index.line(error.range.start.line)
        if suffix and line[: len(line) - len(line.lstrip(" \t"))].count("\t"):
            # A tab indent: some parsers take the tab otherwise (`Client.reading.tab_indent`).
            readers = [c for c in audience if c.reading.tab_indent != "error"]
            if readers:
                verb = "takes" if len(readers) == 1 else "take"
                suffix = (
                    f"; of the targets only {names(readers)} {verb} the tab otherwise (SKL208), "
                    "no other YAML loader can read it"
                )
        report.report(rule, point(doc, error.range.start), f"{error.message}{suffix}")
    recovered = [(k, f) for k, f in doc.fields.items() if f.recovered]
    for key, entry in recovered:
        assert entry.value is not None
        text = entry.value.value if hasattr(entry.value, "value") else ""
        rng = _first_value_indicator(doc, entry.value.range)
        who_loads = f"{names(lenient)} load{'s' if len(lenient) == 1 else ''} it"
        if not lenient:
            who_loads = "lenient loaders (such as Claude Code) load it"
        who_drops = names(strict) if strict else "strict loaders"
        message = (
            f"unquoted `: ` in the value of `{key}` is a YAML error: {who_loads} as text; "
            f"{who_drops} drop{'s' if len(strict) == 1 else ''} the whole skill. Quote the value"
        )
        fix = Fix(
            f"Quote the value of `{key}`",
            (TextEdit(entry.value.range, yaml_double_quoted(str(text))),),
        )
        report.report(
            YAML_SYNTAX,
            rng,
            message,
            fixes=[fix],
            severity=Severity.ERROR if strict else Severity.WARNING,
        )
    if doc.strict_error is not None and not doc.unreadable and not recovered:
        error = doc.strict_error
        if "not read further" in error.message:
            # Our own bound, not a YAML error: the entries were still read one by one.
            report.report(
                FRONTMATTER_BOUND,
                point(doc, error.range.start),
                f"{error.message}: the frontmatter was not read as a whole; each entry was "
                "checked on its own",
            )
            return
        report.report(
            YAML_SYNTAX,
            point(doc, error.range.start),
            f"{error.message}; strict YAML loaders drop the whole skill",
        )


def _first_value_indicator(doc: SkillDocument, value: Range) -> Range:
    """The first `: ` (or `:` ending a line) written inside a value; the value if none."""
    for number in range(value.start.line, value.end.line + 1):
        line = doc.index.line(number)
        first = value.start.column if number == value.start.line else 0
        last = value.end.column if number == value.end.line else len(line)
        match = _VALUE_INDICATOR.search(line, first, last)
        if match is not None:
            return Range.of(number, match.start(), number, match.end())
    return value


_VALUE_INDICATOR = re.compile(r":(?:[ \t]|$)")


UNREADABLE_FILE = define(
    "SKL010",
    "unreadable-file",
    Severity.ERROR,
    "SKILL.md cannot be read",
    "A file that cannot be opened (permissions, a folder in its place, removed while "
    "checking) is not loaded by any client.",
    family=FAMILY,
)
