"""What the model sees: each client's catalog and activation text, measured against its caps.

`catalog_for(index, client)` and `activation_for(index, client, name)` serve the command
line, the language server's commands and hovers alike. The format ids are the client
table's `catalog` and `activation` columns.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from skill_ls.clients.builtins import builtins_of
from skill_ls.clients.table import Client, get_client
from skill_ls.render.activation import ActivationSource, source_for
from skill_ls.render.formats import ACTIVATIONS, CATALOG_VIEWS, CATALOGS
from skill_ls.render.rendering import EntryInfo, Rendering
from skill_ls.render.shell_lines import with_shell_lines
from skill_ls.render.yoi import yoi_catalog
from skill_ls.workspace import LoadedSkill, WorkspaceIndex
from skill_ls.workspace.installed_bundles import installed_view

__all__ = [
    "ACTIVATIONS",
    "CATALOGS",
    "CATALOG_VIEWS",
    "ActivationSource",
    "EntryInfo",
    "Rendering",
    "activation_for",
    "catalog_for",
    "catalog_view_for",
    "empty_note",
    "listed_skills",
    "refusal_for",
    "render_activation",
    "render_catalog",
    "source_for",
    "yoi_catalog",
]


# The catalog format of a target that has none of its own (an upload target).
NO_CATALOG = "none"


def empty_note(rendering: Rendering) -> str:
    """Why a catalog has no text, in words."""
    if rendering.format == NO_CATALOG:
        return "an upload target, not an agent: it discovers no skills, no catalog to preview"
    return "no skills, no catalog section"


def render_catalog(
    client_id: str, skills: Sequence[LoadedSkill], context_window: int | None = None
) -> Rendering:
    """The catalog `client_id` builds from these skills (its view, in its load order), for
    a model with `context_window` tokens (None: the agent's default model)."""
    client = get_client(client_id)
    if client.listing.format == NO_CATALOG:
        return Rendering(NO_CATALOG, "", client=client.id)
    if context_window is not None and client.listing.context_window is not None:
        client = client.with_context_window(context_window)
    return CATALOGS[client.listing.format](skills, client)


def render_activation(
    client_id: str, source: ActivationSource, arguments: str = "", scope: str = "project"
) -> Rendering:
    """What `client_id` puts in front of the model when it activates `source` (a skill
    of `scope`: some agents run `!`command`` lines only for skills they trust)."""
    client = get_client(client_id)
    source = replace(
        with_shell_lines(source, client, scope),
        scope=scope,
        awk_fields_kept=client.activation.awk_fields_kept,
    )
    return replace(ACTIVATIONS[client.activation.format](source, arguments), client=client.id)


def listed_skills(index: WorkspaceIndex, client_id: str) -> tuple[LoadedSkill, ...]:
    """What `client_id` lists from the indexed workspace: the skills it loads from its own
    folders and, where a workspace folder is a plugin, an extension or a marketplace, the
    skills of those bundles under the names the client gives them once installed
    (`plugin:skill` for Claude Code); and those of the bundles installed under the user's
    home where their layout is known (Gemini CLI's extensions)."""
    client = get_client(client_id)
    return installed_view(client, index.view(client_id), index.folders, index.environment)


def catalog_for(index: WorkspaceIndex, client_id: str) -> Rendering:
    """The catalog of everything `client_id` loads from the indexed workspace (bundles
    installed from it included, see `listed_skills`), with what in it the agent does not do
    the same way every run."""
    view = listed_skills(index, client_id)
    rendering = render_catalog(client_id, view, index.settings.context_window)
    return replace(rendering, varies=_catalog_varies(get_client(client_id), view))


def catalog_view_for(index: WorkspaceIndex, client_id: str) -> dict[str, Any] | None:
    """The client's structured catalog view of the indexed workspace, if it has one."""
    view = get_client(client_id).listing.view
    return CATALOG_VIEWS[view](index) if view is not None else None


def _catalog_varies(client: Client, view: Sequence[LoadedSkill]) -> tuple[str, ...]:
    notes: list[str] = []
    builtin_set = builtins_of(client)
    builtins = [skill for skill in view if skill.scope == "builtin"]
    if builtin_set is not None and builtin_set.order_varies and len(builtins) > 1:
        notes.append(
            f"the order of {client.name}'s built-in skills changes between runs "
            "(they load concurrently)"
        )
    found = [skill for skill in view if skill.scope != "builtin"]
    if client.clashes.order_note and len(found) > 1:
        notes.append(client.clashes.order_note)
    clashing = sorted({skill.name for skill in found if skill.winner_varies})
    if clashing:
        names = ", ".join(f"`{name}`" for name in clashing)
        notes.append(
            f"which copy of {names} is listed changes between runs: {client.clashes.clash_note}"
        )
    return tuple(notes)


# `Activation.file_order`: said where the listed files may come in another order.
FILE_ORDER_NOTES = {
    "threads": "the order of the skill's files in the answer changes between runs: the agent "
    "walks its sub-folders on several threads",
    "directory": "the order of the skill's files in the answer is each folder's order on the "
    "file system, which another file system gives otherwise (skill-ls lists them by path)",
}


def activation_for(
    index: WorkspaceIndex, client_id: str, name: str, arguments: str = ""
) -> Rendering | None:
    """The activation of the copy of `name` that `client_id` loads; None if it loads none
    or refuses to activate it (see `refusal_for`)."""
    client = get_client(client_id)
    skill = _activated(index, client_id, name)
    if skill is None or refusal_for(index, client_id, name) is not None:
        return None
    text = index.buffer_text(skill.path)
    source = source_for(skill.name, skill.path, text, client.activation.line_ends == "kept")
    rendering = render_activation(client_id, source, arguments, skill.scope)
    if _file_order_may_vary(client.activation.file_order, source.files):
        note = FILE_ORDER_NOTES[client.activation.file_order]
        rendering = replace(rendering, varies=(*rendering.varies, note))
    if skill.winner_varies:
        note = f"which copy of `{skill.name}` is activated changes between runs: "
        rendering = replace(rendering, varies=(*rendering.varies, note + client.clashes.clash_note))
    return rendering


def _file_order_may_vary(order: str, files: Sequence[str]) -> bool:
    """Whether the agent may list these files in another order than skill-ls's."""
    if order == "threads":
        return len(set(map(posixpath.dirname, files))) > 1
    return order == "directory" and len(files) > 1


def refusal_for(index: WorkspaceIndex, client_id: str, name: str) -> str | None:
    """What the client answers when asked to activate a skill it loads but will not
    activate (hidden from the model, `Client.activation.hidden_refusal`; a name several of
    its skills share, `Client.activation.ambiguous_refusal`); None if it would."""
    client = get_client(client_id)
    skill = _activated(index, client_id, name)
    if skill is not None and client.activation.ambiguous_refusal is not None:
        key = _activation_key(client)
        same = [
            other.name
            for other in listed_skills(index, client_id)
            if key(other.name) == key(skill.name)
        ]
        if len(same) > 1:
            return client.activation.ambiguous_refusal.format(
                name=name, count=len(same), names=", ".join(same)
            )
    if skill is None or not skill.hidden:
        return None
    facts = index.facts(skill.path) if client.activation.flag_refusals else None
    for flag, value, answer in client.activation.flag_refusals:
        if facts is not None and facts.flags.get(flag) == value:
            return answer.format(name=skill.name)
    if client.activation.hidden_refusal is None:
        return None
    return client.activation.hidden_refusal.format(name=skill.name)


def _activation_key(client: Client) -> Callable[[str], str]:
    """How the client matches a name it is asked to activate: as written, or case folded
    (where its skills clash so, or its lookup ignores case), and trimmed where it trims the
    name asked for; `str` leaves a name as it is."""
    fold = client.activation.fold_case or client.clashes.fold_case
    if client.activation.trims_request:
        return (lambda name: name.strip().lower()) if fold else str.strip
    return str.lower if fold else str


def _activated(index: WorkspaceIndex, client_id: str, name: str) -> LoadedSkill | None:
    """The skill the client activates for `name`: by its key (either spelling where the
    client folds case), else by its shown name."""
    view = listed_skills(index, client_id)
    key = _activation_key(get_client(client_id))
    found = next((skill for skill in view if key(skill.name) == key(name)), None)
    return found or next((skill for skill in view if skill.display_name == name), None)
