"""The skills view an editor shows as a tree: every skill of the workspace and user roots,
grouped by agent and by folder, each with its status and why.

The facts (statuses, reasons, which copy wins, the groups themselves) are computed here from
the workspace index; an editor only draws them. When the index changes the server tells the
client with a `skill-ls/indexChanged` notification (debounced), so views refresh without
polling; only clients that ask for it (experimental capability `skillLs.indexChanged`) get it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from typing import Any

from pygls.lsp.server import LanguageServer

from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, Client
from skill_ls.server.binding import bind_command
from skill_ls.server.feature_table import SKILLS_VIEW
from skill_ls.server.session import Session
from skill_ls.workspace import Placement, SkillEntry, Status
from skill_ls.workspace.bundles import BundlePlacement, bundle_placements
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_queries import IndexQueries
from skill_ls.workspace.verdicts import (
    agent_verdicts,
    bundle_verdicts,
    short_reason,
    without_client_name,
)

INDEX_CHANGED = "skill-ls/indexChanged"
# Bursts of index updates (a scan, then each watched file) make one notification.
NOTIFY_DELAY_S = 0.25
# How long a request made during the first scan waits for it.
FIRST_SCAN_WAIT_S = 10.0

_STATUS_WORDS = {
    Status.LOADED: "loaded",
    Status.HIDDEN: "loaded, hidden from the model",
    Status.SHADOWED: "shadowed",
    Status.CONFLICT: "in conflict",
    Status.SKIPPED: "skipped",
}


def _folder_of(index: IndexQueries, path: str) -> str:
    """A skill's folder as a person reads it (`.claude/skills/pdf`, `~/.codex/skills/x`)."""
    shown = index.display_path(path)
    folder = os.path.dirname(shown)
    return folder if os.path.basename(shown).lower() == "skill.md" and folder else shown


def _root_label(index: IndexQueries, root: str, scope: str) -> str:
    """A root as the client table or the settings write it, with its scope."""
    pattern = next((r.pattern for _, r in index.roots() if r.path == root), None)
    return f"{pattern or index.display_path(root)} ({scope})"


def _placement_detail(index: IndexQueries, placement: Placement) -> str:
    """One agent's verdict on one copy, in a few words."""
    client = CLIENTS_BY_ID[placement.client]
    words = _STATUS_WORDS[placement.status]
    if placement.winner is not None and placement.status is not Status.LOADED:
        return f"{client.name}: {words} by {_folder_of(index, placement.winner)}"
    if placement.status in (Status.SKIPPED, Status.CONFLICT):
        reason = without_client_name(placement.reason, client)
        return f"{client.name}: {words}, {reason or short_reason(placement, client)}"
    return f"{client.name}: {words}"


def _skill_json(session: Session, entry: SkillEntry, number: int) -> dict[str, Any]:
    index = session.skills.index_for(entry.path)
    audience = [CLIENTS_BY_ID[cid] for cid in index.audience]
    verdicts = agent_verdicts(index, entry.path, audience)
    scope = "built-in" if entry.scope == "builtin" else entry.scope
    return {
        "id": number,
        "name": entry.name,
        "description": entry.description,
        "path": entry.path,
        "folder": entry.folder,
        "scope": entry.scope,
        "builtin": entry.scope == "builtin",
        "status": entry.status.value,
        "summary": verdicts.summary() if verdicts is not None else "",
        "provenance": f"{scope} skill, {index.display_path(entry.path)}",
        "location": _folder_of(index, entry.path),
        "otherPaths": [index.display_path(p) for p in entry.other_paths],
    }


def skills_view(session: Session, *args: Any) -> dict[str, Any]:
    """The tree's data: `skills` (one per real file), and the two groupings of them.

    `byAgent`: each target agent (every client when none is set) that finds any skill, in
    the client table's order, with every copy it finds and what it does with that copy.
    `byFolder`: each root holding skills (project before extra, user and built-in), with the
    skills' summary status over the target agents."""
    entries = session.skills.skills()
    skills = [_skill_json(session, entry, number) for number, entry in enumerate(entries)]
    by_agent: dict[str, list[dict[str, Any]]] = {}
    by_folder: dict[str, dict[str, Any]] = {}
    for number, entry in enumerate(entries):
        index = session.skills.index_for(entry.path)
        audience = set(index.audience)
        for placement in entry.placements:
            if placement.client not in audience:
                continue
            by_agent.setdefault(placement.client, []).append(
                {
                    "skill": number,
                    "status": placement.status.value,
                    "statusText": _STATUS_WORDS[placement.status],
                    "detail": _placement_detail(index, placement),
                }
            )
        label = _root_label(index, entry.root, entry.scope)
        group = by_folder.setdefault(label, {"label": label, "scope": entry.scope, "items": []})
        group["items"].append(
            {
                "skill": number,
                "status": entry.status.value,
                "statusText": _STATUS_WORDS[entry.status],
                "detail": skills[number]["summary"],
            }
        )
    _add_bundle_skills(session, skills, by_agent, by_folder)
    return {
        "skills": skills,
        "byAgent": [
            {"id": client.id, "label": client.name, "items": by_agent[client.id]}
            for client in CLIENTS
            if client.id in by_agent
        ],
        "byFolder": sorted(
            by_folder.values(), key=lambda g: (_SCOPE_ORDER.index(g["scope"]), g["label"])
        ),
    }


_SCOPE_ORDER = ("project", "plugin", "extension", "extra", "user", "builtin")
_RANK = {Status.LOADED: 0, Status.HIDDEN: 1, Status.SKIPPED: 2}


def _add_bundle_skills(
    session: Session,
    skills: list[dict[str, Any]],
    by_agent: dict[str, list[dict[str, Any]]],
    by_folder: dict[str, dict[str, Any]],
) -> None:
    """The skills of the plugins and extensions in the workspace folders, as the agents
    that install them will list them (they are in no agent's own folders)."""
    known = {os.path.realpath(skill["path"]) for skill in skills}
    numbers: dict[str, int] = {}
    for index in session.skills.indexes:
        audience = [CLIENTS_BY_ID[cid] for cid in index.audience]
        for placement in bundle_placements(index.folders, audience):
            skill, client = placement.skill, placement.client
            real = os.path.realpath(skill.path)
            if real in known:
                continue
            bundle = skill.bundle
            kind = bundle.form.kind
            number = numbers.get(real)
            if number is None:
                number = numbers[real] = len(skills)
                skills.append(_bundle_skill_json(index, placement, audience, number))
            status = Status(placement.status)
            words = _STATUS_WORDS[status]
            detail = f"{client.name}: {words} once the {kind} is installed, as {skill.name}"
            if status is Status.SKIPPED:
                reason = without_client_name(placement.reason, client)
                detail = f"{client.name}: {words}, {reason}"
            item = {"skill": number, "status": status.value, "statusText": words, "detail": detail}
            by_agent.setdefault(client.id, []).append(item)
            bundle_name = bundle.name or os.path.basename(bundle.root)
            label = f"{kind} {bundle_name} ({index.display_path(bundle.root)})"
            group = by_folder.setdefault(label, {"label": label, "scope": kind, "items": []})
            summary = {**item, "detail": skills[number]["summary"]}
            mine = [i for i, other in enumerate(group["items"]) if other["skill"] == number]
            if not mine:
                group["items"].append(summary)
            elif _RANK[status] < _RANK[Status(group["items"][mine[0]]["status"])]:
                # The folder view shows the best any target agent does with the skill.
                group["items"][mine[0]] = summary
                skills[number]["status"] = status.value


def _bundle_skill_json(
    index: IndexQueries, placement: BundlePlacement, audience: list[Client], number: int
) -> dict[str, Any]:
    skill = placement.skill
    bundle = skill.bundle
    verdicts = bundle_verdicts(skill.path, None, audience)
    bundle_name = bundle.name or os.path.basename(bundle.root)
    facts = read_facts(skill.path)
    return {
        "id": number,
        "name": skill.name,
        "description": facts.description,
        "path": skill.path,
        "folder": os.path.dirname(skill.path),
        "scope": bundle.form.kind,
        "builtin": False,
        "status": placement.status,
        "summary": verdicts.summary() if verdicts is not None else "",
        "provenance": f"{bundle.form.kind} {bundle_name}, {index.display_path(skill.path)}",
        "location": _folder_of(index, skill.path),
        "otherPaths": [],
    }


class IndexChangedNotifier:
    """Sends one `skill-ls/indexChanged` a short while after the last index change."""

    def __init__(self, send: Callable[[dict[str, Any]], None], session: Session) -> None:
        self._send = send
        self._session = session
        self._pending: asyncio.TimerHandle | None = None

    def changed(self) -> None:
        if not self._session.flags.index_changed:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a unit test driving the session directly)
            return
        if self._pending is not None:
            self._pending.cancel()
        self._pending = loop.call_later(NOTIFY_DELAY_S, self._fire)

    def _fire(self) -> None:
        self._pending = None
        self._send({"generation": self._session.generation})


async def skills_view_off_loop(session: Session, *args: Any) -> dict[str, Any]:
    """The tree's data, built on a thread: bundles read for it (a marketplace of hundreds of
    plugins) must not hold up typing. Asked for before the first scan ends (a client asks as
    soon as the server runs, a restarted one included), it waits for the scan (bounded), so
    the first answer is not an empty workspace the view would call "no skills found"."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(session.first_scan.wait(), FIRST_SCAN_WAIT_S)
    return await asyncio.to_thread(skills_view, session, *args)


def register(server: LanguageServer, session: Session) -> IndexChangedNotifier:
    """The command, and the notifier (told of index changes by `wiring.py`)."""
    server.command(SKILLS_VIEW)(bind_command(skills_view_off_loop, session))
    return IndexChangedNotifier(
        lambda payload: server.protocol.notify(INDEX_CHANGED, payload), session
    )
