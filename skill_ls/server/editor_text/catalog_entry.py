"""A skill's catalog entry as each target agent would list it, in markdown: the hover on
`description` shows it (plain text, from the renderers; the previews render whole catalogs)."""

from __future__ import annotations

import os

from skill_ls.clients.describe import provenance_line
from skill_ls.clients.table import Client
from skill_ls.render import render_catalog
from skill_ls.render.rendering import Rendering
from skill_ls.server.documents import Snapshot
from skill_ls.workspace import LoadedSkill
from skill_ls.workspace.installed_agents import installed_note
from skill_ls.workspace.markdown import code, fenced

# A hover shows at most this much of a rendering.
HOVER_TEXT = 1200


def loaded_skill(snapshot: Snapshot) -> LoadedSkill | None:
    """The skill as a catalog would list it, from the editor's text."""
    doc = snapshot.parsed
    description = doc.string_value("description")
    if description is None or snapshot.path is None:
        return None
    folder = os.path.dirname(snapshot.path)
    return LoadedSkill(
        name=doc.string_value("name") or os.path.basename(folder),
        description=description,
        path=snapshot.path,
        folder=folder,
        real_path=os.path.realpath(snapshot.path),
        scope="project",
        root=os.path.dirname(folder),
        relative_path=os.path.basename(folder) + "/" + os.path.basename(snapshot.path),
        when_to_use=doc.string_value("when_to_use"),
    )


def _cut_note(rendering: Rendering, cap: int | None) -> str:
    if rendering.truncated_at is None:
        return f"cap {cap:,}: fits" if cap is not None else "no known cap"
    before = rendering.text[max(0, rendering.truncated_at - 40) : rendering.truncated_at]
    limit = f"the {cap:,}-character cap" if cap is not None else "a cap"
    return f"cut by {limit} at character {rendering.truncated_at:,}, after {code('…' + before)}"


def _provenance(client: Client) -> str:
    """ "observed in Claude Code 2.1.332; you run Claude Code 2.1.340; observed: 2.1.332"."""
    note = installed_note(client)
    return f"{provenance_line(client)}; {note}" if note else provenance_line(client)


def description_preview(snapshot: Snapshot, clients: tuple[Client, ...]) -> str:
    """Markdown: each target client's catalog entry for this skill, with counts and cap.

    Clients with the same catalog format and caps share one rendering."""
    skill = loaded_skill(snapshot)
    if skill is None:
        return ""
    groups: dict[tuple[str, int | None, int | None], list[Client]] = {}
    for client in clients:
        groups.setdefault(
            (client.listing.format, client.listing.entry_cap, client.listing.catalog_budget), []
        ).append(client)
    parts = []
    for (_, cap, _), members in groups.items():
        rendering = render_catalog(members[0].id, [skill])
        entry = rendering.entries[0] if rendering.entries else None
        characters = entry.characters if entry is not None else rendering.characters
        names = ", ".join(f"{client.name} ({_provenance(client)})" for client in members)
        text = rendering.text
        shown = text if len(text) <= HOVER_TEXT else text[:HOVER_TEXT] + "…"
        parts.append(
            f"**{names}**: entry {characters:,} characters (~{(characters + 3) // 4:,} tokens, "
            f"an estimate); {_cut_note(rendering, cap)}\n\n{fenced(shown, 'text')}"
        )
    return "\n\n".join(parts)
