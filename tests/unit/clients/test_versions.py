"""Versions as data: which row stands for which version of an agent, and how a choice is
read (`clients.versions`, `clients.version_choice`)."""

from __future__ import annotations

import pytest

from skill_ls.clients.table import NEWEST
from skill_ls.clients.version_choice import ENVIRONMENT, chosen_versions, encode, parse_choice
from skill_ls.clients.versions import row_at

PI = next(client for client in NEWEST if client.id == "pi")


def test_each_version_gets_the_row_of_its_range() -> None:
    [older] = PI.older
    assert older.until == "0.63.1" and older.observed == "0.60.0"
    # Bisected in the lab: 0.63.0 still behaves as 0.60.0, 0.63.1 as the pin.
    for version in ("0.50.0", "0.60.0", "0.63.0"):
        assert row_at(PI, version) is older.row
    for version in ("0.63.1", "0.73.1", "1.0"):
        assert row_at(PI, version) is PI
    assert row_at(PI, None) is PI
    assert older.row.discovery.root_markdown_roots == ()
    assert PI.discovery.root_markdown_roots != ()


def test_a_choice_is_read_and_written_back() -> None:
    chosen = parse_choice(" pi=0.60.0 , claude-code=2.1.300,")
    assert chosen == {"pi": "0.60.0", "claude-code": "2.1.300"}
    assert parse_choice(encode(chosen)) == chosen
    assert chosen_versions({ENVIRONMENT: "pi=0.60.0"}) == {"pi": "0.60.0"}
    assert chosen_versions({ENVIRONMENT: "pi=latest"}) == {}  # checked before it is set
    assert chosen_versions({}) == {}


@pytest.mark.parametrize("text", ["pi", "pi=", "=1.0", "pi=v1", "pi=1.0-beta"])
def test_a_malformed_choice_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="ID=VERSION"):
        parse_choice(text)
