"""The workspace index: every skill each client would load, kept up to date incrementally.

Discovery walks each root folder once (roots shared by several clients are walked once),
reads only the frontmatter of each real file once, and keeps, per client, the copies it
finds grouped by name. A change to one file or folder re-walks that subtree only and
re-resolves only the names it touches. Open editor buffers win over disk.

Thread safety: every public method takes one lock; a full `scan` builds its result without
holding it and swaps it in at the end, so readers are never blocked for a whole scan.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.clients.builtins import builtins_for
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, Client
from skill_ls.diagnostics import Diagnostic
from skill_ls.ignore import IGNORE_FILES
from skill_ls.settings import Settings
from skill_ls.workspace import findings
from skill_ls.workspace.builtin_skills import builtin_skill
from skill_ls.workspace.facts import SIDECAR_FILES, read_facts
from skill_ls.workspace.model import (
    SCOPES,
    BoundHit,
    FoundFile,
    LoadedSkill,
    Placement,
    RootFolder,
    ScanReport,
    SkillEntry,
    SkillFacts,
    Status,
)
from skill_ls.workspace.order import root_order_key
from skill_ls.workspace.precedence import (
    Candidate,
    Outcome,
    accepts,
    description_of,
    fallback_name,
    name_of,
    reads_frontmatter,
    reads_root_markdown,
    resolve,
)
from skill_ls.workspace.roots import Environment, client_roots, normalise
from skill_ls.workspace.walker import RootWalk, WalkLimits, walk_below, walk_root

Progress = Callable[[int, int, str], None]
Cancelled = Callable[[], bool]

_STATUS_SUMMARY = (Status.LOADED, Status.HIDDEN, Status.CONFLICT, Status.SHADOWED, Status.SKIPPED)


@dataclass(frozen=True)
class _RootUse:
    client: Client
    order: int  # the root's place in the client's load order
    root: RootFolder


@dataclass
class _State:
    """Everything discovery found; replaced whole by `scan`, patched by the rest."""

    walks: dict[str, RootWalk] = field(default_factory=dict)  # by root path
    facts: dict[str, SkillFacts] = field(default_factory=dict)  # by real path
    # real path -> {(root path, relative path)}: every place a real file was found.
    locations: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    # client id -> real path -> the client's first candidate for it.
    candidates: dict[str, dict[str, Candidate]] = field(default_factory=dict)
    # client id -> name -> real paths; and client id -> real path -> name.
    groups: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)


class WorkspaceIndex:
    """Skills across workspace folders, user roots, extra roots and builtin skills."""

    def __init__(
        self,
        folders: Sequence[str | Path],
        settings: Settings | None = None,
        home: str | Path | None = None,
        environ: Mapping[str, str] | None = None,
        limits: WalkLimits | None = None,
    ) -> None:
        variables = dict(os.environ if environ is None else environ)
        home_dir = str(home) if home is not None else variables.get("HOME") or str(Path.home())
        self.folders = tuple(normalise(str(folder)) for folder in folders)
        self.settings = settings or Settings()
        self.environment = Environment(normalise(home_dir), variables)
        self.limits = limits or WalkLimits()
        self._lock = threading.RLock()
        self._buffers: dict[str, str] = {}
        self._client_roots: dict[str, list[RootFolder]] = {
            client.id: client_roots(client, self.folders, self.settings, self.environment)
            for client in CLIENTS
        }
        self._root_uses: dict[str, list[_RootUse]] = {}
        for client in CLIENTS:
            for order, root in enumerate(self._client_roots[client.id]):
                self._root_uses.setdefault(root.path, []).append(_RootUse(client, order, root))
        self._state = _State()
        # Changes reported while a scan runs (without the lock), replayed on its result.
        self._scan_log: list[tuple[str, str]] | None = None
        self._outcomes: dict[tuple[str, str], dict[str, Outcome]] = {}
        self._entries: dict[str, SkillEntry] = {}
        self._views: dict[str, tuple[LoadedSkill, ...]] = {}

    # --- what the index is asked -------------------------------------------------------

    @property
    def audience(self) -> tuple[str, ...]:
        """Clients that count for statuses and diagnostics: the targets, else all."""
        return self.settings.target_clients or tuple(client.id for client in CLIENTS)

    def roots(self, client_id: str | None = None) -> list[tuple[str, RootFolder]]:
        """(client id, root folder) in each client's load order."""
        ids = [client_id] if client_id is not None else [client.id for client in CLIENTS]
        return [(cid, root) for cid in ids for root in self._client_roots[_known(cid)]]

    def skills(self) -> list[SkillEntry]:
        """Every skill file found (one entry per real file), sorted by name then path."""
        with self._lock:
            entries = [self._entry(real) for real in self._state.locations]
        return sorted(entries, key=lambda e: (e.name, _scope_rank(e.scope), e.path))

    def entry_for_path(self, path: str | Path) -> SkillEntry | None:
        """The entry of the skill file at `path` (any path leading to it), if indexed."""
        with self._lock:
            real = self._real_of(str(path))
            return self._entry(real) if real in self._state.locations else None

    def skill_by_name(self, name: str, client_id: str | None = None) -> SkillEntry | None:
        """The copy of `name` a client loads (the audience's first loaded copy if none)."""
        with self._lock:
            if client_id is not None:
                for skill in self.view(client_id):
                    if skill.name == name:
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
            if cached is not None:
                return cached
            loaded: list[tuple[tuple[int, str], LoadedSkill]] = []
            candidates = self._state.candidates.get(client.id, {})
            for name, reals in self._state.groups.get(client.id, {}).items():
                outcomes = self._resolve(client, name)
                place = _first_place(client, reals, candidates, outcomes)
                for real in reals:
                    outcome = outcomes.get(real)
                    if outcome is None or not outcome.loaded:
                        continue
                    candidate = candidates[real]
                    skill = self._loaded_skill(client, name, candidate, outcome)
                    order = place or candidate.order
                    if client.list_order == "name-by-source":
                        order = _source_order(candidate, name)
                    loaded.append((order, skill))
            loaded.sort(key=lambda pair: pair[0])
            view = self._with_builtins(client, [skill for _, skill in loaded])
            self._views[client.id] = view
            return view

    def _with_builtins(self, client: Client, found: list[LoadedSkill]) -> tuple[LoadedSkill, ...]:
        """The client's own built-in skills (in its order), then the skills found; or after
        them (`Client.builtin_position`).

        A found skill with a built-in's name replaces it, unless the client lists both
        (`Client.builtin_clash`); in the built-in's place if `Client.clash_keeps_place`."""
        builtin_set = builtins_for(client.id)
        if builtin_set is None:
            return tuple(found)
        if client.builtin_clash == "replaced" and client.clash_keeps_place:
            by_name = {skill.name: skill for skill in found}
            names = {builtin.name for builtin in builtin_set.skills}
            in_place = [
                by_name.get(builtin.name) or builtin_skill(builtin, self.environment)
                for builtin in builtin_set.skills
            ]
            rest = [skill for skill in found if skill.name not in names]
            return (*rest, *in_place) if client.builtin_position == "last" else (*in_place, *rest)
        taken = {skill.name for skill in found} if client.builtin_clash == "replaced" else set()
        builtins = [
            builtin_skill(builtin, self.environment)
            for builtin in builtin_set.skills
            if builtin.name not in taken
        ]
        if client.builtin_position == "last":
            return (*found, *builtins)
        return (*builtins, *found)

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

    def bounds_hit(self) -> list[BoundHit]:
        with self._lock:
            return [hit for walk in self._state.walks.values() for hit in walk.hits]

    def cross_skill_diagnostics(self, path: str | Path) -> list[Diagnostic]:
        """Clashes, shadowing, nesting, builtin conflicts and bounds for one skill file."""
        with self._lock:
            real = self._real_of(str(path))
            if real not in self._state.locations:
                return []
            return findings.for_skill(self, real)

    # --- keeping it up to date ---------------------------------------------------------

    def scan(
        self, progress: Progress | None = None, cancelled: Cancelled | None = None
    ) -> ScanReport:
        """Walk every root and read every skill's frontmatter; replaces the whole index.

        On cancellation the index keeps what it had before and the report says so.
        """
        started = time.perf_counter()
        state = _State()
        paths = list(self._root_uses)
        total = len(paths)
        with self._lock:
            self._scan_log = []
        for done, root_path in enumerate(paths):
            if cancelled is not None and cancelled():
                return self._cancelled(done, started)
            if progress is not None:
                progress(done, total, root_path)
            walk = walk_root(
                self._walk_root(root_path),
                self._root_md(root_path),
                self.limits,
                cancelled,
                keep_ignored=self._keep_ignored(root_path),
            )
            if walk.cancelled:
                return self._cancelled(done, started)
            self._add_walk(state, root_path, walk)
        with self._lock:
            buffers = dict(self._buffers)
        for real in state.locations:
            state.facts[real] = self._read(state, real, buffers)
        for real in list(state.locations):
            self._refresh(state, real)
        if progress is not None:
            progress(total, total, "done")
        with self._lock:
            self._state = state
            self._invalidate_all()
            self._replay()
            hits = tuple(hit for walk in state.walks.values() for hit in walk.hits)
            return ScanReport(
                total, len(state.locations), time.perf_counter() - started, False, hits
            )

    def _cancelled(self, roots: int, started: float) -> ScanReport:
        with self._lock:
            self._scan_log = None
        return ScanReport(roots, 0, time.perf_counter() - started, cancelled=True)

    def _log(self, operation: str, path: str | Path) -> None:
        if self._scan_log is not None:
            self._scan_log.append((operation, str(path)))

    def _replay(self) -> None:
        """Apply to a fresh scan the changes reported while it ran."""
        log, self._scan_log = self._scan_log or [], None
        for operation, path in log:
            if operation == "buffer":
                text = self._buffers.get(self._real_of(path))
                if text is None:
                    self.clear_buffer(path)
                else:
                    self.set_buffer(path, text)
            elif operation == "add":
                self.add_path(path)
            elif operation == "remove":
                self.remove_path(path)
            else:
                self.update_file(path)

    def update_file(self, path: str | Path) -> None:
        """A file changed on disk: re-read it (or what it configures), nothing else."""
        text = normalise(str(path))
        name = os.path.basename(text)
        with self._lock:
            self._log("update", text)
            state = self._state
            real = self._real_of(text)
            if real in state.locations:
                if real not in self._buffers:
                    state.facts[real] = read_facts(real)
                    self._changed(state, [real])
                return
            if name in IGNORE_FILES:
                folder = os.path.dirname(text)
                self.remove_path(folder)
                self.add_path(folder)
                return
            skill = self._skill_of_sidecar(text)
            if skill is not None:
                state.facts[skill] = self._read(state, skill, self._buffers)
                self._changed(state, [skill])
                return
            self.add_path(text)

    def add_path(self, path: str | Path) -> None:
        """A file or folder appeared (created, renamed to, or a root folder created)."""
        target = normalise(str(path))
        with self._lock:
            self._log("add", target)
            state = self._state
            touched: set[str] = set()
            for root_path in self._root_uses:
                if _under(target, root_path):
                    walk = walk_below(
                        self._walk_root(root_path),
                        target,
                        self._root_md(root_path),
                        self.limits,
                        keep_ignored=self._keep_ignored(root_path),
                    )
                elif _under(root_path, target):
                    walk = walk_root(
                        self._walk_root(root_path),
                        self._root_md(root_path),
                        self.limits,
                        keep_ignored=self._keep_ignored(root_path),
                    )
                else:
                    continue
                touched |= self._add_walk(state, root_path, walk)
            for real in touched:
                if real in state.locations:
                    state.facts[real] = self._read(state, real, self._buffers)
            self._changed(state, touched)

    def remove_path(self, path: str | Path) -> None:
        """A file or folder went away (deleted, or renamed from)."""
        target = normalise(str(path))
        with self._lock:
            self._log("remove", target)
            state = self._state
            touched: set[str] = set()
            for root_path, walk in state.walks.items():
                gone = [
                    rel
                    for rel, found in walk.found.items()
                    if _under(found.path, target) or _under(found.real, target)
                ]
                for rel in gone:
                    found = walk.found.pop(rel)
                    places = state.locations.get(found.real)
                    if places is not None:
                        places.discard((root_path, rel))
                    touched.add(found.real)
                if _under(root_path, target):
                    walk.hits.clear()
            for real in touched:
                if not state.locations.get(real):
                    state.locations.pop(real, None)
            self._changed(state, touched)
            for real in touched:
                if real not in state.locations:
                    state.facts.pop(real, None)

    def set_buffer(self, path: str | Path, text: str) -> None:
        """An editor buffer holds this text for `path`; it wins over the file on disk."""
        with self._lock:
            self._log("buffer", path)
            real = self._real_of(str(path))
            self._buffers[real] = text
            state = self._state
            if real not in state.locations and os.path.isfile(real):
                self.add_path(path)  # opened before the file watcher reported it
            if real in state.locations:
                state.facts[real] = read_facts(real, text)
                self._changed(state, [real])

    def clear_buffer(self, path: str | Path) -> None:
        """The buffer was closed: the file on disk counts again."""
        with self._lock:
            self._log("buffer", path)
            real = self._real_of(str(path))
            self._buffers.pop(real, None)
            state = self._state
            if real in state.locations:
                if os.path.isfile(real):
                    state.facts[real] = read_facts(real)
                    self._changed(state, [real])
                else:
                    self.remove_path(real)

    # --- internals ---------------------------------------------------------------------

    def _real_of(self, path: str) -> str:
        try:
            return os.path.realpath(path)
        except OSError:
            return normalise(path)

    def _walk_root(self, root_path: str) -> RootFolder:
        return self._root_uses[root_path][0].root

    def _root_md(self, root_path: str) -> bool:
        return any(
            reads_root_markdown(use.client, use.root.pattern) for use in self._root_uses[root_path]
        )

    def _keep_ignored(self, root_path: str) -> bool:
        return any(
            use.client.loads_ignored or use.client.ignore_files_from == "root"
            for use in self._root_uses[root_path]
        )

    def _skill_of_sidecar(self, path: str) -> str | None:
        """The skill whose sidecar (`agents/openai.yaml`, ...) this file is, if any."""
        for sidecar in SIDECAR_FILES:
            suffix = os.sep + sidecar.replace("/", os.sep)
            if path.endswith(suffix):
                real = self._real_of(os.path.join(path[: -len(suffix)], "SKILL.md"))
                if real in self._state.locations:
                    return real
        return None

    def _read(self, state: _State, real: str, buffers: Mapping[str, str]) -> SkillFacts:
        return read_facts(real, buffers.get(real))

    def _add_walk(self, state: _State, root_path: str, walk: RootWalk) -> set[str]:
        """Merge a (partial) walk of a root into the state; the real paths it added."""
        into = state.walks.setdefault(root_path, RootWalk())
        added: set[str] = set()
        for rel, found in walk.found.items():
            old = into.found.get(rel)
            if old is not None and old.real != found.real:
                state.locations.get(old.real, set()).discard((root_path, rel))
                added.add(old.real)
            into.found[rel] = found
            state.locations.setdefault(found.real, set()).add((root_path, rel))
            added.add(found.real)
        for hit in walk.hits:
            if hit not in into.hits:
                into.hits.append(hit)
        return added

    def _refresh(self, state: _State, real: str) -> set[tuple[str, str]]:
        """Recompute one real file's candidates and name groups for every client; return
        the (client id, name) groups whose resolution may have changed."""
        touched: set[tuple[str, str]] = set()
        best: dict[str, Candidate] = {}
        for root_path, rel in state.locations.get(real, ()):
            found = state.walks[root_path].found[rel]
            for use in self._root_uses.get(root_path, ()):
                if accepts(use.client, found, use.root):
                    order = (use.order, root_order_key(use.client, rel))
                    candidate = Candidate(use.client.id, use.root, found, order)
                    previous = best.get(use.client.id)
                    if previous is None or candidate.order < previous.order:
                        best[use.client.id] = candidate
        facts = state.facts.get(real)
        fallbacks: dict[str, str] = {}
        for client in CLIENTS:
            candidates = state.candidates.setdefault(client.id, {})
            names = state.names.setdefault(client.id, {})
            groups = state.groups.setdefault(client.id, {})
            chosen = best.get(client.id)
            name: str | None = None
            if chosen is not None and facts is not None:
                path = chosen.found.path
                if path not in fallbacks:
                    fallbacks[path] = fallback_name(chosen.found)
                name = name_of(client, facts, fallbacks[path])
            old_name = names.get(real)
            if old_name is not None and old_name != name:
                del names[real]
                members = groups.get(old_name)
                if members is not None:
                    members.discard(real)
                    if not members:
                        del groups[old_name]
            if old_name is not None:
                touched.add((client.id, old_name))
            if chosen is None or name is None:
                candidates.pop(real, None)
                continue
            candidates[real] = chosen
            names[real] = name
            groups.setdefault(name, set()).add(real)
            touched.add((client.id, name))
        return touched

    def _changed(self, state: _State, reals: Iterable[str]) -> None:
        """Refresh these real files in the live state and drop what depended on them."""
        for real in reals:
            for key in self._refresh(state, real):
                outcomes = self._outcomes.pop(key, None)
                for other in outcomes or ():
                    self._entries.pop(other, None)
            self._entries.pop(real, None)
        self._views.clear()

    def _invalidate_all(self) -> None:
        self._outcomes.clear()
        self._entries.clear()
        self._views.clear()

    def _resolve(self, client: Client, name: str) -> dict[str, Outcome]:
        key = (client.id, name)
        cached = self._outcomes.get(key)
        if cached is None:
            state = self._state
            members = state.groups.get(client.id, {}).get(name, set())
            candidates = [state.candidates[client.id][real] for real in members]
            cached = resolve(client, candidates, state.facts, self.settings.builtin_override)
            self._outcomes[key] = cached
        return cached

    def _placements(self, real: str) -> list[tuple[Candidate, Outcome, dict[str, Outcome]]]:
        """(candidate, outcome, the whole name group's outcomes) per client finding `real`."""
        state = self._state
        out: list[tuple[Candidate, Outcome, dict[str, Outcome]]] = []
        for client in CLIENTS:
            candidate = state.candidates.get(client.id, {}).get(real)
            if candidate is None:
                continue
            group = self._resolve(client, state.names[client.id][real])
            outcome = group.get(real)
            if outcome is not None:
                out.append((candidate, outcome, group))
        return out

    def _winner_path(self, outcome: Outcome) -> str | None:
        return outcome.winner.found.path if outcome.winner is not None else None

    def _entry(self, real: str) -> SkillEntry:
        cached = self._entries.get(real)
        if cached is not None:
            return cached
        state = self._state
        facts = state.facts[real]
        places = sorted(state.locations[real])
        if len(places) > 1:
            places.sort(key=lambda place: _scope_rank(self._walk_root(place[0]).scope))
        root_path, rel = places[0]
        primary = state.walks[root_path].found[rel]
        placements: list[Placement] = []
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
            winner = self._winner_path(outcome)
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
        name = facts.loaded_name(fallback_name(primary))
        entry = SkillEntry(
            name=name,
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

    def _loaded_skill(
        self, client: Client, name: str, candidate: Candidate, outcome: Outcome
    ) -> LoadedSkill:
        facts = self._state.facts[candidate.found.real]
        read = reads_frontmatter(client, facts) or client.bad_frontmatter != "ignore"
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
            display_name=shown if client.name_source == "folder" else None,
            root_pattern=candidate.root.pattern,
            winner_varies=outcome.varies,
        )

    # --- for the findings module -------------------------------------------------------

    def _group_outcomes(self, real: str) -> Iterable[tuple[Client, Candidate, dict[str, Outcome]]]:
        """For each audience client finding `real`: its candidate and its name group."""
        state = self._state
        for client_id in self.audience:
            client = CLIENTS_BY_ID[client_id]
            candidate = state.candidates.get(client_id, {}).get(real)
            if candidate is None:
                continue
            yield client, candidate, self._resolve(client, state.names[client_id][real])

    def _candidate(self, client_id: str, real: str) -> Candidate:
        return self._state.candidates[client_id][real]

    def _found_places(self, real: str) -> list[tuple[RootFolder, FoundFile]]:
        state = self._state
        return [
            (self._walk_root(root_path), state.walks[root_path].found[rel])
            for root_path, rel in sorted(state.locations.get(real, ()))
        ]

    def _root_hits(self, root_path: str) -> list[BoundHit]:
        walk = self._state.walks.get(root_path)
        return list(walk.hits) if walk is not None else []


def _known(client_id: str) -> str:
    if client_id not in CLIENTS_BY_ID:
        known = ", ".join(CLIENTS_BY_ID)
        raise KeyError(f"unknown client {client_id!r} (known: {known})")
    return client_id


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _scope_rank(scope: str) -> int:
    return SCOPES.index(scope) if scope in SCOPES else len(SCOPES)


def _first_place(
    client: Client,
    reals: Iterable[str],
    candidates: Mapping[str, Candidate],
    outcomes: Mapping[str, Outcome],
) -> tuple[int, str] | None:
    """Where the winner of a name clash is listed when it keeps the place of the first copy
    loaded (`Client.clash_keeps_place`): the earliest copy the client did not skip."""
    if not client.clash_keeps_place:
        return None
    places = [
        candidates[real].order
        for real in reals
        if real in outcomes and outcomes[real].status is not Status.SKIPPED
    ]
    return min(places, default=None)


def _source_order(candidate: Candidate, name: str) -> tuple[int, str]:
    """Where a skill is listed by `Client.list_order == "name-by-source"`: by name within
    its source, the project's roots together being one source (listed first, as they load
    first), every other root one of its own (in load order)."""
    source = -1 if candidate.root.scope == "project" else candidate.order[0]
    return (source, name)
