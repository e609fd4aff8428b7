"""The tightest cap on a description for the target agents, and who sets it."""

from __future__ import annotations

from skill_ls.clients.caps import DescriptionRoom, description_room
from skill_ls.clients.table import CLIENTS_BY_ID


def test_the_spec_limit_applies_to_every_audience() -> None:
    assert description_room("d" * 812, None, []) == DescriptionRoom(812, 1024, "the spec")
    assert description_room("d" * 812, None, []).label == "812/1,024 (the spec)"


def test_an_agent_with_the_same_limit_is_named_beside_the_spec() -> None:
    copilot_cli = CLIENTS_BY_ID["copilot-cli"]
    assert copilot_cli.reading.description_max == 1024
    room = description_room("d" * 10, None, [copilot_cli])
    assert (room.limit, room.owner) == (1024, "the spec, Copilot CLI")


def test_a_listing_cap_counts_when_to_use_and_can_be_the_tightest() -> None:
    claude = CLIENTS_BY_ID["claude-code"]
    assert claude.listing.entry_cap == 1536
    # 1,000 + 3 (" - ") + 600 = 1,603 against 1,536 leaves less room than 1,000 of 1,024.
    room = description_room("d" * 1000, "w" * 600, [claude])
    assert room == DescriptionRoom(1603, 1536, "Claude Code", with_when_to_use=True)
    # Without `when_to_use`, the spec's limit is the tighter one.
    assert description_room("d" * 1000, None, [claude]).owner == "the spec"
