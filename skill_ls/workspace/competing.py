"""Competing skills (SKL509): another skill an agent lists beside this one whose entry the
model cannot tell from this one's (the measure is `overlap.py`'s).

Judged agent by agent on what each lists (its names, its descriptions as it takes them);
agents that see the same overlap are named together in one finding, on this skill's
`description`, with the other skill's description as related information.
"""

from __future__ import annotations

from collections import defaultdict

from skill_ls.clients.table import Client
from skill_ls.diagnostics import Range, Related, Severity
from skill_ls.rules.helpers import names
from skill_ls.rules.reporter import Reporter
from skill_ls.rules.workspace import COMPETING_SKILLS
from skill_ls.workspace.index_queries import GroupOutcomes, IndexQueries
from skill_ls.workspace.index_records import Status
from skill_ls.workspace.listings.cuts import Cut
from skill_ls.workspace.overlap import Overlap, OverlapIndex, Words, compare, content_words

# Where a finding goes when the file has neither `description` nor `name`: the opening `---`.
_FIRST_LINE = Range.of(0, 0, 0, 3)
# Shared words the message names before "...".
_SHOWN_WORDS = 6

# (other real path, this skill's name, the other's name, the overlap, how many of the two
# the listing shows by name only)
_Key = tuple[str, str, str, Overlap, int]


def report_competing(
    index: IndexQueries,
    real: str,
    overlaps: OverlapIndex,
    reporter: Reporter,
    groups: GroupOutcomes | None = None,
) -> None:
    """Every skill listed beside `real` by some target agent that competes with it
    (`groups`: `index.group_outcomes(real)`, when the caller has it)."""
    if not reporter.enabled(COMPETING_SKILLS):
        return
    listing = _listing(real, index.group_outcomes(real) if groups is None else groups)
    if not listing:
        return
    common = overlaps.common()
    grouped: dict[_Key, list[Client]] = defaultdict(list)
    for other in overlaps.candidates(real):
        also = {client.id for client in _listing(other, index.group_outcomes(other))}
        for client in listing:
            if client.id not in also:
                continue
            mine, theirs = index.name_for(client.id, real), index.name_for(client.id, other)
            if mine == theirs:
                continue  # two copies of one name: SKL501/SKL502
            cuts = (_cut(index, client, real), _cut(index, client, other))
            if Cut.OMITTED in cuts:
                continue  # left out of the listing
            words = _entry_words(overlaps, client, real, mine, cuts[0])
            other_words = _entry_words(overlaps, client, other, theirs, cuts[1])
            if words is None or other_words is None:
                continue
            overlap = compare(words, other_words, common)
            if overlap.band is not None:
                by_name = cuts.count(Cut.DROPPED)
                grouped[(other, mine, theirs, overlap, by_name)].append(client)
    for (other, mine, theirs, overlap, by_name), clients in grouped.items():
        reporter.report(
            COMPETING_SKILLS,
            _where(index, real),
            _message(mine, theirs, clients, overlap, by_name),
            related=(_related(index, clients[0], other, theirs),),
            severity=Severity.INFO if overlap.band == "info" else None,
        )


def _cut(index: IndexQueries, client: Client, real: str) -> Cut | None:
    """What `client`'s listing budget does to the skill at `real` (None: listed whole)."""
    cut = index.listing_cut(client, real)
    return cut[0] if cut is not None else None


def _entry_words(
    overlaps: OverlapIndex, client: Client, real: str, name: str, cut: Cut | None
) -> Words | None:
    """The words `client` lists for the skill at `real`: the name's alone when its budget
    drops the description (a description the budget only shortens counts whole)."""
    if cut is Cut.DROPPED:
        return content_words(name, "")
    return overlaps.words(real, client.id)


def _listing(real: str, groups: GroupOutcomes) -> list[Client]:
    """The audience clients that show the skill at `real` to the model (`groups`: its
    `group_outcomes`)."""
    return [
        client
        for client, _, outcomes in groups
        if (outcome := outcomes.get(real)) is not None
        and outcome.loaded
        and outcome.status is not Status.HIDDEN
    ]


def _message(mine: str, theirs: str, clients: list[Client], overlap: Overlap, by_name: int) -> str:
    shown = ", ".join(overlap.shared[:_SHOWN_WORDS])
    if len(overlap.shared) > _SHOWN_WORDS:
        shown += ", ..."
    alike = "names of the same words and " if overlap.same_name_words else ""
    # A listing budget that drops a description leaves the name alone to choose by.
    alone = [
        "",
        " (one of them by name only: the listing budget drops its description)",
        " (by name only: the listing budget drops both descriptions)",
    ][by_name]
    return (
        f"`{mine}` and `{theirs}` are listed together by {names(clients)}{alone} with {alike}"
        f"entries sharing {len(overlap.shared)} of {overlap.smaller} distinctive words "
        f"({shown}): the model chooses by description alone; say what sets each apart, "
        "or merge them"
    )


def _where(index: IndexQueries, real: str) -> Range:
    facts = index.facts_of_real(real)
    if facts is None:
        return _FIRST_LINE
    return facts.description_range or facts.name_range or _FIRST_LINE


def _related(index: IndexQueries, client: Client, other: str, name: str) -> Related:
    path = index.candidate(client.id, other).found.path
    return Related(path, _where(index, other), f"the description of `{name}`")
