"""Client groups (`all`, `observed`, `cited`) stand for client ids, expanded in one place."""

from __future__ import annotations

import pytest

from skill_ls.clients.groups import GROUP_DOCS, expand_clients, group_members
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID

# The groups are the rows' provenance, in table order (which agents are observed is held
# against the lab's drivers in tests/lab).
OBSERVED = tuple(client.id for client in CLIENTS if client.provenance.kind == "observed")
CITED = tuple(client.id for client in CLIENTS if client.provenance.kind == "cited")


def test_groups_follow_each_rows_provenance() -> None:
    assert group_members("observed") == OBSERVED and "claude-code" in OBSERVED
    assert group_members("cited") == CITED and "cursor" in CITED
    assert group_members("all") == tuple(client.id for client in CLIENTS)
    assert set(OBSERVED) | set(CITED) == {client.id for client in CLIENTS}


def test_no_group_stands_for_an_upload_target() -> None:
    # An upload target discovers nothing: it is judged against only when named by id.
    assert set(CLIENTS_BY_ID) - {client.id for client in CLIENTS} == {"claude-api"}
    for group in GROUP_DOCS:
        assert "claude-api" not in group_members(group)
    assert expand_clients(["all", "claude-api"])[-1] == "claude-api"


def test_group_names_are_not_client_ids() -> None:
    assert not set(GROUP_DOCS) & set(CLIENTS_BY_ID)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ((), ()),
        (("codex",), ("codex",)),
        (("observed",), OBSERVED),
        # An id given first keeps its place; a group adds the ids not given yet.
        (("pi", "observed"), ("pi", *(c for c in OBSERVED if c != "pi"))),
        (("cited", "observed"), CITED + OBSERVED),
        (("all", "codex", "all"), tuple(client.id for client in CLIENTS)),
        # A name that is neither stays, for the caller to report.
        (("notepad", "cited"), ("notepad", *CITED)),
    ],
)
def test_expand_clients(given: tuple[str, ...], expected: tuple[str, ...]) -> None:
    assert expand_clients(given) == expected


def test_unknown_group() -> None:
    with pytest.raises(KeyError, match="unknown client group 'some'"):
        group_members("some")
