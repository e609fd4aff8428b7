"""The spec's naming rules for `name`: length, alphabet, hyphens, and equality with the
folder (Unicode normalisation included). Part of the spec family (`spec.py` calls it)."""

from __future__ import annotations

import posixpath
import re
import unicodedata

from skill_ls.clients.fields import NAME_CHARACTER, NAME_MAX
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Fix, Severity
from skill_ls.document import Field, SkillDocument
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
    """SKL101-SKL107 on `name`, one function per code. A missing, non-string or empty name
    ends the checks there: the others need a name to look at."""
    folder = report.context.folder_name
    entry = doc.fields.get("name")
    if entry is None:
        _name_missing(doc, report, folder)
        return
    value = _name_type(report, entry, folder)
    if value is None or not _name_length(doc, report, value, folder):
        return
    unicode_letters = _unicode_letters(report)
    rename = _rename_fixes(value, unicode_letters)
    _name_charset(doc, report, value, unicode_letters, rename)
    _name_hyphens(doc, report, value, rename)
    if not folder or value.value == folder:
        return
    if not _name_normalization(report, value, folder):
        _name_folder(report, value, folder)


def _name_missing(doc: SkillDocument, report: Reporter, folder: str | None) -> None:
    """SKL101, unless the key is there but unreadable (another finding says so)."""
    if "name" in doc.unreadable_keys:
        return
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


def _name_type(report: Reporter, entry: Field, folder: str | None) -> YScalar | None:
    """SKL102: the scalar to check further, or None when `name` is no scalar a string can be
    read from. A number or boolean is reported (typed loaders read it so) and checked on."""
    value = entry.value
    if not isinstance(value, YScalar) or value.kind not in ("string", *TYPED_SCALARS):
        rng = value.range if value is not None else entry.key.range
        kind = describe_kind(value) if value is not None else "unreadable"
        fixes = (
            [Fix(f"Set `name` to '{folder}'", (replace_value(value, yaml_scalar(folder)),))]
            if folder and value is not None and value.kind == "null"
            else []
        )
        read = agents_reading("name", value, report.context.audience) if value is not None else ""
        message = f"`name` must be a string, but it is {kind}{read}"
        report.report(NAME_TYPE, rng, message, fixes=fixes)
        return None
    name = value.value
    if value.kind != "string":
        report.report(
            NAME_TYPE,
            value.range,
            f"`name: {name}` is read as {describe_kind(value)} by typed YAML loaders; quote it"
            + agents_reading("name", value, report.context.audience),
            fixes=[Fix("Quote the name", (replace_value(value, yaml_double_quoted(name)),))],
        )
    return value


def _name_length(doc: SkillDocument, report: Reporter, value: YScalar, folder: str | None) -> bool:
    """SKL103; False when the name is empty (nothing more to check)."""
    name = value.value
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
        return False
    if len(name) > NAME_MAX:
        report.report(
            NAME_LENGTH,
            sub_range(doc.index, value, NAME_MAX, len(name)),
            f"`name` is {len(name)} characters; the limit is {NAME_MAX}",
        )
    return True


def _ascii_only(report: Reporter) -> list[Client]:
    """The target agents that accept only a-z, 0-9 and `-` in a name."""
    return [c for c in report.context.audience if c.reading.name_charset == "ascii"]


def _unicode_letters(report: Reporter) -> bool:
    """Whether letters of any script are allowed: the `unicodeNames` setting, else whether
    every target accepts them."""
    setting = report.context.settings.unicode_names
    return not _ascii_only(report) if setting is None else setting


def _rename_fixes(value: YScalar, unicode_letters: bool) -> list[Fix]:
    """The fix SKL104 and SKL105 offer: the closest valid name, when there is one."""
    name = value.value
    fix_name = kebab_case(name, unicode_letters)
    if not fix_name or fix_name == name:
        return []
    return [Fix(f"Change name to '{fix_name}'", (replace_value(value, yaml_scalar(fix_name)),))]


def _name_charset(
    doc: SkillDocument, report: Reporter, value: YScalar, unicode_letters: bool, rename: list[Fix]
) -> None:
    """SKL104, naming the targets that refuse letters the spec allows."""
    name = value.value
    bad = [i for i, char in enumerate(name) if not _name_char_ok(name, i, unicode_letters)]
    if not bad:
        return
    chars = "".join(dict.fromkeys(name[i] for i in bad))
    detail = (
        "uppercase letters"
        if all(name[i].isupper() for i in bad)
        else f"characters {' '.join(repr(c) for c in chars)}"
    )
    allowed = "only lowercase letters, digits and `-` are allowed"
    if not unicode_letters and any(_name_char_ok(name, i, unicode_letters=True) for i in bad):
        # Letters the spec allows but the targets (or the setting) do not.
        ascii_only = _ascii_only(report)
        allowed = (
            f"{names(ascii_only)} accept{'s' if len(ascii_only) == 1 else ''} only a-z, 0-9 and `-`"
            if report.context.settings.unicode_names is None
            else "only a-z, 0-9 and `-` are allowed (the unicodeNames setting is off)"
        )
    report.report(
        NAME_CHARSET,
        sub_range(doc.index, value, bad[0], bad[-1] + 1),
        f"`name` '{name}' contains {detail}; {allowed}",
        fixes=rename,
    )


def _name_hyphens(doc: SkillDocument, report: Reporter, value: YScalar, rename: list[Fix]) -> None:
    """SKL105: one finding per leading, trailing or doubled hyphen."""
    name = value.value
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


def _name_normalization(report: Reporter, value: YScalar, folder: str) -> bool:
    """SKL107: True when the name equals the folder once both are NFC (reported)."""
    name = value.value
    if unicodedata.normalize("NFC", name) != unicodedata.normalize("NFC", folder):
        return False
    report.report(
        NAME_NORMALIZATION,
        value.range,
        f"`name` '{name}' ({_spelling(name)}) equals the folder '{folder}' "
        f"({_spelling(folder)}) only after Unicode normalization",
        fixes=[Fix("Use the folder's spelling", (replace_value(value, yaml_scalar(folder)),))],
    )
    return True


def _name_folder(report: Reporter, value: YScalar, folder: str) -> None:
    """SKL106, an error when a target rejects the mismatch (the message names them)."""
    name = value.value
    strict = [c for c in report.context.audience if not c.reading.lenient_name]
    install = report.context.install
    nested_in = install.parent_skill if install is not None else None
    if nested_in is not None:
        # Agents that stop at the first SKILL.md never load a nested one as a skill (it is
        # a file of the skill above), so its name is no concern of theirs.
        strict = [c for c in strict if not c.discovery.skill_md_ends_walk]
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
