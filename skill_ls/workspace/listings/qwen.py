"""Qwen Code's catalog entries and its budget (observed, Qwen Code 0.24.4; see
`render/qwen.py` for the whole catalog).

Entries are sorted by name as JavaScript's `localeCompare` orders them. Past 8,000
characters of entries (joined by line breaks), every non-bundled skill keeps only its
description's first line (trimmed), without `when_to_use`; nothing is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.cuts import (
    Cut,
    Overflow,
    characters_overflow,
)
from skill_ls.workspace.listings.escape import xml_entities
from skill_ls.workspace.listings.strings import js_trim

# Qwen Code's MAX_SKILL_LISTING_CHARS: the joined entries, before the trim.
LISTING_BUDGET = 8000
# Its levels, by skill-ls scope (extra roots are Qwen Code's custom user skill folders).
LEVELS = {"project": "project", "user": "user", "extra": "user", "builtin": "bundled"}


@dataclass(frozen=True, slots=True)
class QwenEntry:
    """One skill's entry in full and trimmed."""

    full: str
    trimmed: str
    first_line: str  # the description the trimmed entry keeps


def qwen_entry(skill: LoadedSkill) -> QwenEntry:
    level = LEVELS.get(skill.scope, skill.scope)
    full = _block(skill.name, skill.description, skill.when_to_use or None, level)
    if level == "bundled":
        return QwenEntry(full, full, skill.description)
    first = js_trim(skill.description.split("\n")[0])
    return QwenEntry(full, _block(skill.name, first, None, level), first)


def over_budget(entries: Sequence[QwenEntry], budget: int) -> bool:
    return full_width(entries) > budget


def full_width(entries: Sequence[QwenEntry]) -> int:
    return sum(len(entry.full) for entry in entries) + max(len(entries) - 1, 0)


def _block(name: str, description: str, when_to_use: str | None, level: str) -> str:
    shown = xml_entities(description)
    if when_to_use:
        shown += " \u2014 " + xml_entities(when_to_use)
    return (
        f"<skill>\n<name>\n{xml_entities(name)}\n</name>\n"
        f"<description>\n{shown} ({level})\n</description>\n"
        f"<location>\n{level}\n</location>\n</skill>"
    )


def qwen_overflow(
    listed: Sequence[LoadedSkill], entries: Sequence[QwenEntry], client: Client
) -> Overflow | None:
    """What Qwen Code's budget cuts from these entries (in any order: it trims them all
    alike); None when they fit."""
    budget = client.listing.budget() or LISTING_BUDGET
    used = full_width(entries)
    if used <= budget:
        return None
    cuts = [_trim_cut(entry) for entry in entries]
    return characters_overflow(client, listed, used, budget, cuts)


def _trim_cut(entry: QwenEntry) -> Cut | None:
    if entry.trimmed == entry.full:
        return None
    return Cut.SHORTENED if entry.first_line else Cut.DROPPED
