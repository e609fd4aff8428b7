"""Yoi's catalog view: one JSON document with, per skill, its name, description, source,
provenance, override status and diagnostics (what a backend or the editor consumes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skill_ls.checking.route import check_document
from skill_ls.clients.table import get_client
from skill_ls.diagnostics import Diagnostic
from skill_ls.document import load_document, parse_document
from skill_ls.gathering import context_for_path
from skill_ls.report_formats.json_format import diagnostic_to_json
from skill_ls.workspace import Placement, Status, WorkspaceIndex

SCHEMA_ID = "skill-ls/yoi-catalog/v1"
CLIENT = "yoi"


def yoi_catalog(index: WorkspaceIndex, with_diagnostics: bool = True) -> dict[str, Any]:
    """Every skill Yoi finds (builtin and workspace), loaded or not, with its fate."""
    client = get_client(CLIENT)
    skills: list[dict[str, Any]] = []
    builtin_roots = [root.path for _, root in index.roots(client.id) if root.scope == "builtin"]
    for entry in index.skills():
        placement = entry.placement(client.id)
        if placement is None:
            continue
        skills.append(
            {
                "name": entry.name,
                "description": entry.description,
                "source": placement.scope,
                "status": placement.status.value,
                "inCatalog": placement.loaded and placement.status is not Status.HIDDEN,
                "provenance": {
                    "path": placement.path,
                    "root": placement.root,
                    "relativePath": placement.relative_path,
                    "realPath": entry.real_path,
                },
                "override": _override(placement, builtin_roots),
                "diagnostics": _diagnostics(index, placement.path) if with_diagnostics else [],
            }
        )
    return {
        "schema": SCHEMA_ID,
        "client": client.id,
        "builtinOverride": index.settings.builtin_override,
        "skills": skills,
    }


def _override(placement: Placement, builtin_roots: list[str]) -> dict[str, Any]:
    """How this copy relates to copies with the same name in Yoi's other scopes."""
    builtin = placement.scope == "builtin"
    if placement.status is Status.CONFLICT or (builtin and placement.overrides):
        status = "conflict"  # a workspace copy refused, or the builtin that refused it
    elif placement.status is Status.SHADOWED:
        status = "overridden-by-workspace" if builtin else "shadowed"
    elif placement.overrides:
        beats_builtin = any(
            path.startswith(root + "/") for path in placement.overrides for root in builtin_roots
        )
        status = "overrides-builtin" if beats_builtin else "overrides"
    else:
        status = "none"
    return {
        "status": status,
        "overrides": list(placement.overrides),
        "overriddenBy": placement.winner,
    }


def _diagnostics(index: WorkspaceIndex, path: str) -> list[dict[str, Any]]:
    found: list[Diagnostic] = []
    text = index.buffer_text(path)
    try:
        document = parse_document(text, path) if text is not None else load_document(Path(path))
    except OSError:
        document = None
    if document is not None:
        found += check_document(document, context_for_path(Path(path), index.settings)).diagnostics
    found += index.cross_skill_diagnostics(path)
    return [diagnostic_to_json(diagnostic, path) for diagnostic in found]
