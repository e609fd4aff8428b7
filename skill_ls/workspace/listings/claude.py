"""Claude Code's listing lines and its budget (observed, Claude Code 2.1.332; see
`render/claude.py` for the whole listing).

A line is `- name: description`; over the budget every description but the built-ins' is
dropped, then given back line by line, in listing order, while the rest of the budget
allows. Widths are UTF-16 code units, the line breaks between lines counted.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.cuts import (
    Overflow,
    characters_overflow,
    dropped_where_not_kept,
)
from skill_ls.workspace.listings.strings import js_head, js_length

ELLIPSIS = "…"
# `name` is shown beside the folder only when it is a plain name of at most 256 characters.
MAX_SHOWN_NAME = 256
_SHOWN_NAME_CHARS = frozenset({"_", ":", ".", "-"})
# Characters Claude Code turns into one space per run (Unicode Cc, Cf, Cs, Co, Cn and the
# line and paragraph separators).
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


@dataclass(frozen=True, slots=True)
class ClaudeLine:
    """One skill's line, with and without its description, and their widths."""

    name_line: str
    full_line: str
    capped_at: int | None  # offset in `full_line` of the ellipsis, when the entry cap cut it
    fixed: bool  # a built-in: always listed in full
    full_width: int
    name_width: int


def claude_line(skill: LoadedSkill, shown_name: str, cap: int | None) -> ClaudeLine:
    """The line of `skill`, listed as `shown_name` (`listing_name`), its description cut
    at the entry cap."""
    builtin = skill.scope == "builtin"
    description = skill.description if builtin else listing_text(skill.description.strip())
    if skill.when_to_use and not builtin:
        description = f"{description} - {listing_text(skill.when_to_use)}"
    # A key Claude Code offers holds no control characters, `<` or `>` (see the client's
    # `name_rule`); the same treatment as descriptions keeps any other one on its line.
    name_line = f"- {listing_text(shown_name)}"
    capped_at: int | None = None
    if cap is not None and js_length(description) > cap:
        description = js_head(description, cap - 1) + ELLIPSIS
        capped_at = len(name_line) + 2 + len(description) - 1
    full_line = f"{name_line}: {description}"
    return ClaudeLine(
        name_line, full_line, capped_at, builtin, js_length(full_line), js_length(name_line)
    )


def full_width(lines: Sequence[ClaudeLine]) -> int:
    """The width of the listing with every description."""
    return sum(line.full_width for line in lines) + max(len(lines) - 1, 0)


def claude_fit(lines: Sequence[ClaudeLine], budget: int | None) -> list[bool]:
    """Which lines keep their description (all of them when the listing fits)."""
    if budget is None or full_width(lines) <= budget:
        return [True] * len(lines)
    kept = [line.fixed for line in lines]
    used = sum(line.full_width if line.fixed else line.name_width for line in lines)
    slack = budget - used - max(len(lines) - 1, 0)
    for at, line in enumerate(lines):
        if line.fixed:
            continue
        cost = line.full_width - line.name_width
        if cost <= slack:
            kept[at] = True
            slack -= cost
    return kept


def claude_overflow(
    listed: Sequence[LoadedSkill], lines: Sequence[ClaudeLine], client: Client
) -> Overflow | None:
    """What Claude Code's budget cuts from these lines; None when they fit."""
    budget = client.listing.budget()
    used = full_width(lines)
    if budget is None or used <= budget:
        return None
    cuts = dropped_where_not_kept(claude_fit(lines, budget))
    return characters_overflow(client, listed, used, budget, cuts)


def shown_names(listed: Sequence[LoadedSkill]) -> list[str]:
    """`listing_name` of every listed skill, each lookup a dictionary's."""
    if all(not skill.display_name or skill.display_name == skill.name for skill in listed):
        return [skill.name for skill in listed]
    by_name: dict[str, LoadedSkill] = {}
    by_display: dict[str, LoadedSkill] = {}
    for skill in listed:
        by_name.setdefault(skill.name, skill)
        if skill.display_name:
            by_display.setdefault(skill.display_name, skill)
    names: list[str] = []
    for skill in listed:
        shown = skill.display_name
        if not shown or shown == skill.name or not _plain_name(shown):
            names.append(skill.name)
            continue
        found = by_name.get(shown) or by_display.get(shown)
        names.append(f"{skill.name} ({shown})" if found is skill else skill.name)
    return names


def listing_name(skill: LoadedSkill, listed: Sequence[LoadedSkill]) -> str:
    """`folder (name)` when the skill's `name` differs from its folder, is a plain name,
    and finds this very skill among those listed; else the folder."""
    shown = skill.display_name
    if not shown or shown == skill.name or not _plain_name(shown):
        return skill.name
    found = next((other for other in listed if other.name == shown), None)
    if found is None:
        found = next((other for other in listed if other.display_name == shown), None)
    return f"{skill.name} ({shown})" if found is skill else skill.name


def listing_text(text: str) -> str:
    """A description as Claude Code keeps it: control runs made one space, `<`/`>` escaped."""
    return _flatten(text).replace("<", "&lt;").replace(">", "&gt;")


def _plain_name(name: str) -> bool:
    if len(name) > MAX_SHOWN_NAME:
        return False
    return all(char in _SHOWN_NAME_CHARS or unicodedata.category(char)[0] in "LMN" for char in name)


def _flatten(text: str) -> str:
    if text.isprintable():
        return text  # holds none of the control characters (nor the line separators)
    out: list[str] = []
    in_run = False
    for char in text:
        control = unicodedata.category(char) in _CONTROL_CATEGORIES or char in "\u2028\u2029"
        if control and not in_run:
            out.append(" ")
        elif not control:
            out.append(char)
        in_run = control
    return "".join(out)
