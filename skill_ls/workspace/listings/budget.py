"""Each agent's listing budget over an index's views: which skills it cuts, with the
figures, measured the way its catalog renderer measures them.

An entry's measure (its text's width, per agent format) is kept between changes: a view the
index patched after a keystroke shares every unchanged `LoadedSkill` with the one before,
so only the changed skill's entry is measured again, and the allocation is arithmetic
over the kept measures.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.listings import claude, codex, copilot_cli, droid, qwen
from skill_ls.workspace.listings.cuts import Cut, Overflow


@dataclass(frozen=True)
class _Format:
    """One catalog format with a budget: its listing order, what an entry's measure
    depends on besides the skill itself, the measure, and the allocation."""

    order: Callable[[Sequence[LoadedSkill]], list[LoadedSkill]]
    contexts: Callable[[Sequence[LoadedSkill], Client], list[str]]
    entry: Callable[[LoadedSkill, str, Client], Any]
    overflow: Callable[[Sequence[LoadedSkill], Sequence[Any], Client], Overflow | None]


def _visible(skills: Sequence[LoadedSkill]) -> list[LoadedSkill]:
    return [skill for skill in skills if not skill.hidden]


def _no_context(skills: Sequence[LoadedSkill], client: Client) -> list[str]:
    return [""] * len(skills)


def _codex_paths(skills: Sequence[LoadedSkill], client: Client) -> list[str]:
    roots = {root: at for at, root in enumerate(codex.root_order(skills, client))}
    return [f"r{roots[skill.root]}/{skill.relative_path}" for skill in skills]


FORMATS: dict[str, _Format] = {
    "claude-listing": _Format(
        _visible,
        lambda skills, client: claude.shown_names(skills),
        lambda skill, shown, client: claude.claude_line(skill, shown, client.listing.entry_cap),
        claude.claude_overflow,
    ),
    "codex-instructions": _Format(
        codex.listing_order,
        _codex_paths,
        lambda skill, path, client: codex.codex_line(skill, path),
        codex.codex_overflow,
    ),
    "copilot-cli-available-skills": _Format(
        _visible,
        _no_context,
        lambda skill, _, client: len(copilot_cli.copilot_cli_entry(skill)),
        copilot_cli.copilot_cli_overflow,
    ),
    "droid-available-skills": _Format(
        _visible,
        _no_context,
        lambda skill, _, client: droid.droid_line(skill),
        droid.droid_overflow,
    ),
    # Qwen Code sorts its entries, but its budget counts them all alike: no order needed.
    "qwen-available-skills": _Format(
        _visible,
        _no_context,
        lambda skill, _, client: qwen.qwen_entry(skill),
        qwen.qwen_overflow,
    ),
}


def has_budget(client: Client) -> bool:
    """Whether skill-ls knows how the client's catalog format spends a budget."""
    return client.listing.format in FORMATS


@dataclass
class _Measured:
    view: tuple[LoadedSkill, ...]
    listed: list[LoadedSkill]
    places: dict[int, int]  # position in the view -> position in `listed`
    contexts: list[str]
    entries: list[Any]
    overflow: Overflow | None
    positions: dict[str, int]  # real path -> position in `listed` (its first)


class ListingBudgets:
    """Per client: its last view's entries measured, and what its budget cuts from them."""

    def __init__(self, context_window: int | None = None) -> None:
        self._context_window = context_window
        self._measured: dict[str, _Measured] = {}
        self._lock = threading.Lock()

    def overflow(self, client: Client, view: tuple[LoadedSkill, ...]) -> Overflow | None:
        """What `client`'s budget cuts from `view` (its listing); None when it fits or the
        client has no budget skill-ls knows."""
        measured = self._measure(client, view)
        return measured.overflow if measured is not None else None

    def cut(
        self, client: Client, view: tuple[LoadedSkill, ...], real: str
    ) -> tuple[Cut, Overflow] | None:
        """What `client`'s budget does to the entry of the skill file at `real`, with the
        whole listing's figures; None when it lists that entry whole."""
        measured = self._measure(client, view)
        if measured is None or measured.overflow is None:
            return None
        at = measured.positions.get(real)
        cut = measured.overflow.cuts[at] if at is not None else None
        return (cut, measured.overflow) if cut is not None else None

    def _measure(self, client: Client, view: tuple[LoadedSkill, ...]) -> _Measured | None:
        form = FORMATS.get(client.listing.format)
        if form is None:
            return None
        with self._lock:
            old = self._measured.get(client.id)
            if old is not None and old.view is view:
                return old
            client = self._for_model(client)
            measured = _patched(form, client, view, old) if old is not None else None
            if measured is None:
                measured = _measured(form, client, view, old)
            self._measured[client.id] = measured
            return measured

    def _for_model(self, client: Client) -> Client:
        """The client for the model the settings name (`contextWindow`), as the catalog."""
        if self._context_window is not None and client.listing.context_window is not None:
            return client.with_context_window(self._context_window)
        return client


def _measured(
    form: _Format, client: Client, view: tuple[LoadedSkill, ...], old: _Measured | None
) -> _Measured:
    """Measure a view from scratch (reusing the measure of any skill equal to one before)."""
    listed = form.order(view)
    contexts = form.contexts(listed, client)
    entries = _remeasure(form, client, listed, contexts, old)
    overflow = form.overflow(listed, entries, client) if listed else None
    at_view = {id(skill): at for at, skill in enumerate(view)}
    places = {at_view[id(skill)]: at for at, skill in enumerate(listed)}
    positions: dict[str, int] = {}
    for at, skill in enumerate(listed):
        positions.setdefault(skill.real_path, at)
    return _Measured(view, listed, places, contexts, entries, overflow, positions)


def _patched(
    form: _Format, client: Client, view: tuple[LoadedSkill, ...], old: _Measured
) -> _Measured | None:
    """The old measure with the entries of the changed skills measured again, when the
    view changed in place (each changed skill keeps its name, file and place, so the
    listing order and every entry's context stay); None otherwise."""
    if len(view) != len(old.view):
        return None
    changed = [
        at for at, (new, was) in enumerate(zip(view, old.view, strict=True)) if new is not was
    ]
    if not all(_same_place(view[at], old.view[at]) for at in changed):
        return None
    listed = list(old.listed)
    entries = list(old.entries)
    for at in changed:
        place = old.places.get(at)
        if place is not None:
            listed[place] = view[at]
            entries[place] = form.entry(view[at], old.contexts[place], client)
    overflow = form.overflow(listed, entries, client) if listed else None
    return _Measured(view, listed, old.places, old.contexts, entries, overflow, old.positions)


def _same_place(new: LoadedSkill, was: LoadedSkill) -> bool:
    """Whatever an entry's place in a listing, or its context, depends on is unchanged."""
    return (
        new.real_path == was.real_path
        and new.name == was.name
        and new.path == was.path
        and new.scope == was.scope
        and new.root == was.root
        and new.relative_path == was.relative_path
        and new.hidden == was.hidden
        and new.display_name == was.display_name
        and new.root_pattern == was.root_pattern
    )


def _remeasure(
    form: _Format,
    client: Client,
    listed: list[LoadedSkill],
    contexts: list[str],
    old: _Measured | None,
) -> list[Any]:
    """Entries for `listed`, reusing the old measure of every skill equal to one before."""
    if old is None:
        return [form.entry(s, c, client) for s, c in zip(listed, contexts, strict=True)]
    by_real = {s.real_path: i for i, s in enumerate(old.listed)}
    entries: list[Any] = []
    for skill, context in zip(listed, contexts, strict=True):
        was = by_real.get(skill.real_path)
        if was is not None and old.contexts[was] == context and old.listed[was] == skill:
            entries.append(old.entries[was])
        else:
            entries.append(form.entry(skill, context, client))
    return entries
