"""The spec's naming rules for `name`: length, alphabet, hyphens, and equality with the
folder (Unicode normalisation included). Part of the spec family (`spec.py` calls it)."""

from __future__ import annotations

import posixpath
import re
import unicodedata

from skill_ls.clients.fields import NAME_CHARACTER, NAME_MAX
from skill_ls.diagnostics import Fix, Severity
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
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter
from skill_ls.scalars import sub_range
from skill_ls.yamltree import YScalar

FAMILY = "spec"

NAME_MISSING = define(
    "SKL101",
    "name-missing",
    Severity.ERROR,
    "`name` is missing",
    "The spec requires `name`; clients key skills by it.",
    fixable=True,
    family=FAMILY,
)
NAME_TYPE = define(
    "SKL102",
    "name-not-string",
    Severity.ERROR,
    "`name` is not a string",
    "A number, boolean, list or empty `name` is read differently by every loader.",
    fixable=True,
    family=FAMILY,
)
NAME_LENGTH = define(
    "SKL103",
    "name-length",
    Severity.ERROR,
    f"`name` must be 1–{NAME_MAX} characters",
    f"The spec limits names to {NAME_MAX} characters (code points).",
    family=FAMILY,
)
NAME_CHARSET = define(
    "SKL104",
    "name-charset",
    Severity.ERROR,
    "`name` may only hold lowercase letters, digits and hyphens",
    "Names are used as folder names, slash commands and identifiers; the spec allows "
    "lowercase letters, digits and `-`, and its reference validator accepts lowercase letters "
    "of any script (after NFKC normalisation). Some agents accept only `a-z`: when one of the "
    "targets does, so does this rule, and the message names it. The `unicodeNames` setting "
    "forces either way.",
    example="name: pdf-tools",
    fixable=True,
    family=FAMILY,
)
NAME_HYPHENS = define(
    "SKL105",
    "name-hyphens",
    Severity.ERROR,
    "`name` must not start or end with `-` or contain `--`",
    "The spec forbids leading, trailing and consecutive hyphens.",
    fixable=True,
    family=FAMILY,
)
NAME_FOLDER = define(
    "SKL106",
    "name-folder-mismatch",
    Severity.WARNING,
    "`name` does not match the skill's folder",
    "The spec requires `name` to equal the parent folder. Most clients warn and load it "
    "anyway, under one name or the other; it is an error when a target rejects it (the spec "
    "profile `agentskills`, as its reference validator does, and the clients whose row says "
    "so): the message names them.",
    fixable=True,
    family=FAMILY,
)
NAME_NORMALIZATION = define(
    "SKL107",
    "name-unicode-normalization",
    Severity.WARNING,
    "`name` matches the folder only after Unicode normalization",
    "The same letters can be written composed (NFC) or decomposed (NFD); macOS file systems "
    "decompose folder names. Byte-wise comparisons in some clients then fail.",
    fixable=True,
    family=FAMILY,
)
_NAME_ALLOWED = re.compile(NAME_CHARACTER)
_NAME_ALLOWED_RUN = re.compile(f"{NAME_CHARACTER}*")


def kebab_case(name: str, unicode_letters: bool = False) -> str:
    """The closest valid name: lowercase, other characters to `-`, no edge or double `-`."""
    lowered = name.lower()
    if _NAME_ALLOWED_RUN.fullmatch(lowered):
        joined = lowered  # every character allowed (the common case): no need to visit each
    else:
        joined = "".join(
            char if _name_char_ok(lowered, i, unicode_letters) else "-"
            for i, char in enumerate(lowered)
        )
    text = re.sub(r"-{2,}", "-", joined).strip("-")
    return text[:NAME_MAX].rstrip("-")


def _name_char_ok(name: str, i: int, unicode_letters: bool) -> bool:
    char = name[i]
    if _NAME_ALLOWED.fullmatch(char):
        return True
    if not unicode_letters:
        return False
    if not unicodedata.category(char).startswith("M"):
        # As the reference validator: after NFKC, letters and digits of any script, lowercase.
        normal = unicodedata.normalize("NFKC", char)
        return all(c.isalnum() or c == "-" for c in normal) and normal == normal.lower()
    # A combining mark on a lowercase letter is part of it (the decomposed, NFD spelling).
    base = i - 1
    while base >= 0 and unicodedata.category(name[base]).startswith("M"):
        base -= 1
    return base >= 0 and name[base].isalpha() and name[base] == name[base].lower()


def check_name(doc: SkillDocument, report: Reporter) -> None:
    folder = report.context.folder_name
    entry = doc.fields.get("name")
    if entry is None:
        if "name" not in doc.unreadable_keys:
            fixes = []
            if folder:
                fixes.append(
                    Fix(
                        f"Add `name: {folder}`",
                        (insert_after_open(doc, f"name: {yaml_scalar(folder)}\n"),),
                    )
                )
            report.report(
                NAME_MISSING,
                first_line_range(doc),
                "`name` is missing: the spec requires it",
                fixes=fixes,
            )
        return
    value = entry.value
    if not isinstance(value, YScalar) or value.kind not in ("string", *TYPED_SCALARS):
        rng = value.range if value is not None else entry.key.range
        kind = describe_kind(value) if value is not None else "unreadable"
        fixes = (
            [Fix(f"Set `name` to '{folder}'", (replace_value(value, yaml_scalar(folder)),))]
            if folder and value is not None and value.kind == "null"
            else []
        )
        report.report(NAME_TYPE, rng, f"`name` must be a string, but it is {kind}", fixes=fixes)
        return
    name = value.value
    if value.kind != "string":
        report.report(
            NAME_TYPE,
            value.range,
            f"`name: {name}` is read as {describe_kind(value)} by typed YAML loaders; quote it",
            fixes=[Fix("Quote the name", (replace_value(value, yaml_double_quoted(name)),))],
        )
    unicode_letters = report.context.settings.unicode_names
    ascii_only = [c for c in report.context.audience if c.name_charset == "ascii"]
    if unicode_letters is None:
        unicode_letters = not ascii_only
    fix_name = kebab_case(name, unicode_letters)
    rename = (
        [Fix(f"Change name to '{fix_name}'", (replace_value(value, yaml_scalar(fix_name)),))]
        if fix_name and fix_name != name
        else []
    )
    if not name:
        report.report(
            NAME_LENGTH,
            value.range,
            f"`name` is empty; it must be 1–{NAME_MAX} characters",
            fixes=(
                [Fix(f"Set `name` to '{folder}'", (replace_value(value, yaml_scalar(folder)),))]
                if folder
                else []
            ),
        )
        return
    if len(name) > NAME_MAX:
        report.report(
            NAME_LENGTH,
            sub_range(doc.index, value, NAME_MAX, len(name)),
            f"`name` is {len(name)} characters; the limit is {NAME_MAX}",
        )
    bad = [i for i, char in enumerate(name) if not _name_char_ok(name, i, unicode_letters)]
    if bad:
        chars = "".join(dict.fromkeys(name[i] for i in bad))
        detail = (
            "uppercase letters"
            if all(name[i].isupper() for i in bad)
            else f"characters {' '.join(repr(c) for c in chars)}"
        )
        allowed = "only lowercase letters, digits and `-` are allowed"
        if not unicode_letters and any(_name_char_ok(name, i, unicode_letters=True) for i in bad):
            # Letters the spec allows but the targets (or the setting) do not.
            allowed = (
                f"{names(ascii_only)} accept{'s' if len(ascii_only) == 1 else ''} only "
                "a-z, 0-9 and `-`"
                if report.context.settings.unicode_names is None
                else "only a-z, 0-9 and `-` are allowed (the unicodeNames setting is off)"
            )
        report.report(
            NAME_CHARSET,
            sub_range(doc.index, value, bad[0], bad[-1] + 1),
            f"`name` '{name}' contains {detail}; {allowed}",
            fixes=rename,
        )
    hyphen_problems = []
    if name.startswith("-"):
        hyphen_problems.append((0, 1, "starts with `-`"))
    if name.endswith("-") and len(name) > 1:
        hyphen_problems.append((len(name) - 1, len(name), "ends with `-`"))
    double = name.find("--")
    if double != -1:
        hyphen_problems.append((double, double + 2, "contains `--`"))
    for start, end, what in hyphen_problems:
        report.report(
            NAME_HYPHENS,
            sub_range(doc.index, value, start, end),
            f"`name` '{name}' {what}",
            fixes=rename,
        )
    if not folder or not name:
        return
    if name == folder:
        return
    if unicodedata.normalize("NFC", name) == unicodedata.normalize("NFC", folder):
        report.report(
            NAME_NORMALIZATION,
            value.range,
            f"`name` '{name}' ({_spelling(name)}) equals the folder '{folder}' "
            f"({_spelling(folder)}) only after Unicode normalization",
            fixes=[Fix("Use the folder's spelling", (replace_value(value, yaml_scalar(folder)),))],
        )
        return
    strict = [c for c in report.context.audience if not c.lenient_name]
    install = report.context.install
    nested_in = install.parent_skill if install is not None else None
    if nested_in is not None:
        # Agents that stop at the first SKILL.md never load a nested one as a skill (it is
        # a file of the skill above), so its name is no concern of theirs.
        strict = [c for c in strict if not c.skill_md_ends_walk]
    if strict:
        consequence = f"{names(strict)} reject{'s' if len(strict) == 1 else ''} it"
    elif nested_in is not None:
        consequence = (
            f"it is nested in the skill `{posixpath.basename(nested_in)}`, so agents that stop "
            "at the first SKILL.md do not load it as a skill, and the others warn"
        )
    else:
        consequence = "most clients warn and load it anyway"
    report.report(
        NAME_FOLDER,
        value.range,
        f"`name` '{name}' does not match its folder '{folder}'; {consequence}",
        fixes=[
            Fix(
                f"Change name to the folder name '{folder}'",
                (replace_value(value, yaml_scalar(folder)),),
            )
        ],
        severity=Severity.ERROR if strict else None,
        data={"folder": folder, "name": name},
    )


def _spelling(text: str) -> str:
    form = (
        "NFC"
        if unicodedata.is_normalized("NFC", text)
        else "NFD"
        if unicodedata.is_normalized("NFD", text)
        else "mixed"
    )
    points = " ".join(f"U+{ord(c):04X}" for c in text if ord(c) > 0x7F)
    return f"{form}: {points}" if points else form
