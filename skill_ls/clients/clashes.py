"""How a client orders the skills it found and which copy of a name wins
(`Client.clashes`). Read by `workspace/precedence.py` and `workspace/order.py`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# A scope a skill is loaded from.
Scope = Literal["builtin", "user", "extra", "project"]
# Name clash rule: "project-wins" | "user-wins" (by scope, `CLASH_SCOPE_RANKS`) |
# "first-wins" | "last-wins" (by load order: `scope_order`, then roots in order) |
# "not-merged" (every copy is kept) | "varies" (one copy wins, which one changes from run to
# run; see `clash_note`).
Clash = Literal["project-wins", "user-wins", "first-wins", "last-wins", "not-merged", "varies"]
# What happens when a found skill has the name of one of the client's own built-in skills
# (skill_ls/data/builtins/<id>.json): "replaced" (the found skill takes its place) |
# "not-merged" (both are listed).
BuiltinClash = Literal["replaced", "not-merged"]
# Where the client's built-in skills sit in its catalog: "first" | "last" (after the skills
# it finds).
BuiltinPosition = Literal["first", "last"]
# How the catalog orders the skills found: "load" (the load order) | "name-by-source" (by
# name, in code point order, within each source: the project's roots together are one
# source, every other root is a source of its own; sources in load order). The load order
# still decides name clashes.
# "name" (every skill by name, lower-cased first, then in code point order: oh-my-pi sorts
# its whole list so).
ListOrder = Literal["load", "name-by-source", "name"]

# Clash rules that pick the winning copy by scope: earlier scopes win; within one scope the
# copy loaded first wins (roots in the order the client lists them).
CLASH_SCOPE_RANKS: dict[str, tuple[Scope, ...]] = {
    "project-wins": ("project", "extra", "user", "builtin"),
    "user-wins": ("user", "extra", "project", "builtin"),
}


@dataclass(frozen=True)
class Clashes:
    clash: Clash = "project-wins"
    # Scope order for "first-wins"/"last-wins" (which scope is loaded first).
    scope_order: tuple[Scope, ...] = ("builtin", "user", "extra", "project")
    # Why the winner of a name clash varies from run to run (with `clash="varies"`); shown
    # as the reason on every copy of a clashing name.
    clash_note: str = ""
    # True: the copy that wins a name clash (a found skill over a built-in too) is listed
    # where the first copy loaded with that name was (the client keys a JavaScript `Map` by
    # name: setting a name again replaces the value but keeps its place).
    clash_keeps_place: bool = False
    # The client reads a folder of built-in skills that the `builtinSkills` setting names
    # (scope "builtin"); observed agents' own built-ins are data instead
    # (skill_ls/data/builtins/<id>.json).
    has_builtin: bool = False
    builtin_clash: BuiltinClash = "replaced"
    builtin_position: BuiltinPosition = "first"
    list_order: ListOrder = "load"
    # True: names that differ only in case are one name (the client keys its skills by the
    # lower-cased name): they clash under the clash rule, and activation finds either
    # spelling. The copy that wins keeps its own spelling.
    fold_case: bool = False
    # True: a copy the client then refuses (a name that breaks its name rule) still takes its
    # name in a clash: a copy it beats is not loaded either (Factory Droid: a project `Twin`
    # it refuses hides a user `twin`).
    refused_copy_takes_name: bool = False
    # The order of skills within a root changes from run to run (the agent lists them as
    # concurrent reads finish); shown beside its catalog. Empty: the order is stable.
    order_note: str = ""


def clash_key(clashes: Clashes, name: str) -> str:
    """The key a client's skills clash under: the name, lower-cased where it folds case."""
    return name.lower() if clashes.fold_case else name
