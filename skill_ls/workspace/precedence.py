"""One client, one name: which copy it loads, which copies it shadows or keeps in conflict,
which it skips, and which it hides from the model. All of it from the client table; how the
client reads each copy is `skill_reading.py`'s."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from skill_ls.clients.table import CLASH_SCOPE_RANKS, Client
from skill_ls.workspace.index_records import FoundFile, RootFolder, SkillFacts, Status
from skill_ls.workspace.skill_reading import (
    as_found,
    fallback_name,
    hidden,
    name_of,
    skip_reason,
    unlisted_reason,
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A file a client finds, with its place in the client's load order."""

    client: str
    root: RootFolder
    found: FoundFile
    order: tuple[int, str]  # (root index in the client's load order, relative path)


@dataclass(frozen=True, slots=True)
class Outcome:
    status: Status
    loaded: bool
    winner: Candidate | None = None
    reason: str = ""
    # The client's clash winner varies from run to run (`clash="varies"`): `winner` is one
    # copy it may load, not the only one.
    varies: bool = False


class OneOutcome(Mapping[str, Outcome]):
    """The outcomes of a name only one file has (nearly every name): the mapping a `dict`
    would be, in a quarter of the memory (an index keeps one per client and name)."""

    __slots__ = ("_outcome", "_real")

    def __init__(self, real: str, outcome: Outcome) -> None:
        self._real = real
        self._outcome = outcome

    def __getitem__(self, real: str) -> Outcome:
        if real != self._real:
            raise KeyError(real)
        return self._outcome

    def __iter__(self) -> Iterator[str]:
        yield self._real

    def __len__(self) -> int:
        return 1

    def __repr__(self) -> str:
        return f"{{{self._real!r}: {self._outcome!r}}}"


def resolve(
    client: Client,
    candidates: Sequence[Candidate],
    facts: Mapping[str, SkillFacts],
    builtin_policy: str,
) -> Mapping[str, Outcome]:
    """Outcome for every real file among `candidates` (all named alike for `client`)."""
    if len(candidates) == 1:  # no clash: the common case, kept cheap for large workspaces
        only = candidates[0]
        facts_of = as_found(client, facts[only.found.real], only.found)
        reason = skip_reason(client, facts_of, _client_name(client, only, facts_of))
        if reason is not None:
            return OneOutcome(only.found.real, Outcome(Status.SKIPPED, False, reason=reason))
        return OneOutcome(only.found.real, _loaded(client, only, facts, Status.LOADED))
    ordered = sorted(candidates, key=lambda c: c.order)
    outcomes: dict[str, Outcome] = {}
    eligible: list[Candidate] = []
    for candidate in ordered:
        candidate_facts = as_found(client, facts[candidate.found.real], candidate.found)
        reason = skip_reason(
            client, candidate_facts, _client_name(client, candidate, candidate_facts)
        )
        if reason is None:
            eligible.append(candidate)
        else:
            outcomes[candidate.found.real] = Outcome(Status.SKIPPED, False, reason=reason)
    if not eligible:
        return outcomes
    if client.clashes.refused_copy_takes_name and len(eligible) < len(ordered):
        taken = _winner(client, ordered)
        if taken not in eligible:
            # The copy that takes the name is refused: no copy of it loads.
            for candidate in eligible:
                outcomes[candidate.found.real] = Outcome(
                    Status.SHADOWED, False, taken, _refused_taker_reason(client, taken, outcomes)
                )
            return outcomes
    contenders = eligible
    builtins = [c for c in eligible if c.root.scope == "builtin"]
    if (
        client.clashes.has_builtin
        and builtin_policy == "conflict"
        and builtins != eligible
        and builtins
    ):
        # The builtin keeps its name; every workspace copy is refused.
        contenders = builtins
        for candidate in eligible:
            if candidate.root.scope != "builtin":
                outcomes[candidate.found.real] = Outcome(
                    Status.CONFLICT,
                    False,
                    builtins[0],
                    "a builtin skill has this name and builtinOverride is 'conflict'",
                )
    if client.clashes.clash == "not-merged":
        status = Status.CONFLICT if len(contenders) > 1 else Status.LOADED
        for candidate in contenders:
            outcomes[candidate.found.real] = _loaded(client, candidate, facts, status)
        return outcomes
    winner = _winner(client, contenders)
    varies = client.clashes.clash == "varies"
    for candidate in contenders:
        if candidate is winner:
            outcome = _loaded(client, candidate, facts, Status.LOADED)
            if varies:
                outcome = replace(outcome, reason=_clash_reason(client), varies=True)
            outcomes[candidate.found.real] = outcome
        else:
            outcomes[candidate.found.real] = Outcome(
                Status.SHADOWED, False, winner, _clash_reason(client), varies
            )
    return outcomes


def _client_name(client: Client, candidate: Candidate, facts: SkillFacts) -> str | None:
    """The name the client keys a candidate by, when its row checks names
    (`Client.reading.name_rule`); None otherwise."""
    if client.reading.name_rule is None:
        return None
    return name_of(client, facts, fallback_name(candidate.found, client))


def _winner(client: Client, contenders: Sequence[Candidate]) -> Candidate:
    ranks = CLASH_SCOPE_RANKS.get(client.clashes.clash)
    if ranks is not None:
        return min(contenders, key=lambda c: (_rank(ranks, c.root.scope), c.order))
    if client.clashes.clash in ("last-wins", "varies"):  # "varies": the copy loaded last, usually
        return contenders[-1]
    return contenders[0]  # "first-wins", and the default for undocumented rules


def _rank(ranks: tuple[str, ...], scope: str) -> int:
    return ranks.index(scope) if scope in ranks else len(ranks)


_LOADED = Outcome(Status.LOADED, True)
_HIDDEN = Outcome(Status.HIDDEN, True, reason="a flag hides it from the model's catalog")


def _loaded(
    client: Client, candidate: Candidate, facts: Mapping[str, SkillFacts], status: Status
) -> Outcome:
    read = as_found(client, facts[candidate.found.real], candidate.found)
    unlisted = unlisted_reason(client, read)
    if unlisted is not None:
        return Outcome(Status.HIDDEN, True, reason=unlisted)
    if client.listing.hidden_when and hidden(client, read):
        return _HIDDEN
    return _LOADED if status is Status.LOADED else Outcome(status, True)


CLASH_REASONS: dict[str, str] = {
    "first-wins": "the first copy found wins",
    "last-wins": "the last copy loaded wins",
    "project-wins": "project skills win over user skills",
    "user-wins": "user skills win over project skills",
    "not-merged": "every copy is listed",
    "varies": "which copy wins varies from run to run",
}


def _refused_taker_reason(client: Client, taken: Candidate, outcomes: Mapping[str, Outcome]) -> str:
    why = outcomes[taken.found.real].reason
    return f"{_clash_reason(client)}, and it refuses that copy ({why})"


def _clash_reason(client: Client) -> str:
    if client.clashes.clash_note:
        return client.clashes.clash_note  # written in full, the client named
    return f"{client.name}: {CLASH_REASONS.get(client.clashes.clash, client.clashes.clash)}"
