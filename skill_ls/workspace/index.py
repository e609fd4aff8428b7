"""The workspace index: every skill each client would load, kept up to date incrementally.

Discovery walks each root folder once (roots shared by several clients are walked once),
reads only the frontmatter of each real file once, and keeps, per client, the copies it
finds grouped by name. A change to one file or folder re-walks that subtree only and
re-resolves only the names it touches. Open editor buffers win over disk.

This module loads and updates the index; the queries are those of `IndexQueries`
(index_queries.py). Thread safety: every public method takes one lock; a full `scan` builds
its result without holding it and swaps it in at the end, so readers are never blocked for
a whole scan.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from pathlib import Path

from skill_ls.clients.clashes import clash_key
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID
from skill_ls.diagnostics import Diagnostic
from skill_ls.files import is_within
from skill_ls.ignore import IGNORE_FILES
from skill_ls.settings import Settings
from skill_ls.steps import run_steps
from skill_ls.workspace import findings
from skill_ls.workspace.facts import SIDECAR_FILES, read_facts
from skill_ls.workspace.index_queries import DiscoveryState, IndexQueries
from skill_ls.workspace.index_records import ScanReport, SkillFacts
from skill_ls.workspace.mentions import mention_findings
from skill_ls.workspace.order import root_order_key
from skill_ls.workspace.overlap import OverlapIndex, listed_texts
from skill_ls.workspace.precedence import Candidate
from skill_ls.workspace.root_walk import (
    SKILL_FILE,
    RootWalk,
    WalkLimits,
    walk_below,
    walk_root,
    walk_root_steps,
)
from skill_ls.workspace.roots import normalise
from skill_ls.workspace.skill_reading import (
    accepts,
    as_found,
    fallback_name,
    name_of,
    reads_root_markdown,
)
from skill_ls.workspace.views import snapshot

Progress = Callable[[int, int, str], None]
Cancelled = Callable[[], bool]
# Skills a sliced scan reads between two yields (scan_steps): some 30 ms under Pyodide.
SLICE = 25


class WorkspaceIndex(IndexQueries):
    """Skills across workspace folders, user roots, extra roots and builtin skills."""

    def __init__(
        self,
        folders: Sequence[str | Path],
        settings: Settings | None = None,
        home: str | Path | None = None,
        environ: Mapping[str, str] | None = None,
        limits: WalkLimits | None = None,
    ) -> None:
        super().__init__(folders, settings, home, environ, limits)
        # Changes reported while a scan runs (without the lock), replayed on its result.
        self._scan_log: list[tuple[str, str]] | None = None
        # Each skill's listed words, patched as skills change (competing skills, SKL509).
        self._overlaps = OverlapIndex(
            lambda real: listed_texts(
                self._state.facts.get(real),
                real,
                self.audience,
                self._state.names,
                self._state.candidates,
            )
        )

    def cross_skill_diagnostics(self, path: str | Path) -> list[Diagnostic]:
        """Clashes, shadowing, nesting, builtin conflicts, bounds and competing skills for
        one skill file."""
        with self._lock:
            real = self._real_of(str(path))
            if real not in self._state.locations:
                return []
            self._overlaps.refresh(self._state.locations)
            return findings.for_skill(self, real, self._overlaps)

    def mention_diagnostics(self, path: str | Path, text: str) -> list[Diagnostic]:
        """SKL701 for a file agents read as instructions (CLAUDE.md, AGENTS.md, a command
        file), whose content is `text`: its mentions of skills no target agent reading it
        resolves. Nothing for a file no target agent reads so."""
        with self._lock:
            return mention_findings(self, str(path), text)

    # --- keeping it up to date ---------------------------------------------------------

    def scan(
        self, progress: Progress | None = None, cancelled: Cancelled | None = None
    ) -> ScanReport:
        """Walk every root and read every skill's frontmatter; replaces the whole index.

        On cancellation the index keeps what it had before and the report says so.
        """
        return run_steps(self.scan_steps(progress, cancelled))

    def scan_steps(
        self, progress: Progress | None = None, cancelled: Cancelled | None = None
    ) -> Generator[None, None, ScanReport]:
        """`scan` in slices: it yields after each root's walk and every SLICE skills, so a
        runtime with no threads (Pyodide) can answer requests between them; what a request
        changes meanwhile is replayed as it is for a scan on another thread."""
        started = time.perf_counter()
        state = DiscoveryState()
        paths = list(self._root_uses)
        total = len(paths)
        with self._lock:
            self._scan_log = []
        for done, root_path in enumerate(paths):
            if cancelled is not None and cancelled():
                return self._cancelled(done, started)
            if progress is not None:
                progress(done, total, root_path)
            walk = yield from walk_root_steps(
                self._walk_root(root_path),
                self._root_md(root_path),
                self.limits,
                cancelled,
                keep_ignored=self._keep_ignored(root_path),
            )
            if walk.cancelled:
                return self._cancelled(done, started)
            self._add_walk(state, root_path, walk)
            yield
        with self._lock:
            buffers = dict(self._buffers)
        for count, real in enumerate(list(state.locations), 1):
            state.facts[real] = self._read(state, real, buffers)
            if count % SLICE == 0:
                yield
        for count, real in enumerate(list(state.locations), 1):
            self._refresh(state, real)
            if count % SLICE == 0:
                yield
        if progress is not None:
            progress(total, total, "done")
        with self._lock:
            self._state = state
            self._invalidate_all()
            self._replay()
        yield from self._warm_steps()
        hits = tuple(hit for walk in state.walks.values() for hit in walk.hits)
        return ScanReport(total, len(state.locations), time.perf_counter() - started, False, hits)

    def _warm_steps(self) -> Generator[None, None, None]:
        """What the first check after a scan needs of the whole index, computed now on the
        scan's side (and in slices): every budgeted agent's listing (SKL508) and every
        skill's listed words (SKL509). Later checks re-measure and re-read only what changed."""
        for client_id in self.audience:
            self.listing_overflow(CLIENTS_BY_ID[client_id])
            yield
        while True:
            with self._lock:
                done = self._overlaps.refresh(self._state.locations, limit=SLICE)
            if done:
                return
            yield

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
                if is_within(target, root_path):
                    walk = walk_below(
                        self._walk_root(root_path),
                        target,
                        self._root_md(root_path),
                        self.limits,
                        keep_ignored=self._keep_ignored(root_path),
                    )
                elif is_within(root_path, target):
                    walk = walk_root(
                        self._walk_root(root_path),
                        self._root_md(root_path),
                        self.limits,
                        keep_ignored=self._keep_ignored(root_path),
                    )
                else:
                    continue
                touched |= self._add_walk(state, root_path, walk)
            # A path that now leads elsewhere (a file or folder replaced by a symlink, or
            # back) leaves its old real file with no place: it is gone.
            gone = {real for real in touched if not state.locations.get(real)}
            for real in touched:
                if real in gone:
                    state.locations.pop(real, None)
                else:
                    state.facts[real] = self._read(state, real, self._buffers)
            self._changed(state, touched)
            for real in gone:
                state.facts.pop(real, None)

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
                    if is_within(found.path, target) or is_within(found.real, target)
                ]
                for rel in gone:
                    found = walk.found.pop(rel)
                    places = state.locations.get(found.real)
                    if places is not None:
                        places.discard((root_path, rel))
                    touched.add(found.real)
                touched |= _flat_siblings(walk, gone)
                if is_within(root_path, target):
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

    def _root_md(self, root_path: str) -> bool:
        return any(
            reads_root_markdown(use.client, use.root.pattern) for use in self._root_uses[root_path]
        )

    def _keep_ignored(self, root_path: str) -> bool:
        return any(
            use.client.discovery.loads_ignored or use.client.discovery.ignore_files_from == "root"
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

    def _read(self, state: DiscoveryState, real: str, buffers: Mapping[str, str]) -> SkillFacts:
        return read_facts(real, buffers.get(real))

    def _add_walk(self, state: DiscoveryState, root_path: str, walk: RootWalk) -> set[str]:
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
        added |= _flat_siblings(into, walk.found)
        for hit in walk.hits:
            if hit not in into.hits:
                into.hits.append(hit)
        return added

    def _refresh(self, state: DiscoveryState, real: str) -> set[tuple[str, str]]:
        """Recompute one real file's candidates and name groups for every client; return
        the (client id, name) groups whose resolution may have changed."""
        touched: set[tuple[str, str]] = set()
        best: dict[str, Candidate] = {}
        for root_path, rel in state.locations.get(real, ()):
            in_root = state.walks[root_path].found
            found = in_root[rel]
            # The place in a root's order depends on the client's order style alone.
            order_keys: dict[str, str] = {}
            for use in self._root_uses.get(root_path, ()):
                if accepts(use.client, found, use.root, in_root):
                    style = use.client.discovery.root_order
                    order_key = order_keys.get(style)
                    if order_key is None:
                        order_key = root_order_key(use.client, rel, root_path)
                        order_keys[style] = order_key
                    order = (use.order, order_key)
                    candidate = Candidate(use.client.id, use.root, found, order)
                    previous = best.get(use.client.id)
                    if previous is None or candidate.order < previous.order:
                        best[use.client.id] = candidate
        facts = state.facts.get(real)
        fallbacks: dict[tuple[str, str], str] = {}
        for client in CLIENTS:
            candidates = state.candidates.setdefault(client.id, {})
            names = state.names.setdefault(client.id, {})
            groups = state.groups.setdefault(client.id, {})
            chosen = best.get(client.id)
            name: str | None = None
            if chosen is not None and facts is not None:
                how = (chosen.found.path, client.discovery.root_markdown_reading)
                if how not in fallbacks:
                    fallbacks[how] = fallback_name(chosen.found, client)
                name = name_of(client, as_found(client, facts, chosen.found), fallbacks[how])
            old_name = names.get(real)
            # Groups are keyed as the client clashes names (`clash_key`: case folded or not).
            old_key = clash_key(client.clashes, old_name) if old_name is not None else None
            key = clash_key(client.clashes, name) if name is not None else None
            if old_key is not None and old_key != key:
                members = groups.get(old_key)
                if members is not None:
                    rest = tuple(member for member in members if member != real)
                    if rest:
                        groups[old_key] = rest
                    else:
                        del groups[old_key]
            if old_name is not None and old_name != name:
                del names[real]
            if old_key is not None:
                touched.add((client.id, old_key))
            if chosen is None or name is None or key is None:
                candidates.pop(real, None)
                continue
            candidates[real] = chosen
            names[real] = name
            members = groups.get(key, ())
            if real not in members:
                groups[key] = (*members, real)
            touched.add((client.id, key))
        return touched

    def _invalidate_all(self) -> None:
        super()._invalidate_all()
        self._overlaps.clear()

    def _changed(self, state: DiscoveryState, reals: Iterable[str]) -> None:
        """Refresh these real files in the live state and drop what depended on them."""
        reals = list(reals)
        before = snapshot(state, [CLIENTS_BY_ID[c] for c in self._views], reals)
        groups: set[tuple[str, str]] = set()
        for real in reals:
            groups |= self._refresh(state, real)
        self._forget(reals, groups, before)
        self._overlaps.forget(reals)


def _flat_siblings(walk: RootWalk, rels: Iterable[str]) -> set[str]:
    """The real paths of the root-level `X.md` files beside the skill folders `X` among
    `rels` (`X/SKILL.md`): a client that reads such a file as a file passes it over while
    the folder holds a SKILL.md, so it is judged again when that SKILL.md comes or goes."""
    found: set[str] = set()
    for rel in rels:
        folder, _, rest = rel.partition("/")
        if rest == SKILL_FILE:
            sibling = walk.found.get(f"{folder}.md")
            if sibling is not None:
                found.add(sibling.real)
    return found
