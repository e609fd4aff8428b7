"""A client's view of the index (what it loads after its clash rule, in its load order),
built whole or patched after a change that moved nothing.

A keystroke in an open buffer changes one file's facts. When, for every client, that file
keeps its name and its place and its name group resolves as before, the view keeps its
order and membership: only the changed file's `LoadedSkill` is rebuilt, and every other
entry stays the same object (what lets the listing budgets re-measure that one entry).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

from skill_ls.clients.clashes import clash_key
from skill_ls.clients.table import Client
from skill_ls.workspace.builtin_skills import with_builtins
from skill_ls.workspace.index_records import LoadedSkill, SkillFacts, Status
from skill_ls.workspace.order import first_place, name_order, source_order
from skill_ls.workspace.precedence import Candidate, Outcome
from skill_ls.workspace.roots import Environment
from skill_ls.workspace.skill_reading import (
    as_found,
    as_read,
    description_of,
    reads_frontmatter,
)


class ViewState(Protocol):
    """The parts of the index state a view is built from (`index_queries.DiscoveryState`)."""

    facts: dict[str, SkillFacts]
    candidates: dict[str, dict[str, Candidate]]
    groups: dict[str, dict[str, tuple[str, ...]]]
    names: dict[str, dict[str, str]]


Outcomes = Callable[[Client, str], Mapping[str, Outcome]]
# client id -> real path -> (name, candidate) before a change.
Before = dict[str, dict[str, tuple[str | None, Candidate | None]]]


def build_view(
    client: Client,
    state: ViewState,
    outcomes: Outcomes,
    environment: Environment,
) -> tuple[LoadedSkill, ...]:
    """What `client` loads, in its load order (hidden ones too), built-ins in place."""
    loaded: list[tuple[tuple[int, str], LoadedSkill]] = []
    candidates = state.candidates.get(client.id, {})
    names = state.names.get(client.id, {})
    for key, reals in state.groups.get(client.id, {}).items():
        found = outcomes(client, key)
        place = first_place(client, reals, candidates, found)
        for real in reals:
            outcome = found.get(real)
            if outcome is None or not outcome.loaded:
                continue
            candidate = candidates[real]
            # The copy's own spelling (the group's key may be its name case-folded).
            name = names[real]
            skill = loaded_skill(client, name, candidate, outcome, state)
            order = place or candidate.order
            if client.clashes.list_order == "name-by-source":
                order = source_order(candidate, name)
            elif client.clashes.list_order == "name":
                order = name_order(name)
            loaded.append((order, skill))
    loaded.sort(key=lambda pair: pair[0])
    return with_builtins(client, [skill for _, skill in loaded], environment)


def snapshot(state: ViewState, clients: Iterable[Client], reals: Iterable[str]) -> Before:
    """Each client's name and candidate for these files, before they change."""
    reals = list(reals)
    return {
        client.id: {
            real: (
                state.names.get(client.id, {}).get(real),
                state.candidates.get(client.id, {}).get(real),
            )
            for real in reals
        }
        for client in clients
    }


def patched_view(
    client: Client,
    view: tuple[LoadedSkill, ...],
    before: Mapping[str, tuple[str | None, Candidate | None]],
    previous: Mapping[tuple[str, str], Mapping[str, Outcome] | None],
    state: ViewState,
    outcomes: Outcomes,
) -> tuple[LoadedSkill, ...] | None:
    """`view` with the changed files' entries rebuilt, if nothing else about it changed
    (names, places, the resolution of their name groups); None when it must be rebuilt."""
    rebuilt: dict[str, LoadedSkill] = {}
    for real, (old_name, old_candidate) in before.items():
        name = state.names.get(client.id, {}).get(real)
        candidate = state.candidates.get(client.id, {}).get(real)
        if name != old_name or candidate != old_candidate:
            return None
        if name is None or candidate is None:
            continue  # the client finds the file neither before nor after
        old = previous.get((client.id, clash_key(client.clashes, name)))
        found = outcomes(client, name)
        if old is None or dict(old) != dict(found):
            return None
        outcome = found.get(real)
        if outcome is not None and outcome.loaded:
            rebuilt[real] = loaded_skill(client, name, candidate, outcome, state)
    if not rebuilt:
        return view
    patched = list(view)
    replaced = 0
    for at, skill in enumerate(view):
        new = rebuilt.get(skill.real_path)
        if new is not None:
            patched[at] = new
            replaced += 1
    if replaced != len(rebuilt):
        return None  # an entry is missing from the view, or listed twice: rebuild
    return tuple(patched)


def loaded_skill(
    client: Client, name: str, candidate: Candidate, outcome: Outcome, state: ViewState
) -> LoadedSkill:
    facts = as_read(client, as_found(client, state.facts[candidate.found.real], candidate.found))
    read = reads_frontmatter(client, facts) or client.reading.bad_frontmatter != "ignore"
    shown = facts.name if read and facts.name and facts.name != name else None
    return LoadedSkill(
        name=name,
        description=description_of(client, facts) or "",
        path=candidate.found.path,
        folder=os.path.dirname(candidate.found.path),
        real_path=candidate.found.real,
        scope=candidate.root.scope,
        root=candidate.root.path,
        relative_path=candidate.found.relative,
        hidden=outcome.status is Status.HIDDEN,
        conflict=outcome.status is Status.CONFLICT,
        when_to_use=facts.when_to_use if read else None,
        display_name=shown if client.reading.name_source == "folder" else None,
        root_pattern=candidate.root.pattern,
        winner_varies=outcome.varies,
    )
