"""Client groups: names that stand for several clients wherever target clients are given
(`targetClients` in settings, `--client` on the command line), so a user need not list every
id. Groups are expanded here and nowhere else; the rest of skill-ls only sees client ids."""

from __future__ import annotations

from collections.abc import Iterable

from skill_ls.clients.table import CLIENTS

# Group name -> what it stands for, in words (shown in the settings schema and help).
GROUP_DOCS: dict[str, str] = {
    "all": "every agent in the table (upload targets are named by id)",
    "observed": "the agents observed in the client lab",
    "cited": "the agents cited from their sources or documentation",
}


def group_members(group: str) -> tuple[str, ...]:
    """The client ids a group stands for, in the table's order."""
    if group == "all":
        return tuple(client.id for client in CLIENTS)
    if group in ("observed", "cited"):
        return tuple(client.id for client in CLIENTS if client.provenance.kind == group)
    raise KeyError(f"unknown client group {group!r} (known: {', '.join(GROUP_DOCS)})")


def expand_clients(names: Iterable[str]) -> tuple[str, ...]:
    """Ids and group names as client ids: each group replaced by its members, every id
    kept once, in the order first given. Names that are neither stay as they are (the
    caller reports them)."""
    expanded: dict[str, None] = {}
    for name in names:
        for client_id in group_members(name) if name in GROUP_DOCS else (name,):
            expanded.setdefault(client_id, None)
    return tuple(expanded)
