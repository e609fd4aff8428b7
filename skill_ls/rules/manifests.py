"""Bundle manifests: the fields of a plugin's, an extension's or a marketplace's JSON that
decide which skills an agent installs (names, skill paths, plugin sources).

`check_manifest(document, context)` reads nothing, like `rules.check`: which folders and
manifests exist (inside the bundle or marketplace only) comes in the `ManifestContext`'s
answers, gathered before the check (`gathering.manifests.on_disk`). The formats and their rules
are the client rows' `bundles` column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import CLIENTS, Client
from skill_ls.diagnostics import Diagnostic, Range
from skill_ls.document.manifest_json import JsonDocument, JsonValue
from skill_ls.rules.context import MAX_SKILL_PATHS
from skill_ls.rules.helpers import names
from skill_ls.rules.manifest_findings import (
    BUNDLE_NAME,
    DUPLICATE_PLUGIN,
    MANIFEST_JSON,
    MARKETPLACE_ENTRY,
    MAX_MARKETPLACE_ENTRIES,
    RESERVED_NAME,
    SKILLS_PATH,
    Findings,
    ManifestContext,
    ManifestKind,
    check_reserved,
    said,
)
from skill_ls.rules.marketplaces import check_marketplace, local_source
from skill_ls.rules.paths import is_within, join_normal

__all__ = [
    "BUNDLE_NAME",
    "DUPLICATE_PLUGIN",
    "MANIFEST_JSON",
    "MARKETPLACE_ENTRY",
    "MAX_MARKETPLACE_ENTRIES",
    "RESERVED_NAME",
    "SKILLS_PATH",
    "ManifestContext",
    "ManifestKind",
    "check_manifest",
    "identity_problems",
    "local_source",
    "manifest_kind",
]


def manifest_kind(path: str) -> ManifestKind | None:
    """The kind of manifest at `path` (by its name and folder), or None for other files."""
    posix = "/" + path.lstrip("/")  # POSIX paths, as the edges give them
    for role in ("bundle", "marketplace"):
        found: list[tuple[Client, BundleFormat]] = []
        relative = ""
        for client in CLIENTS:
            for form in client.bundles:
                candidates = form.manifests if role == "bundle" else form.marketplaces
                for name in candidates:
                    if posix.endswith("/" + name) and (not relative or relative == name):
                        relative = name
                        found.append((client, form))
        if found:
            return ManifestKind(role, relative, tuple(found))
    return None


def check_manifest(document: JsonDocument, context: ManifestContext) -> list[Diagnostic]:
    """Every finding for one manifest, sorted by position; never raises on user input."""
    kind = manifest_kind(context.path)
    if kind is None:
        return []
    found = Findings(context.settings)
    root = document.root
    if document.too_large:
        found.add(
            MANIFEST_JSON,
            document.error_range or Range.point(0, 0),
            f"{document.error}: it is not checked, and skill-ls shows none of its skills",
        )
    elif root is None or root.kind != "object":
        where = document.error_range or (root.range if root is not None else Range.point(0, 0))
        why = document.error or "its top level is not an object"
        found.add(
            MANIFEST_JSON,
            where,
            f"{names(kind.clients)} cannot read this manifest: {why}",
        )
    elif kind.role == "bundle":
        _check_bundle(root, kind, context, found)
    else:
        check_marketplace(root, kind, context, found)
    return sorted(found.items, key=lambda d: (d.range.start, d.code))


# --- a plugin's or an extension's manifest ----------------------------------------------


def _check_bundle(
    root: JsonValue, kind: ManifestKind, context: ManifestContext, found: Findings
) -> None:
    top = Range(root.range.start, root.range.start)
    by_problem: dict[tuple[str, Range], list[Client]] = {}
    for client, form in kind.formats:
        for problem in identity_problems(root, form, top):
            by_problem.setdefault(problem, []).append(client)
    for (message, where), clients in by_problem.items():
        found.add(BUNDLE_NAME, where, said(clients, message))
    check_reserved(root.get("name"), kind, found)
    keys = {form.skills_key for _, form in kind.formats if form.skills_key}
    for key in sorted(keys):
        clients = [client for client, form in kind.formats if form.skills_key == key]
        value = root.get(key)
        if value is not None:
            _check_skill_paths(key, value, clients, context, found)


def identity_problems(root: JsonValue, form: BundleFormat, top: Range) -> list[tuple[str, Range]]:
    """Why a client with `form` refuses the bundle whose manifest is `root` (a missing key,
    a name that breaks its rule), each with where to say it; empty: it takes the bundle."""
    problems: list[tuple[str, Range]] = []
    noun = form.kind
    for key in form.required_keys:
        value = root.get(key)
        if value is None:
            problems.append((f"refuses this {noun}: the manifest has no `{key}`", top))
        elif value.text is None or not value.text.strip():
            problems.append(
                (f"refuses this {noun}: `{key}` must be a non-empty string", value.range)
            )
    name = root.get("name")
    rule = form.name_rule
    if name is not None and name.text and rule is not None and not re.fullmatch(rule[0], name.text):
        problems.append(
            (f"refuses the {noun} name `{name.text}`: it must be {rule[1]}", name.range)
        )
    return problems


def _check_skill_paths(
    key: str,
    value: JsonValue,
    clients: Sequence[Client],
    context: ManifestContext,
    found: Findings,
) -> None:
    entries = value.items if value.kind == "array" else (value,)
    if len(entries) > MAX_SKILL_PATHS:
        # A bound, said once, instead of a finding per entry of a hostile list.
        found.add(
            SKILLS_PATH,
            value.range,
            f"`{key}` lists {len(entries)} paths; only the first {MAX_SKILL_PATHS} are checked",
        )
    for entry in entries[:MAX_SKILL_PATHS]:
        text = entry.text
        if text is None:
            found.add(
                SKILLS_PATH,
                entry.range,
                said(clients, f"reads `{key}` as a path or a list of paths"),
            )
            continue
        if text not in (".", "./") and not text.startswith("./"):
            found.add(
                SKILLS_PATH,
                entry.range,
                said(
                    clients,
                    "takes a skill path only as `.` or `./...` (relative to the plugin "
                    f"root): write `./{text.lstrip('/')}`",
                ),
            )
            continue
        target = join_normal(context.root, text)
        if not is_within(target, context.root):
            found.add(SKILLS_PATH, entry.range, f"`{text}` climbs out of the plugin root")
        elif not context.is_dir(target):
            found.add(
                SKILLS_PATH,
                entry.range,
                f"`{text}` is not a folder in the plugin, so "
                + said(clients, "loads no skill from it"),
            )
