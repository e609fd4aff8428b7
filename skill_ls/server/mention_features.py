"""Completion and hover on mentions of skills in a file agents read as instructions (a
CLAUDE.md, an AGENTS.md, a command file): after `/` or `$`, the skills those agents load, in
the forms each honours; over a mention, the entry each agent lists for the skill it resolves
it to. The facts are the workspace index's (`workspace/mentions.py`); this translates."""

from __future__ import annotations

import os

from lsprotocol import types

from skill_ls.diagnostics import Position
from skill_ls.document.mentions import mention_at, typed_mention
from skill_ls.render import render_catalog
from skill_ls.server.convert import to_lsp_hover
from skill_ls.server.documents import Snapshot
from skill_ls.server.editor_text.catalog_entry import HOVER_TEXT
from skill_ls.server.session import Session
from skill_ls.workspace import LoadedSkill, WorkspaceIndex
from skill_ls.workspace.markdown import code, fenced
from skill_ls.workspace.mentions import mention_listing, mention_offers

# The most items one completion returns (an agent's built-ins and a large collection).
MAX_ITEMS = 500


def mention_completion(
    session: Session, snapshot: Snapshot, position: types.Position
) -> types.CompletionList | None:
    """The mentions to complete the one being typed at `position`, if one is."""
    at = _at(session, snapshot, position)
    if at is None:
        return None
    path, index, pos = at
    typed = typed_mention(snapshot.text, pos)
    if typed is None:
        return None
    offers = [o for o in mention_offers(index, path) if o.written[0] == typed.typed[0]]
    edit_range = session.mapper.to_client_range(snapshot.index, typed.range)
    items = [
        types.CompletionItem(
            label=offer.written,
            kind=types.CompletionItemKind.Reference,
            detail=f"{', '.join(c.name for c in offer.clients)} · {_where(offer.skill, index)}",
            documentation=types.MarkupContent(
                kind=types.MarkupKind.PlainText, value=offer.skill.description
            ),
            sort_text=f"{order:05d}",
            filter_text=offer.written,
            text_edit=types.TextEdit(range=edit_range, new_text=offer.written),
        )
        for order, offer in enumerate(offers[:MAX_ITEMS])
    ]
    return types.CompletionList(is_incomplete=len(offers) > MAX_ITEMS, items=items)


def mention_hover(
    session: Session, snapshot: Snapshot, position: types.Position
) -> types.Hover | None:
    """Over a mention: each agent reading the file that resolves it, the skill it loads
    and the entry it lists for it (agents listing the same text share it)."""
    at = _at(session, snapshot, position)
    if at is None:
        return None
    path, index, pos = at
    mention = mention_at(snapshot.text, pos)
    if mention is None:
        return None
    resolved = mention_listing(index, path, mention)
    if not resolved:
        return None  # the mention's finding (SKL701) says why
    groups: dict[tuple[str, str], list[str]] = {}
    for client, skill in resolved:
        rendering = render_catalog(client.id, [skill])
        text = rendering.text
        shown = text if len(text) <= HOVER_TEXT else text[:HOVER_TEXT] + "…"
        groups.setdefault((_where(skill, index), shown), []).append(client.name)
    parts = [f"{code(mention.written)}"]
    for (where, shown), names in groups.items():
        parts.append(
            f"**{', '.join(names)}** loads {code(where)} and lists:\n\n{fenced(shown, 'text')}"
        )
    return to_lsp_hover(
        "\n\n".join(parts), mention.range, snapshot.index, session.mapper, session.flags
    )


def _at(
    session: Session, snapshot: Snapshot, position: types.Position
) -> tuple[str, WorkspaceIndex, Position] | None:
    """The document's path, its workspace index and `position` in the document's terms."""
    if snapshot.path is None:
        return None
    pos = session.mapper.from_client(snapshot.index, position)
    return snapshot.path, session.skills.index_for(snapshot.path), pos


def _where(skill: LoadedSkill, index: WorkspaceIndex) -> str:
    """The skill's file relative to the workspace folder holding it (`~/` below the home
    folder), or its scope for a built-in whose file is not on this machine."""
    if not skill.path or not os.path.isfile(skill.path):
        return f"built-in {skill.name}"
    for folder in index.folders:
        if skill.path.startswith(folder.rstrip(os.sep) + os.sep):
            return os.path.relpath(skill.path, folder).replace(os.sep, "/")
    home = index.environment.home.rstrip(os.sep)
    if home and skill.path.startswith(home + os.sep):
        return "~/" + os.path.relpath(skill.path, home).replace(os.sep, "/")
    return skill.path
