"""`skill-ls skills | catalog | activate | schema`: the workspace index and what each
client's model sees, from the command line.

Exit codes: 0 done; 2 usage error (unknown client or skill, a path that is not a folder).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.config import Settings, load_file_settings
from skill_ls.render import activation_for, catalog_for, catalog_view_for, empty_note, refusal_for
from skill_ls.render.model import Rendering
from skill_ls.schema import schema_for
from skill_ls.workspace import SkillEntry, WorkspaceIndex
from skill_ls.workspace.bundles import BundlePlacement, bundle_placements

CLIENT_IDS = tuple(CLIENTS_BY_ID)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the workspace sub-commands."""
    skills = sub.add_parser(
        "skills",
        help="list the skills each client loads, with scope, provenance and shadowing",
        description="List every skill found for the workspace folder PATH (default: the "
        "current folder), its user folders and configured extra roots.",
    )
    _workspace_arguments(skills)
    skills.add_argument("--format", choices=("text", "json"), default="text")
    skills.set_defaults(run=run_skills)

    catalog = sub.add_parser(
        "catalog",
        help="print the skill catalog exactly as a client shows it to the model",
        description="Print each client's catalog (or one, with --client) with its size, "
        "token estimate and budget.",
    )
    _workspace_arguments(catalog)
    catalog.add_argument("--format", choices=("text", "json"), default="text")
    catalog.set_defaults(run=run_catalog)

    activate = sub.add_parser(
        "activate",
        help="print what a client injects when it activates a skill",
        description="Print the activation text of skill NAME as the client (default: the "
        "first target client, else agentskills) puts it in front of the model.",
    )
    activate.add_argument("name", metavar="NAME")
    _workspace_arguments(activate)
    activate.add_argument("--arguments", default="", metavar="S", help="arguments to substitute")
    activate.add_argument("--format", choices=("text", "json"), default="text")
    activate.set_defaults(run=run_activate)

    schema = sub.add_parser(
        "schema",
        help="print the JSON Schema (draft 2020-12) of a client's frontmatter",
    )
    schema.add_argument("--client", "-c", choices=CLIENT_IDS, default="agentskills", metavar="ID")
    schema.set_defaults(run=run_schema)


def _workspace_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", metavar="PATH", help="workspace folder")
    parser.add_argument(
        "--client",
        "-c",
        choices=CLIENT_IDS,
        metavar="ID",
        help=f"one client: {', '.join(CLIENT_IDS)}",
    )
    parser.add_argument(
        "--home",
        metavar="DIR",
        help="search user skills under DIR instead of $HOME ($XDG_CONFIG_HOME and $CODEX_HOME "
        "then default below DIR)",
    )
    parser.add_argument(
        "--context-window",
        type=_tokens,
        metavar="TOKENS",
        help="the model's context window, for catalog budgets that scale with it (Claude "
        "Code, Codex); default: the contextWindow setting, else each agent's default model",
    )


def _tokens(text: str) -> int:
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of tokens: {text!r}") from None
    if not 1000 <= value <= 10**8:
        raise argparse.ArgumentTypeError("the context window is 1000 to 100000000 tokens")
    return value


# --- skills -------------------------------------------------------------------------------


def run_skills(args: argparse.Namespace) -> int:
    index = _index(args)
    if index is None:
        return 2
    entries = index.skills()
    if args.client:
        entries = [entry for entry in entries if entry.placement(args.client)]
    audience = [args.client] if args.client else list(index.audience)
    bundled = _bundle_skills(index, entries, audience)
    if args.format == "json":
        _print_json(
            {
                "schema": "skill-ls/skills/v1",
                "folders": list(index.folders),
                "audience": audience,
                "skills": [entry.to_json() for entry in entries],
                # Skills of the plugins and extensions in the folder, as the agents that
                # install them will list them (they are in no agent's own skill folders).
                "bundleSkills": [_bundle_json(placements) for placements in bundled],
                "boundsHit": [hit.message for hit in index.bounds_hit()],
            }
        )
        return 0
    show = index.display_path
    if not entries and not bundled:
        print("No skills found.")
    for entry in entries:
        if args.client:
            print(_client_line(entry, args.client, show))
        else:
            print(_entry_lines(entry, show))
    for placements in bundled:
        if args.client:
            print(_bundle_client_line(placements[0], show))
        else:
            print(_bundle_lines(placements, show))
    for hit in index.bounds_hit():
        print(f"note: {hit.message}", file=sys.stderr)
    return 0


def _client_line(entry: SkillEntry, client_id: str, show: Callable[[str], str]) -> str:
    placement = entry.placement(client_id)
    assert placement is not None
    line = f"{entry.name}  {placement.status.value}  {placement.scope}  {show(placement.path)}"
    if placement.winner:
        line += f"  (uses {show(placement.winner)}: {placement.reason})"
    elif placement.reason:
        line += f"  ({placement.reason})"
    return line


def _entry_lines(entry: SkillEntry, show: Callable[[str], str]) -> str:
    lines = [f"{entry.name}  {entry.status.value}  {entry.scope}  {show(entry.path)}"]
    if entry.real_path != entry.path:
        lines.append(f"    real path: {show(entry.real_path)}")
    if entry.clients:
        lines.append(f"    loaded by: {', '.join(entry.clients)}")
    by_winner: dict[str, list[str]] = {}
    skipped: dict[str, list[str]] = {}
    for placement in entry.placements:
        if placement.winner:
            by_winner.setdefault(placement.winner, []).append(placement.client)
        elif placement.status.value == "skipped":
            skipped.setdefault(placement.reason, []).append(placement.client)
    for winner, clients in by_winner.items():
        lines.append(f"    shadowed by {show(winner)} in: {', '.join(clients)}")
    for reason, clients in skipped.items():
        lines.append(f"    skipped by {', '.join(clients)}: {reason}")
    for path in entry.overrides:
        lines.append(f"    overrides: {show(path)}")
    return "\n".join(lines)


# A bundle skill's summary status: the best any agent does with it.
_BUNDLE_RANK = ("loaded", "hidden-from-model", "skipped")


def _bundle_skills(
    index: WorkspaceIndex, entries: list[SkillEntry], audience: list[str]
) -> list[list[BundlePlacement]]:
    """The skills of the plugins and extensions in the workspace folder that the agents of
    `audience` install, each with its placements (one per agent), in order of discovery;
    a file the index already lists (a bundle inside an agent's own folder) is left out."""
    known = {os.path.realpath(entry.path) for entry in entries}
    clients = [CLIENTS_BY_ID[client] for client in audience]
    by_file: dict[str, list[BundlePlacement]] = {}
    for placement in bundle_placements(index.folders, clients):
        real = os.path.realpath(placement.skill.path)
        if real not in known:
            by_file.setdefault(real, []).append(placement)
    return list(by_file.values())


def _bundle_status(placements: list[BundlePlacement]) -> str:
    return min((p.status for p in placements), key=_BUNDLE_RANK.index)


def _bundle_label(placement: BundlePlacement, show: Callable[[str], str]) -> str:
    bundle = placement.skill.bundle
    name = bundle.name or os.path.basename(bundle.root)
    return f"{bundle.form.kind} {name} ({show(bundle.manifest)})"


def _bundle_json(placements: list[BundlePlacement]) -> dict[str, object]:
    first = placements[0]
    bundle = first.skill.bundle
    return {
        "name": first.skill.name,
        "path": first.skill.path,
        "scope": bundle.form.kind,
        "bundle": {
            "kind": bundle.form.kind,
            "name": bundle.name,
            "root": bundle.root,
            "manifest": bundle.manifest,
        },
        "clients": [p.client.id for p in placements if p.status == "loaded"],
        "status": _bundle_status(placements),
        "placements": [
            {
                "client": p.client.id,
                "name": p.skill.name,
                "status": p.status,
                "reason": p.reason,
            }
            for p in placements
        ],
    }


def _bundle_client_line(placement: BundlePlacement, show: Callable[[str], str]) -> str:
    skill = placement.skill
    line = f"{skill.name}  {placement.status}  {skill.bundle.form.kind}  {show(skill.path)}"
    if placement.reason:
        line += f"  ({placement.reason})"
    return line + f"  [{_bundle_label(placement, show)}, once installed]"


def _bundle_lines(placements: list[BundlePlacement], show: Callable[[str], str]) -> str:
    first = placements[0]
    kind = first.skill.bundle.form.kind
    status = _bundle_status(placements)
    lines = [f"{first.skill.name}  {status}  {kind}  {show(first.skill.path)}"]
    lines.append(f"    in {_bundle_label(first, show)}, as each agent lists it once installed")
    names: dict[str, list[str]] = {}
    skipped: dict[str, list[str]] = {}
    hidden: list[str] = []
    for p in placements:
        if p.status == "loaded":
            names.setdefault(p.skill.name, []).append(p.client.id)
        elif p.status == "hidden-from-model":
            hidden.append(p.client.id)
        else:
            skipped.setdefault(p.reason, []).append(p.client.id)
    for name, clients in names.items():
        suffix = "" if name == first.skill.name else f" (as {name})"
        lines.append(f"    loaded by: {', '.join(clients)}{suffix}")
    if hidden:
        lines.append(f"    hidden from the model by: {', '.join(hidden)}")
    for reason, clients in skipped.items():
        lines.append(f"    skipped by {', '.join(clients)}: {reason}")
    return "\n".join(lines)


# --- catalog ------------------------------------------------------------------------------


def run_catalog(args: argparse.Namespace) -> int:
    index = _index(args)
    if index is None:
        return 2
    clients = [args.client] if args.client else list(index.audience)
    renderings = [catalog_for(index, client) for client in clients]
    if args.format == "json":
        document: dict[str, Any] = {
            "schema": "skill-ls/catalog/v1",
            "catalogs": [rendering.to_json() for rendering in renderings],
        }
        for client in clients:
            view = catalog_view_for(index, client)
            if view is not None:
                document[client] = view
        _print_json(document)
        return 0
    if args.client:
        rendering = renderings[0]
        if rendering.text:
            print(rendering.text)
        print(_summary(rendering), file=sys.stderr)
        return 0
    for rendering in renderings:
        print(f"== {_summary(rendering)} ==")
        if rendering.text:
            print(rendering.text)
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
    index = _index(args)
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
        _print_json(rendering.to_json())
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
    _print_json(schema_for(args.client))
    return 0


# --- shared -------------------------------------------------------------------------------


def _index(args: argparse.Namespace) -> WorkspaceIndex | None:
    """Build and scan the index for the command's workspace folder (None: usage error)."""
    folder = Path(args.path)
    if not folder.is_dir():
        print(f"skill-ls: {args.path}: not a folder", file=sys.stderr)
        return None
    settings, problems = load_file_settings(folder)
    for problem in problems:
        print(f"skill-ls: {problem.source}: {problem.message}", file=sys.stderr)
    environ = dict(os.environ)
    if args.home:
        environ["HOME"] = str(Path(args.home).resolve())
        for name in ("XDG_CONFIG_HOME", "CODEX_HOME"):
            environ.pop(name, None)
    settings = settings or Settings()
    if getattr(args, "context_window", None) is not None:
        settings = replace(settings, context_window=args.context_window)
    index = WorkspaceIndex([folder.resolve()], settings, environ=environ)
    index.scan()
    return index


def _print_json(document: object) -> None:
    print(json.dumps(document, indent=2, ensure_ascii=False))
