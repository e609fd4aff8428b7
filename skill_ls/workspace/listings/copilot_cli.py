"""Copilot CLI's catalog entries and its budget (observed, Copilot CLI 1.0.102; see
`render/copilot_cli.py` for the whole catalog).

Entries go in while their characters, escaped, add up to no more than the client's budget;
the first entry that does not fit, and every one after it, is named only.
"""

from __future__ import annotations

from collections.abc import Sequence

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings.cuts import (
    Overflow,
    characters_overflow,
    dropped_where_not_kept,
)
from skill_ls.workspace.listings.escape import xml_text


def copilot_cli_entry(skill: LoadedSkill) -> str:
    return (
        "<skill>\n"
        f"  <name>{xml_text(skill.name)}</name>\n"
        f"  <description>{xml_text(skill.description)}</description>\n"
        f"  <location>{xml_text(skill.scope)}</location>\n"
        "</skill>\n"
    )


def copilot_cli_fit(widths: Sequence[int], budget: int | None) -> list[bool]:
    """Which entries are listed whole (in listing order); the rest are named only."""
    kept: list[bool] = []
    used = 0
    for width in widths:
        fits = (not kept or kept[-1]) and (budget is None or used + width <= budget)
        if fits:
            used += width
        kept.append(fits)
    return kept


def copilot_cli_overflow(
    listed: Sequence[LoadedSkill], widths: Sequence[int], client: Client
) -> Overflow | None:
    """What Copilot CLI's budget cuts from these entries; None when they fit."""
    budget = client.listing.budget()
    used = sum(widths)
    if budget is None or used <= budget:
        return None
    cuts = dropped_where_not_kept(copilot_cli_fit(widths, budget))
    return characters_overflow(client, listed, used, budget, cuts)
