"""`skill-ls clients`: the client table, with where each row's facts come from."""

from __future__ import annotations

import argparse
import json
import os
import sys

from skill_ls.clients.describe import clients_markdown, fact_lines, provenance_line
from skill_ls.clients.manifest_files import manifest_files_json
from skill_ls.clients.settings_enum import settings_schema_text
from skill_ls.clients.table import TARGETS, Client
from skill_ls.workspace.installed_agents import compare, find_installed, installed_note


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    clients = sub.add_parser(
        "clients",
        help="list the clients (agents and upload targets) skill-ls models, with their provenance",
    )
    clients.add_argument(
        "--format",
        choices=("text", "json", "markdown", "manifest-files", "settings-schema"),
        default="text",
        help="manifest-files: the bundle manifests the clients read, as editor glob patterns"
        " (the data file the VS Code extension's document selector is generated from);"
        " settings-schema: the settings schema with its `targetClients` enum written from"
        " the table",
    )
    clients.set_defaults(run=run_clients)


def run_clients(args: argparse.Namespace) -> int:
    if args.format == "markdown":
        sys.stdout.write(clients_markdown())
    elif args.format == "manifest-files":
        sys.stdout.write(manifest_files_json())
    elif args.format == "settings-schema":
        sys.stdout.write(settings_schema_text())
    elif args.format == "json":
        document = [
            {
                "id": client.id,
                "name": client.name,
                "provenance": {
                    "kind": client.provenance.kind,
                    "source": client.provenance.source,
                },
                "facts": dict(fact_lines(client)),
                "installed": _installed_json(client),
            }
            for client in TARGETS
        ]
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        for client in TARGETS:
            # What the user runs, where its launcher is on PATH (never run, only read).
            note = installed_note(client)
            suffix = f"; {note}" if note else ""
            print(f"{client.id:<14} {client.name:<28} {provenance_line(client)}{suffix}")
    return 0


def _installed_json(client: Client) -> dict[str, str] | None:
    if client.install is None:
        return None
    found = find_installed(client.install, os.environ.get("PATH", ""))
    if found is None:
        return None
    return {
        "version": found.version,
        "launcher": found.launcher,
        "compared": compare(client, found),
    }
