"""What the model sees, through the renderers: the `skill-ls.previewCatalog` /
`skill-ls.previewActivation` commands' JSON (the catalog entry in hovers is
`editor_text/catalog_entry.py`'s)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import Any

from pygls.lsp.server import LanguageServer

from skill_ls.clients.table import CLIENTS_BY_ID, Client
from skill_ls.files import is_within
from skill_ls.render import (
    activation_for,
    catalog_for,
    catalog_view_for,
    listed_skills,
    render_activation,
    source_for,
)
from skill_ls.render.rendering import Rendering
from skill_ls.server.binding import bind_command
from skill_ls.server.command_args import argument, is_known_skill, skill_md_for
from skill_ls.server.documents import uri_to_path
from skill_ls.server.edits import request_failed
from skill_ls.server.feature_table import PREVIEW_ACTIVATION, PREVIEW_CATALOG
from skill_ls.server.session import Session
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.mcp_servers import mcp_notes

# How long a preview waits for the first workspace scan before answering with what it has.
FIRST_SCAN_WAIT_S = 30.0


# --- commands ------------------------------------------------------------------------------


def _client(session: Session, args: tuple[Any, ...], position: int, target: str) -> Client:
    """The client named at `position`; when none is given, the first target client (of the
    target document: its targets, else the agents that discover it; else the workspace's)."""
    if len(args) <= position or args[position] is None or args[position] == "":
        return _default_client(session, target)
    client_id = argument(args, position, "a client id")
    client = CLIENTS_BY_ID.get(client_id)
    if client is None:
        raise request_failed(f"unknown client {client_id!r} (known: {', '.join(CLIENTS_BY_ID)})")
    return client


def _default_client(session: Session, target: str) -> Client:
    path = _path_of(target)
    known = path is not None and is_known_skill(session, path)
    snapshot = session.snapshot(Path(path).as_uri()) if path and known else None
    if snapshot is not None and session.is_skill(snapshot):
        return session.audience(snapshot)[0]
    return CLIENTS_BY_ID[session.skills.current.audience[0]]


async def _first_scan(session: Session) -> None:
    """Wait for the first workspace scan, so that a preview asked for at start-up is not
    an empty catalog (bounded: a scan that never ends does not hang the request)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(session.first_scan.wait(), FIRST_SCAN_WAIT_S)


def _rendered(rendering: Rendering, client: Client) -> dict[str, Any]:
    return {
        "client": client.id,
        "clientName": client.name,
        "text": rendering.text,
        "characters": rendering.characters,
        "tokens": rendering.tokens,
        "budget": rendering.budget,
        "truncatedAt": rendering.truncated_at,
    }


def _path_of(target: str) -> str | None:
    if not target:
        return None
    if os.path.isabs(target):
        return os.path.normpath(target)
    path = uri_to_path(target)
    return os.path.normpath(path) if path is not None else None


def workspace_for_target(session: Session, target: str) -> WorkspaceIndex:
    """The workspace (index of skills) for a folder or document of the workspace; a folder
    outside the workspace folders is refused (a command's arguments are untrusted: a scan of
    any folder would read every SKILL.md below it)."""
    path = _path_of(target)
    if (
        path is not None
        and os.path.isdir(path)
        and not any(is_within(path, os.path.normpath(root)) for root in session.roots)
    ):
        raise request_failed(f"{path} is not a workspace folder or a folder inside one")
    return session.skills.index_for(path)


def catalog_preview(session: Session, target: str, client: Client) -> dict[str, Any]:
    index = workspace_for_target(session, target)
    rendering = catalog_for(index, client.id)
    view = listed_skills(index, client.id)
    by_name = {skill.name: skill for skill in view}
    entries = []
    for number, info in enumerate(rendering.entries):
        skill = view[number] if number < len(view) and view[number].name == info.name else None
        skill = skill or by_name.get(info.name)
        entries.append(
            {
                "name": info.name,
                "description": skill.description if skill is not None else "",
                "location": skill.path if skill is not None else "",
                "characters": info.characters,
                "hidden": info.hidden,
                "truncated": info.truncated or info.omitted,
            }
        )
    result: dict[str, Any] = {
        **_rendered(rendering, client),
        "entries": entries,
        # What the agent may list beyond this catalog (skills served over MCP), in words.
        "notes": mcp_notes(index.folders, client),
    }
    structured = catalog_view_for(index, client.id)
    if structured is not None:
        result["skills"] = structured  # the client's own structured catalog, where it has one
    return result


def activation_preview(session: Session, target: str, client: Client) -> dict[str, Any]:
    path = _path_of(target) if (os.path.isabs(target) or ":" in target) else None
    if path is None:
        # A skill name: the copy this client loads, else any copy in the workspace.
        rendering = activation_for(session.skills.current, client.id, target)
        name = target
        if rendering is None:
            skill_md = skill_md_for(session, target)
            rendering = render_activation(
                client.id, source_for(name, skill_md, session.text_of(skill_md))
            )
    else:
        skill_md = skill_md_for(session, path)
        text = session.text_of(skill_md)
        if text is None:
            raise request_failed(f"cannot read {skill_md}")
        entry = session.skills.entry(skill_md)
        open_doc = session.documents.by_path(skill_md)
        doc_name = open_doc.parsed.string_value("name") if open_doc is not None else None
        name = doc_name or (
            entry.name if entry is not None else os.path.basename(os.path.dirname(skill_md))
        )
        rendering = render_activation(client.id, source_for(name, skill_md, text))
    return {**_rendered(rendering, client), "name": name}


async def preview_catalog(session: Session, *args: Any) -> dict[str, Any]:
    target = args[0] if args and isinstance(args[0], str) else ""
    await _first_scan(session)
    client = _client(session, args, 1, target)
    return await asyncio.to_thread(catalog_preview, session, target, client)


async def preview_activation(session: Session, *args: Any) -> dict[str, Any]:
    target = argument(args, 0, "a document URI, a path or a skill name")
    await _first_scan(session)
    client = _client(session, args, 1, target)
    return await asyncio.to_thread(activation_preview, session, target, client)


def register(server: LanguageServer, session: Session) -> None:
    server.command(PREVIEW_CATALOG)(bind_command(preview_catalog, session))
    server.command(PREVIEW_ACTIVATION)(bind_command(preview_activation, session))
