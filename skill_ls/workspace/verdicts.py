"""Which agents load one skill file, which skip it and why, and where another copy wins:
the one-line answer an editor shows above the frontmatter (a code lens).

Plain data from the workspace index's placements; the editor only displays the text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.workspace.model import Placement, Status
from skill_ls.workspace.read_model import IndexReadModel


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
    index: IndexReadModel, path: str, audience: Sequence[Client]
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
    reason = placement.reason
    if re.match(re.escape(client.name) + r"[ :]", reason):  # not "pi's parser ..."
        reason = reason[len(client.name) :].lstrip(" :")
    reason = _before_detail(reason).strip().rstrip(".")
    return reason or placement.status.value


def _before_detail(reason: str) -> str:
    """`reason` up to its first detail separator outside a `code span`, so the cut never
    leaves a backtick unclosed (`disable-model-invocation: true` stays whole)."""
    for match in _DETAIL.finditer(reason):
        if reason.count("`", 0, match.start()) % 2 == 0:
            return reason[: match.start()]
    if reason.count("`") % 2:  # a stray backtick (in a path): stop before it
        return reason[: reason.rfind("`")]
    return reason


def _display(index: IndexReadModel, path: str) -> str:
    """The winning copy's skill folder, as a person reads it (`.agents/skills/pdf`)."""
    shown = index.display_path(path)
    folder = os.path.dirname(shown)
    return folder if os.path.basename(shown) == "SKILL.md" and folder else shown
