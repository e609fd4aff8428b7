"""What a listing budget does to the skills it lists: the answer each agent format's
allocation gives, in the same shape for every agent."""

from __future__ import annotations

import enum
import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill

# How many of the longest descriptions a finding names.
LONGEST_SHOWN = 3


class Cut(enum.Enum):
    """What the budget did to one listed entry."""

    SHORTENED = "shortened"  # its description shortened
    DROPPED = "dropped"  # listed without its description (by name only)
    OMITTED = "omitted"  # left out of the listing


@dataclass(frozen=True)
class Overflow:
    """A listing over its agent's budget: what the whole listing takes and what it cut."""

    client: Client
    listed: int  # entries listed (hidden ones not counted)
    used: int  # what the listing with every description takes
    limit: int  # what the budget allows
    unit: str  # "characters" | "tokens"
    cuts: Sequence[Cut | None]  # by entry, in the order of `skills`
    # The skills listed, in the listing's order (to name the longest descriptions).
    skills: Sequence[LoadedSkill] = ()
    # Where the limit comes from, in words ("1% of a 1,000,000-token context"; "" when it
    # is a fixed number of characters).
    basis: str = ""

    @property
    def over(self) -> int:
        return self.used - self.limit

    @cached_property
    def longest(self) -> tuple[str, ...]:
        """The listed skills with the longest descriptions (built-ins left out), longest
        first; asked only when a finding is reported."""
        return longest_descriptions(self.skills)


def longest_descriptions(skills: Sequence[LoadedSkill]) -> tuple[str, ...]:
    """The names of the skills (built-ins left out) with the longest descriptions."""
    found = [skill for skill in skills if skill.scope != "builtin"]
    top = heapq.nlargest(
        LONGEST_SHOWN, found, key=lambda s: len(s.description) + len(s.when_to_use or "")
    )
    return tuple(skill.name for skill in top)


def share_basis(client: Client) -> str:
    """The budget as a share of the model's context, in words ("" when it is not one)."""
    listing = client.listing
    if listing.context_window is None or listing.catalog_share is None:
        return ""
    return f"{listing.catalog_share * 100:g}% of a {listing.context_window:,}-token context"


def characters_overflow(
    client: Client, skills: Sequence[LoadedSkill], used: int, limit: int, cuts: Sequence[Cut | None]
) -> Overflow:
    """A listing over a budget counted in characters (every agent's but Codex's)."""
    return Overflow(client, len(cuts), used, limit, "characters", cuts, skills, share_basis(client))


def dropped_where_not_kept(kept: Sequence[bool]) -> list[Cut | None]:
    """Cuts for an agent that drops a description whole: one per entry not kept."""
    return [None if whole else Cut.DROPPED for whole in kept]
