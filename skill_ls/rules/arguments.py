"""Argument placeholders in the body against the frontmatter that declares them.

Agents whose row says `argument_placeholders="claude-code"` (Claude Code) replace them on
activation, textually (code too): `$ARGUMENTS` by what the user typed after the slash command,
`$ARGUMENTS[N]` and `$N` by its word N counted from 0, `$name` by the word at the position of
`name` in `arguments`. Every other agent shows them to the model as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skill_ls.clients.argument_syntax import (
    AWK_PRINT,
    declared_names,
    is_escaped,
    placeholder_pattern,
)
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Range, Severity
from skill_ls.document import SkillDocument
from skill_ls.document.blocks import LineKind, body_lines
from skill_ls.rules.code_spans import inline_code_spans, inside
from skill_ls.rules.helpers import close_matches, names
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.yamltree import YNode, YScalar, YSequence

FAMILY = "body"
SUBSTITUTES = "claude-code"

UNDECLARED = define(
    "SKL410",
    "arguments-undeclared",
    Severity.HINT,
    "the body takes arguments, but the frontmatter declares no `argument-hint` or `arguments`",
    "Claude Code fills `$ARGUMENTS`, `$ARGUMENTS[N]` and `$N` with what the user types after "
    "the skill's slash command; `argument-hint` is what its menu shows them to type. Without "
    "it users are not told what to pass. Agents that do not substitute show the placeholder "
    "to the model as written. A `$N` inside fenced code, or followed by `.`/`,` and a digit "
    "(a price), is not counted.",
    family=FAMILY,
)
MISMATCH = define(
    "SKL411",
    "arguments-mismatch",
    Severity.WARNING,
    "a declared argument the body never uses, or a placeholder the declaration does not have",
    "Claude Code fills `$name` only for the names `arguments` declares, and `$N` "
    "(`$ARGUMENTS[N]`) counting from `$0`: `$1` is the second word. A name declared but "
    "never used receives nothing; a `$name` not declared, or a `$N` past the arguments "
    "`arguments` or `argument-hint` name, reaches the model as written. Only placeholders "
    "outside fenced code are judged against the declaration, and only when a target agent "
    "substitutes.",
    family=FAMILY,
)
IN_CODE = define(
    "SKL414",
    "arguments-in-code",
    Severity.INFO,
    "an argument placeholder inside a fenced code block",
    "Claude Code's substitution is textual: `$ARGUMENTS` and `$1` in a code block are "
    "replaced before the model reads it. A shell `$1` becomes the user's second word when "
    "they pass two or more, an example of the placeholder syntax becomes their text, and a "
    "command built from `$ARGUMENTS` runs what they typed, unquoted (spaces split it; `;`, "
    "`|` or `$(...)` run more). The fields of an awk print program (`awk '{print $1}'`) are "
    "kept as written from Claude Code 2.1.337 on, and filled before. Reported only when a "
    "target agent substitutes.",
    example='cp "$1" backup/   # Claude Code: the second argument, in a code block too',
    family=FAMILY,
)

# After `$N`: a price or an amount ("$5.00", "$1,000", "$0-20"), not a placeholder.
_AMOUNT = re.compile(r"[.,-]\d")
# `$N` in code is judged up to `$9`: a `$12` needs thirteen words to be replaced.
_MAX_CODE_INDEX = 9
_ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)


@dataclass(frozen=True)
class Placeholder:
    text: str
    kind: str  # "all" | "index" | "name"
    index: int | None
    name: str | None
    range: Range
    where: str  # "prose" | "inline" | "code"
    amount: bool = False  # `$N` followed by `.5` or `,000`


@dataclass(frozen=True)
class Declared:
    """What the frontmatter says about arguments."""

    has_hint: bool
    has_arguments: bool
    names: tuple[tuple[str, Range], ...]
    # The number of arguments the declaration names (None: it does not say).
    count: int | None
    source: str  # "`arguments`" | "`argument-hint` (`[a] [b]`)"


def placeholders(
    doc: SkillDocument, names: tuple[str, ...] = (), awk_fields_kept: bool = False
) -> list[Placeholder]:
    """Every `$...` placeholder shape in the body (Claude Code's grammar, with the `names`
    `arguments` declares), with where it stands; one escaped by a backslash is text, and
    so, with `awk_fields_kept`, is the `$N` of an awk print program."""
    if "$" not in doc.body:
        return []
    found: list[Placeholder] = []
    pattern = placeholder_pattern(names)
    index = doc.index
    for number, line, kind in body_lines(doc):
        if "$" not in line or kind in (LineKind.FENCE_OPEN, LineKind.FENCE_CLOSE):
            continue
        spans = inline_code_spans(line) if kind is LineKind.PROSE and "`" in line else []
        base = index.line_starts[number]
        # The awk programs lie on one line: the pattern crosses no line break.
        kept = [m.span() for m in AWK_PRINT.finditer(line)] if awk_fields_kept else []
        for match in pattern.finditer(line):
            if is_escaped(line, match.start()) or inside(kept, match.start()):
                continue
            if kind is LineKind.CODE:
                where = "code"
            elif inside(spans, match.start()):
                where = "inline"
            else:
                where = "prose"
            rng = index.range(base + match.start(), base + match.end())
            digits = match.group("bracket") or match.group("digits")
            if name := match.group("declared") or match.group("name"):
                found.append(Placeholder(match.group(), "name", None, name, rng, where))
            elif digits is not None:
                amount = match.group("digits") is not None and bool(
                    _AMOUNT.match(line, match.end())
                )
                found.append(
                    Placeholder(match.group(), "index", int(digits), None, rng, where, amount)
                )
            else:
                found.append(Placeholder(match.group(), "all", None, None, rng, where))
    return found


def hint_count(hint: str) -> int | None:
    """How many arguments an `argument-hint` names when it is made of `[x]`/`<x>` groups
    only (`[file] [mode]`: 2); None when it is free text."""
    count = 0
    depth = 0
    closing = {"[": "]", "<": ">"}
    stack: list[str] = []
    for char in hint:
        if char in closing:
            if depth == 0:
                count += 1
            stack.append(closing[char])
            depth += 1
        elif stack and char == stack[-1]:
            stack.pop()
            depth -= 1
        elif depth == 0 and not char.isspace():
            return None
    return count if count and depth == 0 else None


def declared(doc: SkillDocument) -> Declared:
    hint_field = doc.fields.get("argument-hint")
    arguments_field = doc.fields.get("arguments")
    listed = _argument_names(doc, arguments_field.value) if arguments_field else ()
    count: int | None = None
    source = ""
    if listed:
        count, source = len(listed), "`arguments`"
    elif hint_field is not None:
        value = hint_field.value
        if isinstance(value, YScalar) and value.kind == "string":
            count = hint_count(value.value)
            source = f"`argument-hint` (`{value.value}`)"
        elif isinstance(value, YSequence):
            count, source = len(value.items), "`argument-hint`"
    return Declared(hint_field is not None, arguments_field is not None, listed, count, source)


def _argument_names(doc: SkillDocument, value: YNode | None) -> tuple[tuple[str, Range], ...]:
    """The names in `arguments` that Claude Code fills (a list, or a space-separated
    string), with their ranges."""
    kept = set(declared_names(value))
    if isinstance(value, YSequence):
        return tuple(
            (item.value, item.range)
            for item in value.items
            if isinstance(item, YScalar) and item.value in kept
        )
    if not isinstance(value, YScalar) or value.kind != "string":
        return ()
    start = doc.index.offset(value.range.start)
    written = doc.text[start : doc.index.offset(value.range.end)]
    found: list[tuple[str, Range]] = []
    at = 0
    for word in value.value.split():
        if word not in kept:
            continue
        offset = written.find(word, at)
        if offset < 0:
            found.append((word, value.range))
            continue
        at = offset + len(word)
        found.append((word, doc.index.range(start + offset, start + at)))
    return tuple(found)


def check(doc: SkillDocument, report: Reporter) -> None:
    if not any(report.enabled(rule) for rule in (UNDECLARED, MISMATCH, IN_CODE)):
        return
    audience = report.context.audience
    substituting = [c for c in audience if c.activation.argument_placeholders == SUBSTITUTES]
    if not substituting or (doc.frontmatter is not None and not doc.has_frontmatter):
        return
    said = declared(doc)
    # Every agent that substitutes keeps the awk fields, or they are placeholders.
    awk_kept = all(c.activation.awk_fields_kept for c in substituting)
    found = placeholders(doc, tuple(name for name, _ in said.names), awk_kept)
    if not found:
        if doc.has_frontmatter:
            _check_unused(report, said, found, substituting)
        return
    literal = [c for c in audience if c.activation.argument_placeholders == "as-written"]
    if not said.has_hint and not said.has_arguments:
        _check_undeclared(doc, report, found, substituting, literal)
    else:
        _check_unused(report, said, found, substituting)
        _check_names(report, said, found, substituting)
        _check_indexes(report, said, found, substituting)
    _check_in_code(report, found, substituting)


def _takes_arguments(placeholder: Placeholder) -> bool:
    """Whether a placeholder surely means the skill's arguments (not a price, not shell)."""
    if placeholder.kind == "all":
        return True
    if placeholder.kind == "index":
        return placeholder.where != "code" and not placeholder.amount
    return False


def _check_undeclared(
    doc: SkillDocument,
    report: Reporter,
    found: list[Placeholder],
    substituting: list[Client],
    literal: list[Client],
) -> None:
    first = next((p for p in found if _takes_arguments(p)), None)
    if first is None:
        return
    message = (
        f"{names(substituting)} fills `{first.text}` with what the user types after the "
        "skill's slash command, but the frontmatter declares neither `argument-hint` nor "
        "`arguments`: nothing tells users what to pass (add e.g. `argument-hint: "
        '"[file]"`)'
    )
    if literal:
        shows = "shows" if len(literal) == 1 else "show"
        message += f"; {names(literal)} {shows} `{first.text}` to the model as written"
    report.report(UNDECLARED, first.range, message)


def _check_unused(
    report: Reporter,
    said: Declared,
    found: list[Placeholder],
    substituting: list[Client],
) -> None:
    known = {name for name, _ in said.names}
    used = {p.name for p in found if p.kind == "name"}
    # Whether a placeholder takes the arguments (else Claude Code appends them).
    takes_any = any(p.kind != "name" or p.name in known for p in found)
    for name, rng in said.names:
        if name in used:
            continue
        message = (
            f"`arguments` declares `{name}`, but the body never uses `${name}`: "
            f"{names(substituting)} has nowhere to put that argument"
        )
        if not takes_any:
            message += " (with no placeholder filled in, it appends the arguments as a last "
            message += "`ARGUMENTS: ...` line instead)"
        report.report(MISMATCH, rng, message)


def _check_names(
    report: Reporter, said: Declared, found: list[Placeholder], substituting: list[Client]
) -> None:
    if not said.names:
        return
    known = [name for name, _ in said.names]
    suggestions: dict[str, list[str]] = {}
    for placeholder in found:
        name = placeholder.name
        if placeholder.kind != "name" or name is None or name in known:
            continue
        if placeholder.where == "code" or name.upper() == name:
            continue  # a shell or environment variable
        if name not in suggestions:
            suggestions[name] = close_matches(name, known, n=1)
        close = suggestions[name]
        message = (
            f"`${name}` is not one of the names `arguments` declares "
            f"({', '.join(f'`{k}`' for k in known)}): {names(substituting)} leaves it as written"
        )
        if close:
            message += f"; did you mean `${close[0]}`?"
        report.report(MISMATCH, placeholder.range, message)


def _check_indexes(
    report: Reporter, said: Declared, found: list[Placeholder], substituting: list[Client]
) -> None:
    indexed = [
        p for p in found if p.kind == "index" and (p.text.startswith("$A") or _takes_arguments(p))
    ]
    if not indexed:
        return
    who = names(substituting)
    if said.count is not None:
        for placeholder in indexed:
            number = placeholder.index or 0
            if number < said.count:
                continue
            report.report(
                MISMATCH,
                placeholder.range,
                f"`{placeholder.text}` is the {_ordinal(number)} argument ({who} counts from "
                f"`$0`), but {said.source} names {said.count}: without that many words "
                f"{who} leaves `{placeholder.text}` in the text as written",
            )
    takes_first = any(p.kind in ("all", "name") or p.index == 0 for p in found)
    if not takes_first and not said.names:
        first = min(indexed, key=lambda p: p.index or 0)
        report.report(
            MISMATCH,
            first.range,
            f"{who} counts arguments from `$0`: `{first.text}` is the "
            f"{_ordinal(first.index or 0)} word the user types, and no placeholder takes "
            "the first (`$0` or `$ARGUMENTS[0]`)",
        )


def _check_in_code(report: Reporter, found: list[Placeholder], substituting: list[Client]) -> None:
    who = names(substituting)
    for placeholder in found:
        if placeholder.where != "code" or placeholder.kind == "name":
            continue
        if placeholder.kind == "all":
            message = (
                f"{who} replaces `{placeholder.text}` inside this code block too, before the "
                "model reads it: pasted as typed, unquoted (a command built from it runs "
                "what the user wrote), empty without arguments; an example of the syntax "
                "here becomes the user's text"
            )
        else:
            number = placeholder.index or 0
            if placeholder.amount or number > _MAX_CODE_INDEX:
                continue
            message = (
                f"{who} replaces `{placeholder.text}` inside this code block too, before the "
                f"model reads it: when the user passes {number + 1} or more words, a shell "
                f"or awk `{placeholder.text}` here becomes their {_ordinal(number)} word "
                "(it counts from `$0`)"
            )
        report.report(IN_CODE, placeholder.range, message)


def _ordinal(index: int) -> str:
    """0 -> "first"; past the tenth, "11th", "21st", ..."""
    if index < len(_ORDINALS):
        return _ORDINALS[index]
    number = index + 1
    tens = number % 100 in (11, 12, 13)
    return f"{number}{'th' if tens else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"
