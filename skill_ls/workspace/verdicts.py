"""Which agents load one skill file, which skip it and why, and where another copy wins:
the one-line answer an editor shows above the frontmatter (a code lens).

Plain data from the workspace index's placements; the editor only displays the text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from skill_ls.clients.table import CLIENTS, Client
from skill_ls.gathering.install import install_tree
from skill_ls.workspace.bundle_contents import bundle_skill_at, read_bundle
from skill_ls.workspace.bundles import judged
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_queries import IndexQueries
from skill_ls.workspace.index_records import Placement, Status


@dataclass(frozen=True)
class AgentVerdicts:
    """One skill file as the audience sees it; names are the clients' display names."""

    loaded: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()  # loaded but left out of the model's catalog
    # (short reason, clients) in the audience's order of first appearance.
    skipped: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # (where the winning copy is, clients), the path as a person reads it.
    shadowed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Clients in the audience whose folders do not hold this file at all.
    not_found: tuple[str, ...] = ()

    def summary(self) -> str:
        """'Loaded by Claude Code, Codex · skipped by pi (reads YAML strictly ...) · ...'."""
        parts: list[str] = []
        if self.loaded:
            parts.append("Loaded by " + ", ".join(self.loaded))
        if self.hidden:
            parts.append("hidden from the model by " + ", ".join(self.hidden))
        parts += [f"skipped by {', '.join(who)} ({why})" for why, who in self.skipped]
        parts += [f"shadowed in {', '.join(who)} by {where}" for where, who in self.shadowed]
        if self.not_found:
            parts.append("not in a folder read by " + ", ".join(self.not_found))
        text = " · ".join(parts) if parts else "No agent in the target set reads this file"
        return text[:1].upper() + text[1:]


def agent_verdicts(
    index: IndexQueries, path: str, audience: Sequence[Client]
) -> AgentVerdicts | None:
    """What each client of `audience` does with the skill file at `path`; None when the
    index does not know the file (it is in no client's skill folder)."""
    entry = index.entry_for_path(path)
    if entry is None:
        return None
    loaded: list[str] = []
    hidden: list[str] = []
    skipped: dict[str, list[str]] = {}
    shadowed: dict[str, list[str]] = {}
    not_found: list[str] = []
    for client in audience:
        placement = entry.placement(client.id)
        if placement is None:
            not_found.append(client.name)
        elif placement.status is Status.LOADED:
            loaded.append(client.name)
        elif placement.status is Status.HIDDEN:
            hidden.append(client.name)
        elif placement.winner is not None:
            where = _display(index, placement.winner)
            shadowed.setdefault(where, []).append(client.name)
        else:
            skipped.setdefault(short_reason(placement, client), []).append(client.name)
    return AgentVerdicts(
        loaded=tuple(loaded),
        hidden=tuple(hidden),
        skipped=tuple((why, tuple(who)) for why, who in skipped.items()),
        shadowed=tuple((where, tuple(who)) for where, who in shadowed.items()),
        not_found=tuple(not_found),
    )


# Where a reason's detail starts: a colon, or an opening parenthesis.
_DETAIL = re.compile(r":\s| \(")


def short_reason(placement: Placement, client: Client) -> str:
    """A placement's reason in a few words: without the client's name in front and
    without the detail after a colon or in parentheses (outside inline code)."""
    return _shorten(placement.reason, client) or placement.status.value


def _shorten(reason: str, client: Client) -> str:
    return _before_detail(without_client_name(reason, client)).strip().rstrip(".")


def without_client_name(reason: str, client: Client) -> str:
    """A reason without the client's name in front ("pi reads ..." -> "reads ..."), kept
    whole where the name is part of it ("pi's parser ...")."""
    if re.match(re.escape(client.name) + r"[ :]", reason):
        reason = reason[len(client.name) :].lstrip(" :")
    return reason.rstrip(".")


def _before_detail(reason: str) -> str:
    """`reason` up to its first detail separator outside a `code span`, so the cut never
    leaves a backtick unclosed (`disable-model-invocation: true` stays whole)."""
    for match in _DETAIL.finditer(reason):
        if reason.count("`", 0, match.start()) % 2 == 0:
            return reason[: match.start()]
    if reason.count("`") % 2:  # a stray backtick (in a path): stop before it
        return reason[: reason.rfind("`")]
    return reason


def _display(index: IndexQueries, path: str) -> str:
    """The winning copy's skill folder, as a person reads it (`.agents/skills/pdf`)."""
    shown = index.display_path(path)
    folder = os.path.dirname(shown)
    return folder if os.path.basename(shown) == "SKILL.md" and folder else shown


# --- skills shipped in a plugin or an extension ----------------------------------------------


@dataclass(frozen=True)
class BundleVerdicts:
    """A skill of a bundle (a plugin or an extension) as the agents that install the bundle
    will see it once it is installed; names are the clients' display names."""

    kind: str  # "plugin" | "extension"
    bundle: str  # the manifest's name, else the bundle folder's name
    # (the name it is listed under, clients), in the clients' order.
    listed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    hidden: tuple[str, ...] = ()
    skipped: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # (why, clients): the client refuses the whole bundle.
    refused: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Clients that install the bundle but not from the folder this skill is in.
    not_found: tuple[str, ...] = ()

    def summary(self) -> str:
        """'In plugin writing: listed as writing:draft-notes by Claude Code · ...'."""
        parts = [f"listed as {name} by {', '.join(who)}" for name, who in self.listed]
        if self.hidden:
            parts.append("hidden from the model by " + ", ".join(self.hidden))
        parts += [f"skipped by {', '.join(who)} ({why})" for why, who in self.skipped]
        parts += [f"{self.kind} refused by {', '.join(who)} ({why})" for why, who in self.refused]
        if self.not_found:
            parts.append(
                f"not in a skills folder of the {self.kind} for " + ", ".join(self.not_found)
            )
        return f"In {self.kind} {self.bundle}: " + " · ".join(parts)


def bundle_verdicts(
    path: str, text: str | None, targets: Sequence[Client] = ()
) -> BundleVerdicts | None:
    """What the clients that install the bundle holding the skill at `path` do with it
    (`text`: the editor's buffer, else the file is read); `targets` narrows the clients
    when given. None: the skill is in no bundle."""
    root = install_tree(Path(path)).plugin_root
    if root is None:
        return None
    wanted = {client.id for client in targets}
    facts = read_facts(path, text)
    kind = ""
    bundle_name = os.path.basename(root)
    listed: dict[str, list[str]] = {}
    hidden_by: list[str] = []
    skipped: dict[str, list[str]] = {}
    refused: dict[str, list[str]] = {}
    not_found: list[str] = []
    for client in CLIENTS:
        if wanted and client.id not in wanted:
            continue
        bundle = next(
            (b for form in client.bundles if (b := read_bundle(root, form)) is not None), None
        )
        if bundle is None:
            continue
        kind = kind or bundle.form.kind
        bundle_name = bundle.name or bundle_name
        if bundle.refused is not None:
            refused.setdefault(_shorten(bundle.refused, client), []).append(client.name)
            continue
        mine = bundle_skill_at(bundle, client, path)
        if mine is None:
            not_found.append(client.name)
            continue
        status, why = judged(client, mine, facts)
        if status == "skipped":
            skipped.setdefault(_shorten(why, client) or "skipped", []).append(client.name)
        elif status == "hidden-from-model":
            hidden_by.append(client.name)
        else:
            listed.setdefault(mine.name, []).append(client.name)
    if not kind:
        return None
    return BundleVerdicts(
        kind=kind,
        bundle=bundle_name,
        listed=tuple((name, tuple(who)) for name, who in listed.items()),
        hidden=tuple(hidden_by),
        skipped=tuple((why, tuple(who)) for why, who in skipped.items()),
        refused=tuple((why, tuple(who)) for why, who in refused.items()),
        not_found=tuple(not_found),
    )
