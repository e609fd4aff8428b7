"""`skill-ls catalog | activate | schema`: what each client's model sees of the workspace's
skills, from the command line (`skill-ls skills` is `skills_command.py`).

Exit codes: 0 done; 2 usage error (unknown client or skill, a path that is not a folder).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from skill_ls.cli.workspace_arguments import (
    CLIENT_IDS,
    print_json,
    scanned_index,
    workspace_arguments,
)
from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render import activation_for, catalog_for, catalog_view_for, empty_note, refusal_for
from skill_ls.render.rendering import Rendering
from skill_ls.schema import schema_for
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.mcp_servers import mcp_notes


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `catalog`, `activate` and `schema` sub-commands."""
    catalog = sub.add_parser(
        "catalog",
        help="print the skill catalog exactly as a client shows it to the model",
        description="Print each client's catalog (or one, with --client) with its size, "
        "token estimate and budget.",
    )
    workspace_arguments(catalog)
    catalog.add_argument("--format", choices=("text", "json"), default="text")
    catalog.set_defaults(run=run_catalog)

    activate = sub.add_parser(
        "activate",
        help="print what a client injects when it activates a skill",
        description="Print the activation text of skill NAME as the client (default: the "
        "first target client, else agentskills) puts it in front of the model.",
    )
    activate.add_argument("name", metavar="NAME")
    workspace_arguments(activate)
    activate.add_argument("--arguments", default="", metavar="S", help="arguments to substitute")
    activate.add_argument("--format", choices=("text", "json"), default="text")
    activate.set_defaults(run=run_activate)

    schema = sub.add_parser(
        "schema",
        help="print the JSON Schema (draft 2020-12) of a client's frontmatter",
    )
    schema.add_argument("--client", "-c", choices=CLIENT_IDS, default="agentskills", metavar="ID")
    schema.set_defaults(run=run_schema)


# --- catalog ------------------------------------------------------------------------------


def run_catalog(args: argparse.Namespace) -> int:
    index = scanned_index(args)
    if index is None:
        return 2
    clients = [args.client] if args.client else list(index.audience)
    renderings = [catalog_for(index, client) for client in clients]
    # What the agent may list that skill-ls cannot see (skills served over MCP).
    notes = {client: mcp_notes(index.folders, CLIENTS_BY_ID[client]) for client in clients}
    if args.format == "json":
        document: dict[str, Any] = {
            "schema": "skill-ls/catalog/v1",
            "catalogs": [
                {**rendering.to_json(), "notes": notes[client]}
                for client, rendering in zip(clients, renderings, strict=True)
            ],
        }
        for client in clients:
            view = catalog_view_for(index, client)
            if view is not None:
                document[client] = view
        print_json(document)
        return 0
    if args.client:
        rendering = renderings[0]
        if rendering.text:
            print(rendering.text)
        print(_summary(rendering), file=sys.stderr)
        for note in notes[args.client]:
            print(f"note: {note}", file=sys.stderr)
        return 0
    for client, rendering in zip(clients, renderings, strict=True):
        print(f"== {_summary(rendering)} ==")
        if rendering.text:
            print(rendering.text)
        for note in notes[client]:
            print(f"note: {note}")
        print()
    return 0


def _summary(rendering: Rendering) -> str:
    client = CLIENTS_BY_ID[rendering.client or "agentskills"]
    if not rendering.text:
        return f"{client.id} ({rendering.format}): {empty_note(rendering)}"
    parts = [
        f"{client.id} ({rendering.format})",
        f"{rendering.characters:,} characters",
        f"~{rendering.tokens:,} tokens (estimate)",
    ]
    if rendering.budget is not None:
        parts.append(f"budget {rendering.budget:,}")
    cut = [entry.name for entry in rendering.entries if entry.truncated]
    if cut:
        parts.append(f"cut: {', '.join(cut)}")
    hidden = [entry.name for entry in rendering.entries if entry.hidden]
    if hidden:
        parts.append(f"hidden: {', '.join(hidden)}")
    parts += [f"varies: {note}" for note in rendering.varies]
    return " · ".join(parts)


# --- activate -----------------------------------------------------------------------------


def run_activate(args: argparse.Namespace) -> int:
    index = scanned_index(args)
    if index is None:
        return 2
    client_id = args.client or (index.settings.target_clients or ("agentskills",))[0]
    rendering = activation_for(index, client_id, args.name, args.arguments)
    refusal = refusal_for(index, client_id, args.name)
    if refusal is not None:
        client = CLIENTS_BY_ID[client_id]
        print(f"skill-ls: {client.name} refuses {args.name!r}: {refusal}", file=sys.stderr)
        return 2
    if rendering is None:
        print(f"skill-ls: {_not_loaded(index, client_id, args.name)}", file=sys.stderr)
        return 2
    if args.format == "json":
        print_json(rendering.to_json())
    else:
        print(rendering.text)
        for note in rendering.varies:
            print(f"note: {note}", file=sys.stderr)
    return 0


def _not_loaded(index: WorkspaceIndex, client_id: str, name: str) -> str:
    client = CLIENTS_BY_ID[client_id]
    copies = [entry for entry in index.skills() if entry.name == name]
    if not copies:
        known = sorted({skill.name for skill in index.view(client_id)})
        listed = ", ".join(known) if known else "none"
        return f"unknown skill {name!r} for {client.name} (it loads: {listed})"
    reasons = []
    for entry in copies:
        placement = entry.placement(client_id)
        where = index.display_path(entry.path)
        if placement is None:
            reasons.append(f"{where} is not in any folder {client.name} searches")
        else:
            reasons.append(f"{where} is {placement.status.value}: {placement.reason}")
    return f"{client.name} does not load skill {name!r}: " + "; ".join(reasons)


# --- schema -------------------------------------------------------------------------------


def run_schema(args: argparse.Namespace) -> int:
    print_json(schema_for(args.client))
    return 0
