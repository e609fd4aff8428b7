"""Factory Droid's catalog lines and its budget (observed, Factory Droid 0.225.2; see
`render/droid.py` for the whole catalog).

Every name is counted, with the line breaks; built-ins keep their descriptions whatever it
costs; then project skills, then user skills, each in list order, keep theirs while they
fit (one that does not fit is passed over, a later shorter one may still fit). The others
are listed by name alone. Widths are UTF-16 code units.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.cuts import (
    Overflow,
    characters_overflow,
    dropped_where_not_kept,
)
from skill_ls.workspace.listings.strings import JS_WHITESPACE, js_head, js_length, js_trim

NO_DESCRIPTION = "No description provided"
# Characters a description keeps in the catalog (the last one then `…`).
DESCRIPTION_MAX = 1024
# The budget when the model's working token limit is not known.
DEFAULT_BUDGET = 8000
# Which skills keep their descriptions first, by skill-ls scope (higher first).
PRIORITY = {"project": 2, "user": 1}
# Tags Droid writes with entities inside a name or a description.
_DEFUSED = {
    tag: tag.replace("<", "&lt;").replace(">", "&gt;")
    for tag in (
        "<system-reminder>",
        "</system-reminder>",
        "<system-notification>",
        "</system-notification>",
    )
}
_DEFUSE = re.compile("|".join(re.escape(tag) for tag in _DEFUSED))
_WHITESPACE = re.compile(f"[{re.escape(JS_WHITESPACE)}]+")


def one_line(text: str) -> str:
    """Droid's clean-up of a name or a description: tags defused, whitespace runs made one
    space, trimmed."""
    defused = _DEFUSE.sub(lambda match: _DEFUSED[match.group(0)], text)
    return js_trim(_WHITESPACE.sub(" ", defused))


@dataclass(frozen=True, slots=True)
class DroidLine:
    """One skill's line, with and without its description, and their widths."""

    name: str
    full: str
    capped: bool  # the description was over 1,024 characters and ends in `…`
    fixed: bool  # a built-in: keeps its description whatever it costs
    priority: int
    name_width: int
    extra: int  # what the description adds to the bare name


def droid_line(skill: LoadedSkill) -> DroidLine:
    name = one_line(skill.name)
    description = one_line(skill.description) or NO_DESCRIPTION
    shown = description
    if js_length(shown) > DESCRIPTION_MAX:
        shown = js_head(shown, DESCRIPTION_MAX - 1) + "\u2026"
    full = f"{name}: {shown}"
    return DroidLine(
        name,
        full,
        shown != description,
        skill.scope == "builtin",
        PRIORITY.get(skill.scope, 0),
        js_length(name),
        js_length(full) - js_length(name),
    )


def full_width(lines: Sequence[DroidLine]) -> int:
    return sum(line.name_width + line.extra for line in lines) + max(len(lines) - 1, 0)


def droid_fit(lines: Sequence[DroidLine], budget: int) -> list[bool]:
    """Which lines keep their description."""
    left = budget - sum(line.name_width for line in lines) - (len(lines) - 1)
    kept = [False] * len(lines)
    others: list[int] = []
    for at, line in enumerate(lines):
        if line.fixed:
            kept[at] = True
            left -= line.extra
        else:
            others.append(at)
    others.sort(key=lambda at: -lines[at].priority)
    for at in others:
        if lines[at].extra <= left:
            kept[at] = True
            left -= lines[at].extra
    return kept


def droid_overflow(
    listed: Sequence[LoadedSkill], lines: Sequence[DroidLine], client: Client
) -> Overflow | None:
    """What Factory Droid's budget cuts from these lines; None when they fit."""
    budget = client.listing.budget() or DEFAULT_BUDGET
    used = full_width(lines)
    if used <= budget:
        return None
    cuts = dropped_where_not_kept(droid_fit(lines, budget))
    return characters_overflow(client, listed, used, budget, cuts)
