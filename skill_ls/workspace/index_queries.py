"""The workspace index as it is read: what discovery found, and the queries answered from it.

`WorkspaceIndex` (index.py) fills and updates this state; everything that only reads it
(the queries here, the cross-skill findings) needs nothing else. Every query takes the
lock; answers that cost a resolution are cached until the state they came from changes.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.clients.clashes import clash_key
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, Client
from skill_ls.document.mentions import Mention
from skill_ls.settings import Settings
from skill_ls.workspace.index_records import (
    SCOPES,
    BoundHit,
    FoundFile,
    LoadedSkill,
    Placement,
    RootFolder,
    SkillEntry,
    SkillFacts,
    Status,
)
from skill_ls.workspace.listings.budget import ListingBudgets, has_budget
from skill_ls.workspace.listings.cuts import Cut, Overflow
from skill_ls.workspace.precedence import Candidate, Outcome, resolve
from skill_ls.workspace.root_walk import RootWalk, WalkLimits
from skill_ls.workspace.roots import client_roots, current_environment, normalise
from skill_ls.workspace.skill_reading import fallback_name
from skill_ls.workspace.views import Before, build_view, patched_view

# For each audience client finding a file: its candidate and its name group's outcomes.
GroupOutcomes = list[tuple[Client, Candidate, Mapping[str, Outcome]]]

_STATUS_SUMMARY = (Status.LOADED, Status.HIDDEN, Status.CONFLICT, Status.SHADOWED, Status.SKIPPED)


@dataclass(frozen=True)
class RootUse:
    """One client searching one root folder."""

    client: Client
    order: int  # the root's place in the client's load order
    root: RootFolder


@dataclass
class DiscoveryState:
    """Everything discovery found; replaced whole by a scan, patched by updates."""

    walks: dict[str, RootWalk] = field(default_factory=dict)  # by root path
    facts: dict[str, SkillFacts] = field(default_factory=dict)  # by real path
    # real path -> {(root path, relative path)}: every place a real file was found.
    locations: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    # client id -> real path -> the client's first candidate for it.
    candidates: dict[str, dict[str, Candidate]] = field(default_factory=dict)
    # client id -> name -> real paths (a tuple: most names have one copy, and a set per name
    # held a fifth of a 10,000-skill index); and client id -> real path -> name.
    groups: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)


class IndexQueries:
    """Skills across workspace folders, user roots, extra roots and builtin skills, as read.

    Queries by path accept any path leading to a skill file; those by `real` take the
    resolved path the index keys files by (`SkillEntry.real_path`).
    """

    def __init__(
        self,
        folders: Sequence[str | Path],
        settings: Settings | None = None,
        home: str | Path | None = None,
        environ: Mapping[str, str] | None = None,
        limits: WalkLimits | None = None,
    ) -> None:
        self.folders = tuple(normalise(str(folder)) for folder in folders)
        self.settings = settings or Settings()
        # Asked for every skill by every finding: worked out once (the settings are frozen).
        self._audience = self.settings.target_clients or tuple(client.id for client in CLIENTS)
        self.environment = current_environment(None if home is None else str(home), environ)
        self.limits = limits or WalkLimits()
        self._lock = threading.RLock()
        self._buffers: dict[str, str] = {}
        self._client_roots: dict[str, list[RootFolder]] = {
            client.id: client_roots(client, self.folders, self.settings, self.environment)
            for client in CLIENTS
        }
        self._root_uses: dict[str, list[RootUse]] = {}
        for client in CLIENTS:
            for order, root in enumerate(self._client_roots[client.id]):
                self._root_uses.setdefault(root.path, []).append(RootUse(client, order, root))
        self._state = DiscoveryState()
        # client id -> name -> outcomes (nested: a key tuple per name cost 5 MB at 10,000).
        self._outcomes: dict[str, dict[str, Mapping[str, Outcome]]] = {}
        self._entries: dict[str, SkillEntry] = {}
        self._views: dict[str, tuple[LoadedSkill, ...]] = {}
        self._budgets = ListingBudgets(self.settings.context_window)

    # --- skills and what each client loads -------------------------------------------------

    @property
    def audience(self) -> tuple[str, ...]:
        """Clients that count for statuses and diagnostics: the targets, else all."""
        return self._audience

    def roots(self, client_id: str | None = None) -> list[tuple[str, RootFolder]]:
        """(client id, root folder) in each client's load order."""
        ids = [client_id] if client_id is not None else [client.id for client in CLIENTS]
        return [(cid, root) for cid in ids for root in self._client_roots[_known(cid)]]

    def skills(self) -> list[SkillEntry]:
        """Every skill file found (one entry per real file), sorted by name then path."""
        with self._lock:
            entries = [self._entry(real) for real in self._state.locations]
        return sorted(entries, key=lambda e: (e.name, _scope_rank(e.scope), e.path))

    def skill_paths(self) -> dict[str, str]:
        """Every skill file found: its path as its entry shows it, by real path, without
        judging them: what a caller needing only the files asks, at no cost of memory (an
        entry holds every client's placement)."""
        with self._lock:
            return {real: self._primary(real)[1].path for real in self._state.locations}

    def entry_for_path(self, path: str | Path) -> SkillEntry | None:
        """The entry of the skill file at `path` (any path leading to it), if indexed."""
        with self._lock:
            real = self._real_of(str(path))
            return self._entry(real) if real in self._state.locations else None

    def skill_by_name(self, name: str, client_id: str | None = None) -> SkillEntry | None:
        """The copy of `name` a client loads (the audience's first loaded copy if none)."""
        with self._lock:
            if client_id is not None:
                clashes = CLIENTS_BY_ID[client_id].clashes
                key = clash_key(clashes, name)
                for skill in self.view(client_id):
                    if clash_key(clashes, skill.name) == key:
                        return self._entry(skill.real_path)
                return None
            named = [entry for entry in self.skills() if entry.name == name]
        named.sort(key=lambda e: _STATUS_SUMMARY.index(e.status))
        return named[0] if named else None

    def view(self, client_id: str) -> tuple[LoadedSkill, ...]:
        """What a client loads after its clash rule, in its load order (hidden ones too)."""
        client = CLIENTS_BY_ID[_known(client_id)]
        with self._lock:
            cached = self._views.get(client.id)
            if cached is None:
                cached = build_view(client, self._state, self.outcomes, self.environment)
                self._views[client.id] = cached
            return cached

    def listing_overflow(self, client: Client) -> Overflow | None:
        """What `client`'s listing budget cuts from its view; None when it all fits."""
        if not has_budget(client):
            return None
        with self._lock:
            return self._budgets.overflow(client, self.view(client.id))

    def listing_cuts(self) -> tuple[tuple[str, tuple[Cut | None, ...] | None], ...]:
        """What every target agent's budget cuts, entry by entry: when a change alters it,
        other skills' SKL508 findings change."""
        with self._lock:
            return tuple(
                (client_id, tuple(found.cuts) if found is not None else None)
                for client_id in self.audience
                for found in (self.listing_overflow(CLIENTS_BY_ID[client_id]),)
            )

    def listing_cut(self, client: Client, real: str) -> tuple[Cut, Overflow] | None:
        """What `client`'s listing budget does to the file at `real`; None: listed whole."""
        if not has_budget(client):
            return None
        with self._lock:
            return self._budgets.cut(client, self.view(client.id), real)

    def facts(self, path: str | Path) -> SkillFacts | None:
        """What indexing read from the skill file at `path` (a buffer wins over disk)."""
        with self._lock:
            return self._state.facts.get(self._real_of(str(path)))

    def display_path(self, path: str) -> str:
        """A path as a person reads it: relative in a workspace folder, `~/...` under home."""
        for folder in self.folders:
            if path.startswith(folder.rstrip(os.sep) + os.sep):
                return os.path.relpath(path, folder)
        home = self.environment.home.rstrip(os.sep) + os.sep
        return "~/" + path[len(home) :] if path.startswith(home) else path

    def buffer_text(self, path: str | Path) -> str | None:
        """The open editor buffer's text for `path`, if the index was given one."""
        with self._lock:
            return self._buffers.get(self._real_of(str(path)))

    def known_mentions(self, real: str) -> tuple[Mention, ...] | None:
        """The mentions in the file at `real` when they are known without reading it (a
        check that parsed it gave them); None: read the file."""
        return None

    def bounds_hit(self) -> list[BoundHit]:
        with self._lock:
            return [hit for walk in self._state.walks.values() for hit in walk.hits]

    # --- one real file, client by client (what the cross-skill findings read) ----------

    def facts_of_real(self, real: str) -> SkillFacts | None:
        with self._lock:
            return self._state.facts.get(real)

    def name_for(self, client_id: str, real: str) -> str:
        """The name a client gives the file at `real` (it must find the file)."""
        with self._lock:
            return self._state.names[client_id][real]

    def finds(self, client_id: str, real: str) -> bool:
        with self._lock:
            return real in self._state.candidates.get(client_id, {})

    def candidate(self, client_id: str, real: str) -> Candidate:
        """Where a client finds the file at `real` first (it must find the file)."""
        with self._lock:
            return self._state.candidates[client_id][real]

    def outcomes(self, client: Client, name: str) -> Mapping[str, Outcome]:
        """What a client does with each copy named `name` (as it clashes names: case folded
        where it folds case), by real path."""
        with self._lock:
            return self._group(client, clash_key(client.clashes, name))

    def group_outcomes(self, real: str) -> GroupOutcomes:
        """For each audience client finding `real`: its candidate and its name group."""
        with self._lock:
            state = self._state
            found: GroupOutcomes = []
            for client_id in self.audience:
                candidate = state.candidates.get(client_id, {}).get(real)
                if candidate is not None:
                    client = CLIENTS_BY_ID[client_id]
                    key = clash_key(client.clashes, state.names[client_id][real])
                    found.append((client, candidate, self._group(client, key)))
            return found

    def found_places(self, real: str) -> list[tuple[RootFolder, FoundFile]]:
        """Every root the file at `real` was found in, and how it was found there."""
        with self._lock:
            state = self._state
            return [
                (self._walk_root(root_path), state.walks[root_path].found[rel])
                for root_path, rel in sorted(state.locations.get(real, ()))
            ]

    def root_hits(self, root_path: str) -> list[BoundHit]:
        """The bounds the walk of one root folder stopped at."""
        with self._lock:
            walk = self._state.walks.get(root_path)
            return list(walk.hits) if walk is not None else []

    # --- internals ---------------------------------------------------------------------

    def _real_of(self, path: str) -> str:
        try:
            return os.path.realpath(path)
        except OSError:
            return normalise(path)

    def _group(self, client: Client, key: str) -> Mapping[str, Outcome]:
        """The outcomes of the name group `key` (a `clash_key`), resolved once until it
        changes; the caller holds the lock."""
        by_name = self._outcomes.get(client.id)
        if by_name is None:
            by_name = self._outcomes[client.id] = {}
        cached = by_name.get(key)
        if cached is None:
            state = self._state
            members = state.groups.get(client.id, {}).get(key, ())
            candidates = [state.candidates[client.id][real] for real in members]
            cached = resolve(client, candidates, state.facts, self.settings.builtin_override)
            by_name[key] = cached
        return cached

    def _walk_root(self, root_path: str) -> RootFolder:
        return self._root_uses[root_path][0].root

    def _forget(
        self, reals: Iterable[str], groups: Iterable[tuple[str, str]], before: Before
    ) -> None:
        """Drop what depended on these real files and (client id, name) groups; patch the
        views a change moved nothing in (`views.patched_view`), drop the others."""
        previous: dict[tuple[str, str], Mapping[str, Outcome] | None] = {}
        for client_id, name in groups:
            previous[(client_id, name)] = self._outcomes.get(client_id, {}).pop(name, None)
            for other in previous[(client_id, name)] or ():
                self._entries.pop(other, None)
        for real in reals:
            self._entries.pop(real, None)
        views, self._views = self._views, {}
        for client_id, view in views.items():
            client = CLIENTS_BY_ID[client_id]
            mine = before.get(client_id)
            patched = None
            if mine is not None:
                patched = patched_view(client, view, mine, previous, self._state, self.outcomes)
            if patched is not None:
                self._views[client_id] = patched

    def _invalidate_all(self) -> None:
        self._outcomes.clear()
        self._entries.clear()
        self._views.clear()

    def _placements(self, real: str) -> list[tuple[Candidate, Outcome, Mapping[str, Outcome]]]:
        """(candidate, outcome, the whole name group's outcomes) per client finding `real`."""
        state = self._state
        out: list[tuple[Candidate, Outcome, Mapping[str, Outcome]]] = []
        for client in CLIENTS:
            candidate = state.candidates.get(client.id, {}).get(real)
            if candidate is None:
                continue
            group = self.outcomes(client, state.names[client.id][real])
            outcome = group.get(real)
            if outcome is not None:
                out.append((candidate, outcome, group))
        return out

    def _places(self, real: str) -> list[tuple[str, str]]:
        """(root path, relative path) of every place a file is found, the entry's first."""
        places = sorted(self._state.locations[real])
        if len(places) > 1:
            places.sort(key=lambda place: _scope_rank(self._walk_root(place[0]).scope))
        return places

    def _primary(self, real: str) -> tuple[str, FoundFile]:
        """The root path and the found file an entry is shown at (its highest-ranked place)."""
        root_path, rel = self._places(real)[0]
        return root_path, self._state.walks[root_path].found[rel]

    def _entry(self, real: str) -> SkillEntry:
        cached = self._entries.get(real)
        if cached is not None:
            return cached
        state = self._state
        facts = state.facts[real]
        places = self._places(real)
        root_path, rel = places[0]
        primary = state.walks[root_path].found[rel]
        placements: list[Placement] = []
        entry_name = facts.loaded_name(fallback_name(primary))
        audience = set(self.audience)
        shadowed_by: list[str] = []
        overrides: list[str] = []
        for candidate, outcome, group in self._placements(real):
            client = CLIENTS_BY_ID[candidate.client]
            beaten: list[str] = []
            if outcome.loaded and len(group) > 1:
                for other_real, other in group.items():
                    if other.winner is candidate:
                        beaten.append(state.candidates[client.id][other_real].found.path)
            winner = outcome.winner.found.path if outcome.winner is not None else None
            placements.append(
                Placement(
                    client=client.id,
                    path=candidate.found.path,
                    root=candidate.root.path,
                    scope=candidate.root.scope,
                    relative_path=candidate.found.relative,
                    status=outcome.status,
                    loaded=outcome.loaded,
                    winner=winner,
                    reason=outcome.reason,
                    overrides=tuple(sorted(beaten)),
                    winner_varies=outcome.varies,
                    name=own if (own := state.names[client.id][real]) != entry_name else None,
                )
            )
            if client.id not in audience:
                continue
            if winner is not None and winner not in shadowed_by:
                shadowed_by.append(winner)
            overrides += [path for path in beaten if path not in overrides]
        counted = [p for p in placements if p.client in audience]
        statuses = {p.status for p in counted}
        status = next((s for s in _STATUS_SUMMARY if s in statuses), Status.SKIPPED)
        entry = SkillEntry(
            name=entry_name,
            description=facts.description,
            path=primary.path,
            folder=os.path.dirname(primary.path),
            scope=self._walk_root(root_path).scope,
            root=root_path,
            relative_path=primary.relative,
            real_path=real,
            clients=tuple(p.client for p in counted if p.loaded),
            status=status,
            shadowed_by=tuple(shadowed_by),
            overrides=tuple(overrides),
            placements=tuple(placements),
            other_paths=tuple(
                sorted({state.walks[r].found[p].path for r, p in places[1:]} - {primary.path})
            ),
        )
        self._entries[real] = entry
        return entry


def _known(client_id: str) -> str:
    if client_id not in CLIENTS_BY_ID:
        known = ", ".join(CLIENTS_BY_ID)
        raise KeyError(f"unknown client {client_id!r} (known: {known})")
    return client_id


def _scope_rank(scope: str) -> int:
    return SCOPES.index(scope) if scope in SCOPES else len(SCOPES)
