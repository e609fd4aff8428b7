"""Fields beyond the spec, judged against the clients the skill is for (the field table)."""

from __future__ import annotations

import functools

from skill_ls.clients.fields import ALL_FIELDS, SPEC_FIELD_NAMES, FieldSpec
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, Client
from skill_ls.diagnostics import Fix, Position, Range, Severity, TextEdit
from skill_ls.document import Field, SkillDocument
from skill_ls.rules.helpers import (
    close_matches,
    delete_lines,
    describe_kind,
    entry_lines,
    names,
    replace_value,
    yaml_double_quoted,
    yaml_scalar,
)
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.rules.spec import check_tools_value
from skill_ls.text import estimate_tokens
from skill_ls.yamltree import YMapping, YNode, YScalar, YSequence

FAMILY = "client-fields"

UNKNOWN_FIELD = define(
    "SKL301",
    "unknown-field",
    Severity.WARNING,
    "frontmatter key not honoured by the target clients",
    "Clients ignore keys they do not know (some warn). Which keys are known differs by "
    "client, so the message says who honours the key, who ignores it and who warns about it "
    "or refuses the skill over it. Information when every target that does not honour the "
    "key ignores it silently; a warning when one of them warns about it; an error when one "
    "refuses the skill (an upload that takes only the spec's keys fails). Keep custom data "
    "under `metadata`.",
    fixable=True,
    family=FAMILY,
)
FIELD_TYPE = define(
    "SKL302",
    "client-field-type",
    Severity.ERROR,
    "a client field has the wrong type or value",
    'Client fields have types (booleans, enums, strings); a quoted `"true"` or an unquoted '
    "`[arg]` is not what the client expects. What happens then differs by agent, as "
    "observed: a client that reads the field typed drops the whole skill (an error), others "
    'read `yes` and `"true"` as true or ignore the value and keep the skill (a warning, for a '
    "boolean or string field); the message names which target does what.",
    fixable=True,
    family=FAMILY,
)
YOI_WORKFLOW_FIELD = define(
    "SKL303",
    "yoi-workflow-field",
    Severity.ERROR,
    "non-standard workflow field rejected by Yoi",
    "Yoi treats its non-standard workflow fields (`model_invokation`, `user_invocable`-style "
    "projections) as errors: the skill does not load there.",
    fixable=True,
    family=FAMILY,
)
_CLAUDE = CLIENTS_BY_ID["claude-code"]  # the rationale quotes its cap from the table
LISTING_CAP = define(
    "SKL304",
    "catalog-entry-truncated",
    Severity.WARNING,
    "the catalog entry is cut by a client's per-entry cap",
    f"Claude Code caps `description` + `when_to_use` at {_CLAUDE.listing.entry_cap:,} characters "
    "in its skill listing; text past the cap never reaches the model.",
    family=FAMILY,
)


def check(doc: SkillDocument, report: Reporter) -> None:
    if not doc.has_frontmatter:
        return
    audience = report.context.audience
    for key, entry in doc.fields.items():
        if key in SPEC_FIELD_NAMES:
            continue
        rejecting = [c for c in audience if key in c.fields.forbidden]
        if rejecting:
            verb = "rejects" if len(rejecting) == 1 else "reject"
            report.report(
                YOI_WORKFLOW_FIELD,
                entry.key.range,
                f"`{key}` is a non-standard workflow field; {names(rejecting)} {verb} it as "
                "an error",
                fixes=_unknown_fixes(doc, key, entry),
            )
            continue
        spec = ALL_FIELDS.get(key)
        honoured = [c for c in CLIENTS if key in c.fields.honoured]
        honoured_here = [c for c in audience if key in c.fields.honoured]
        ignored_here = [c for c in audience if key not in c.fields.honoured]
        if not ignored_here:
            if spec is not None and entry.value is not None:
                _check_type(doc, report, spec, entry.value, honoured_here)
            continue
        _report_unknown(doc, report, key, entry, honoured, honoured_here, ignored_here)
        if spec is not None and entry.value is not None and honoured_here:
            _check_type(doc, report, spec, entry.value, honoured_here)
    _check_listing_cap(doc, report, audience)


def _report_unknown(
    doc: SkillDocument,
    report: Reporter,
    key: str,
    entry: Field,
    honoured: list[Client],
    honoured_here: list[Client],
    ignored_here: list[Client],
) -> None:
    """Information when every target that does not honour the key ignores it silently; a
    warning when one of them warns about it; an error when one refuses the skill over it
    (`Client.fields.unknown`). A target that refuses the skill is not said to ignore it."""
    ignoring = [client for client in ignored_here if client.fields.unknown != "error"]
    if honoured_here:
        message = f"`{key}` is honoured by {names(honoured_here)}"
        message += f" but ignored by {names(ignoring)}" if ignoring else ""
    elif honoured:
        message = f"`{key}` is honoured only by {names(honoured)}"
        message += f"; ignored by {names(ignoring)}" if ignoring else ""
    else:
        close = _close_field(key)
        hint = f"; did you mean `{close}`?" if close else "; keep custom data under `metadata`"
        message = f"unknown field `{key}`: no client reads it"
        message += _objections(ignored_here, silent_named=False) + hint
    if honoured:
        message += _objections(ignored_here, silent_named=True)
    severity = Severity.INFO
    if any(client.fields.unknown == "warn" for client in ignored_here):
        severity = Severity.WARNING
    if len(ignoring) < len(ignored_here):
        severity = Severity.ERROR
    fixes = _unknown_fixes(doc, key, entry)
    if not honoured:
        close = _close_field(key)
        if close is not None:
            fixes.insert(0, Fix(f"Rename to `{close}`", (TextEdit(entry.key.range, close),)))
    report.report(
        UNKNOWN_FIELD,
        entry.key.range,
        message,
        fixes=fixes,
        severity=severity,
        data={"key": key},
    )


def _objections(ignoring: list[Client], silent_named: bool) -> str:
    """What the targets that do not know a key do with it, beyond ignoring it: "; X warns
    about it, Y refuses a skill that has it" (or "; A and B ignore it" when no target
    objects and the message does not name them yet)."""
    warning = [client for client in ignoring if client.fields.unknown == "warn"]
    rejecting = [client for client in ignoring if client.fields.unknown == "error"]
    parts = []
    if warning:
        parts.append(f"{names(warning)} warn{'s' if len(warning) == 1 else ''} about it")
    if rejecting:
        verb = "refuses" if len(rejecting) == 1 else "refuse"
        parts.append(f"{names(rejecting)} {verb} a skill that has it")
    if not parts:
        if silent_named:
            return ""
        return f"; {names(ignoring)} ignore{'s' if len(ignoring) == 1 else ''} it"
    return "; " + ", ".join(parts)


_KNOWN_FIELDS = sorted(set(ALL_FIELDS) | {f for c in CLIENTS for f in c.fields.honoured})


@functools.lru_cache(maxsize=1024)
def _close_field(key: str) -> str | None:
    """The known field a misspelt key most likely means (one suggestion, also the fix)."""
    close = close_matches(key, _KNOWN_FIELDS, n=1, cutoff=0.75)
    return close[0] if close else None


def _unknown_fixes(doc: SkillDocument, key: str, entry: Field) -> list[Fix]:
    first, last = entry_lines(doc, entry.key)
    fixes: list[Fix] = []
    value = entry.value
    if isinstance(value, YScalar) and key != "metadata":
        insert = _metadata_insert(doc, f"{yaml_scalar(key)}: {yaml_double_quoted(value.value)}\n")
        if insert is not None:
            fixes.append(
                Fix(f"Move `{key}` under `metadata`", (delete_lines(doc, first, last), insert))
            )
    fixes.append(Fix(f"Remove `{key}`", (delete_lines(doc, first, last),), safe=False))
    return fixes


def _metadata_insert(doc: SkillDocument, entry_text: str) -> TextEdit | None:
    """Where a moved `key: value` line goes: under an existing block `metadata` (indented like
    its entries, unless it has the key already), or a new `metadata:` block before the
    closing `---`."""
    fm = doc.frontmatter
    assert fm is not None and fm.close_line is not None
    metadata = doc.fields.get("metadata")
    if metadata is None:
        return TextEdit(Range.point(fm.close_line, 0), "metadata:\n  " + entry_text)
    mapping = metadata.value
    if not isinstance(mapping, YMapping) or mapping.flow:
        return None  # `metadata:` with no value or a flow map: keep it simple, don't guess
    key = entry_text.split(":", 1)[0]
    if any(isinstance(k, YScalar) and yaml_scalar(k.value) == key for k, _ in mapping.entries):
        return None  # it would be a duplicate key there
    indent = mapping.entries[0][0].range.start.column if mapping.entries else 2
    _, last = entry_lines(doc, metadata.key)
    return TextEdit(Range.point(last + 1, 0), " " * indent + entry_text)


def _check_type(
    doc: SkillDocument, report: Reporter, spec: FieldSpec, value: YNode, clients: list[Client]
) -> None:
    who = names(clients) if clients else "its clients"
    if spec.type == "tools":
        check_tools_value(doc, report, spec.name, value)
        return
    if isinstance(value, YScalar) and value.kind == "null":
        return
    if spec.type == "boolean":
        if isinstance(value, YScalar) and value.kind == "bool":
            return
        fixes = []
        if isinstance(value, YScalar) and value.value.lower() in ("true", "false"):
            fixes.append(
                Fix(
                    f"Use the boolean {value.value.lower()}",
                    (replace_value(value, value.value.lower()),),
                )
            )
        report.report(
            FIELD_TYPE,
            value.range,
            f"{who} expect{'s' if len(clients) == 1 else ''} `{spec.name}` to be "
            f"true or false, but it is {describe_kind(value)}; "
            f"{_outcome(spec.name, clients, value)}",
            fixes=fixes,
            severity=_type_severity(spec.name, "bool", clients),
        )
    elif spec.type == "enum":
        if isinstance(value, YScalar) and value.value in spec.enum:
            return
        shown = value.value if isinstance(value, YScalar) else describe_kind(value)
        close = close_matches(shown.lower(), spec.enum, n=1, cutoff=0.6)
        fixes = [Fix(f"Change to `{close[0]}`", (replace_value(value, close[0]),))] if close else []
        report.report(
            FIELD_TYPE,
            value.range,
            f"`{spec.name}` must be one of {', '.join(spec.enum)} for {who}; got '{shown}'",
            fixes=fixes,
        )
    elif spec.type == "string":
        if isinstance(value, YScalar) and value.kind == "string":
            return
        fixes = []
        source = _source_text(doc, value)
        if source is not None and isinstance(value, (YSequence, YMapping, YScalar)):
            fixes.append(
                Fix(
                    "Quote the value as written",
                    (replace_value(value, yaml_double_quoted(source)),),
                )
            )
        hint = (
            " (an unquoted `[...]` is a YAML list)"
            if isinstance(value, YSequence) and value.flow
            else ""
        )
        dropping = [c for c in clients if (spec.name, "string") in c.reading.typed_fields]
        keeping = [c for c in clients if c not in dropping]
        outcome = []
        if dropping:
            outcome.append(f"{names(dropping)} drop{'s' if len(dropping) == 1 else ''} the skill")
        if keeping:
            it = "it" if dropping else "the skill"
            outcome.append(f"{names(keeping)} keep{'s' if len(keeping) == 1 else ''} {it}")
        report.report(
            FIELD_TYPE,
            value.range,
            f"`{spec.name}` must be a string for {who}, but it is {describe_kind(value)}{hint}"
            + ("; " + ", ".join(outcome) if outcome else ""),
            fixes=fixes,
            severity=_type_severity(spec.name, "string", clients),
        )
    elif spec.type == "string-or-list":
        ok = (isinstance(value, YScalar) and value.kind == "string") or (
            isinstance(value, YSequence)
            and all(isinstance(i, YScalar) and i.kind == "string" for i in value.items)
        )
        if not ok:
            report.report(
                FIELD_TYPE,
                value.range,
                f"`{spec.name}` must be a string or a list of strings for {who}",
            )
    elif spec.type == "map" and not isinstance(value, YMapping):
        report.report(
            FIELD_TYPE,
            value.range,
            f"`{spec.name}` must be a mapping for {who}, but it is {describe_kind(value)}",
        )


def _type_severity(key: str, kind: str, clients: list[Client]) -> Severity:
    """An error when a target reads the key typed (`Client.reading.typed_fields`) and drops the
    skill over a value of another type; a warning when every target keeps the skill."""
    if any((key, kind) in client.reading.typed_fields for client in clients):
        return Severity.ERROR
    return Severity.WARNING


def _outcome(key: str, clients: list[Client], value: YNode) -> str:
    """What the clients do with a boolean field of another type: a client that reads the
    key typed (`Client.reading.typed_fields`) drops the skill; one that reads some strings
    as true (`Client.reading.truthy_strings`: Claude Code's `yes`, `"true"`... for the flags
    that hide a skill) takes it as true; the others ignore the value."""
    dropping = [client for client in clients if (key, "bool") in client.reading.typed_fields]
    text = value.value.strip().lower() if isinstance(value, YScalar) else None
    truthy = [
        client
        for client in clients
        if client not in dropping
        and text is not None
        and text in client.reading.truthy_strings
        and any(flag == key for flag, _ in client.listing.hidden_when)
    ]
    ignoring = [client for client in clients if client not in dropping and client not in truthy]
    parts = []
    if dropping:
        parts.append(f"{names(dropping)} drop{'s' if len(dropping) == 1 else ''} the skill")
    if truthy:
        parts.append(f"{names(truthy)} read{'s' if len(truthy) == 1 else ''} it as true")
    if ignoring:
        parts.append(f"{names(ignoring)} ignore{'s' if len(ignoring) == 1 else ''} the value")
    return ", ".join(parts)


def _source_text(doc: SkillDocument, node: YNode) -> str | None:
    """The text of a one-line value exactly as written (to quote it)."""
    rng = node.range
    if rng.start.line != rng.end.line:
        return None
    return doc.index.line(rng.start.line)[rng.start.column : rng.end.column]


def _check_listing_cap(doc: SkillDocument, report: Reporter, audience: tuple[Client, ...]) -> None:
    description = doc.fields.get("description")
    if description is None or not isinstance(description.value, YScalar):
        return
    text = description.value.value
    when = doc.string_value("when_to_use") or ""
    for client in audience:
        cap = client.listing.entry_cap
        if cap is None:
            continue
        used = len(text) + (
            len(when) + 1 if when and "when_to_use" in client.fields.honoured else 0
        )
        if used <= cap:
            continue
        # The characters past the cap: in the description, else in `when_to_use`.
        when_entry = doc.fields.get("when_to_use")
        if cap < len(text) or when_entry is None or not isinstance(when_entry.value, YScalar):
            past = description.value
            start = min(cap, len(text))
        else:
            past = when_entry.value
            start = max(cap - len(text) - 1, 0)
        rng = Range(_char_position(doc, past, start), past.range.end)
        report.report(
            LISTING_CAP,
            rng,
            f"{client.name} caps each listing entry at {cap:,} characters; this one is "
            f"{used:,} (about {estimate_tokens(text + when):,} tokens, estimated as "
            f"characters / 4), so the text after character {cap:,} never reaches the model",
        )


def _char_position(doc: SkillDocument, scalar: YScalar, index: int) -> Position:
    from skill_ls.scalars import sub_range

    return sub_range(doc.index, scalar, index, index + 1).start
