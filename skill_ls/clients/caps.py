"""How much of a skill's description fits: the spec's limit and each agent's own cap (a
limit past which it skips the skill, or a per-entry cap on its listing), read from the
field and client tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.fields import DESCRIPTION_MAX
from skill_ls.clients.model import Client


@dataclass(frozen=True)
class DescriptionRoom:
    """The tightest cap on a description for an audience, and who sets it."""

    used: int  # characters counted against the cap
    limit: int
    owner: str  # "the spec" or the agents' names
    # The cap also counts `when_to_use` (an agent's listing entry, e.g. Claude Code's).
    with_when_to_use: bool = False

    @property
    def label(self) -> str:
        """'812/1,024 (the spec)'."""
        return f"{self.used:,}/{self.limit:,} ({self.owner})"


def description_room(
    description: str, when_to_use: str | None, audience: Sequence[Client]
) -> DescriptionRoom:
    """The cap that leaves the least room for `description` among the spec's limit and the
    caps of the agents in `audience` (characters are code points)."""
    rooms = [DescriptionRoom(len(description), DESCRIPTION_MAX, "the spec")]
    for client in audience:
        if client.reading.description_max is not None:
            rooms.append(
                DescriptionRoom(len(description), client.reading.description_max, client.name)
            )
        if client.listing.entry_cap is not None:
            # The listing joins the two as `description - when_to_use` (render/claude.py).
            used = len(description) + (len(when_to_use) + 3 if when_to_use else 0)
            rooms.append(DescriptionRoom(used, client.listing.entry_cap, client.name, True))
    tightest = min(rooms, key=lambda room: (room.limit - room.used, room.limit))
    owners = [
        room.owner
        for room in rooms
        if (room.limit, room.used) == (tightest.limit, tightest.used) and room.owner
    ]
    return DescriptionRoom(
        tightest.used,
        tightest.limit,
        ", ".join(dict.fromkeys(owners)),
        tightest.with_when_to_use,
    )
