"""`skill-ls skills`: every skill found for a workspace folder, what each client does with it,
and the skills of the plugins and extensions in the folder.

Exit codes: 0 done; 2 usage error (a path that is not a folder).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from skill_ls.cli.workspace_arguments import print_json, scanned_index, workspace_arguments
from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.workspace import SkillEntry, WorkspaceIndex
from skill_ls.workspace.bundles import BundlePlacement, bundle_placements


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `skills` sub-command."""
    skills = sub.add_parser(
        "skills",
        help="list the skills each client loads, with scope, provenance and shadowing",
        description="List every skill found for the workspace folder PATH (default: the "
        "current folder), its user folders and configured extra roots.",
    )
    workspace_arguments(skills)
    skills.add_argument("--format", choices=("text", "json"), default="text")
    skills.set_defaults(run=run_skills)


def run_skills(args: argparse.Namespace) -> int:
    index = scanned_index(args)
    if index is None:
        return 2
    entries = index.skills()
    if args.client:
        entries = [entry for entry in entries if entry.placement(args.client)]
    audience = [args.client] if args.client else list(index.audience)
    bundled = _bundle_skills(index, entries, audience)
    if args.format == "json":
        print_json(
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
