"""SKL508: the skill's entry is cut by a target agent's listing budget.

One finding per skill file, naming every agent whose budget cuts it, with what the whole
listing takes against each budget; the figures are those `skill-ls catalog` shows, from
the same computation (`workspace.listings`). Which agents have a budget, and how large,
comes from the client rows.
"""

from __future__ import annotations

from collections import defaultdict

from skill_ls.clients.table import CLIENTS_BY_ID, Client
from skill_ls.diagnostics import Range, Severity
from skill_ls.rules.helpers import names
from skill_ls.rules.reporter import Reporter
from skill_ls.rules.workspace import LISTING_OVER_BUDGET
from skill_ls.workspace.index_queries import IndexQueries
from skill_ls.workspace.listings.cuts import Cut, Overflow

_FIRST_LINE = Range.of(0, 0, 0, 3)
# What each cut does, said of one agent and of several.
_EFFECTS = {
    Cut.DROPPED: (
        "lists this skill without its description",
        "list this skill without its description",
    ),
    Cut.SHORTENED: ("shortens this skill's description", "shorten this skill's description"),
    Cut.OMITTED: ("leaves this skill out of its listing", "leave this skill out of their listings"),
}
# (cut, listed, used, limit, unit, basis): agents alike in all of these share a clause.
_Figures = tuple[Cut, int, int, int, str, str]


def listing_budgets(index: IndexQueries, real: str, reporter: Reporter) -> None:
    """Report SKL508 on the skill file at `real` when a target agent's budget cuts it: on
    its `description` (its `name`, or the opening `---`, when it has none)."""
    grouped: dict[_Figures, list[Client]] = defaultdict(list)
    longest: tuple[str, ...] = ()
    for client_id in index.audience:
        client = CLIENTS_BY_ID[client_id]
        if not index.finds(client_id, real):
            continue
        found = index.listing_cut(client, real)
        if found is None:
            continue
        cut, overflow = found
        longest = longest or overflow.longest
        grouped[_figures(cut, overflow)].append(client)
    if not grouped:
        return
    facts = index.facts_of_real(real)
    here = (facts.description_range or facts.name_range if facts else None) or _FIRST_LINE
    clauses = [_clause(figures, clients) for figures, clients in grouped.items()]
    shorten = "shorten descriptions"
    if longest:
        shorten += f" (the longest here: {', '.join(longest)})"
    only_shortened = all(figures[0] is Cut.SHORTENED for figures in grouped)
    clients = [client for group in grouped.values() for client in group]
    reporter.report(
        LISTING_OVER_BUDGET,
        here,
        f"{'; '.join(clauses)}; {shorten} or move detail into the body",
        severity=Severity.INFO if only_shortened else None,
        data={"clients": [client.id for client in clients]},
    )


def _figures(cut: Cut, overflow: Overflow) -> _Figures:
    return (cut, overflow.listed, overflow.used, overflow.limit, overflow.unit, overflow.basis)


def _clause(figures: _Figures, clients: list[Client]) -> str:
    cut, listed, used, limit, unit, basis = figures
    one = len(clients) == 1
    effect = _EFFECTS[cut][0 if one else 1]
    lists, its = ("it lists", "its") if one else ("they list", "their")
    of = f" ({basis})" if basis else ""
    return (
        f"{names(clients)} {effect}: the {listed:,} skills {lists} take {used:,} {unit} "
        f"against {its} budget of {limit:,}{of} \u2014 {used - limit:,} over"
    )
