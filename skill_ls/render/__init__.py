"""What the model sees: each client's catalog and activation text, measured against its caps.

`catalog_for(index, client)` and `activation_for(index, client, name)` serve the command
line, the language server's commands and hovers alike. The format ids are the client
table's `catalog` and `activation` columns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from skill_ls.clients.table import Client, get_client
from skill_ls.render.activation import ACTIVATIONS, ActivationSource, source_for
from skill_ls.render.claude import claude_listing
from skill_ls.render.codex import codex_instructions
from skill_ls.render.model import EntryInfo, Rendering
from skill_ls.render.xml_catalogs import available_skills, copilot_skills, pi_available_skills
from skill_ls.render.yoi import yoi_catalog
from skill_ls.workspace import LoadedSkill, WorkspaceIndex

CATALOGS: dict[str, Callable[[Sequence[LoadedSkill], Client], Rendering]] = {
    "available-skills": available_skills,
    "pi-available-skills": pi_available_skills,
    "claude-listing": claude_listing,
    "codex-instructions": codex_instructions,
    "copilot-skills": copilot_skills,
}

__all__ = [
    "ACTIVATIONS",
    "CATALOGS",
    "ActivationSource",
    "EntryInfo",
    "Rendering",
    "activation_for",
    "catalog_for",
    "render_activation",
    "render_catalog",
    "source_for",
    "yoi_catalog",
]


def render_catalog(client_id: str, skills: Sequence[LoadedSkill]) -> Rendering:
    """The catalog `client_id` builds from these skills (its view, in its load order)."""
    client = get_client(client_id)
    return CATALOGS[client.catalog](skills, client)


def render_activation(client_id: str, source: ActivationSource, arguments: str = "") -> Rendering:
    """What `client_id` puts in front of the model when it activates `source`."""
    client = get_client(client_id)
    return replace(ACTIVATIONS[client.activation](source, arguments), client=client.id)


def catalog_for(index: WorkspaceIndex, client_id: str) -> Rendering:
    """The catalog of everything `client_id` loads from the indexed workspace."""
    return render_catalog(client_id, index.view(client_id))


def activation_for(
    index: WorkspaceIndex, client_id: str, name: str, arguments: str = ""
) -> Rendering | None:
    """The activation of the copy of `name` that `client_id` loads; None if it loads none."""
    for skill in index.view(client_id):
        if skill.name == name:
            text = index.buffer_text(skill.path)
            return render_activation(client_id, source_for(name, skill.path, text), arguments)
    return None
