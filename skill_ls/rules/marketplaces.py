"""A marketplace's manifest: its keys, and each plugin entry's name and local source."""

from __future__ import annotations

import posixpath
import re

from skill_ls.clients.table import Client
from skill_ls.diagnostics import Range
from skill_ls.document.manifest_json import JsonValue
from skill_ls.rules.manifest_findings import (
    DUPLICATE_PLUGIN,
    MARKETPLACE_ENTRY,
    MAX_MARKETPLACE_ENTRIES,
    Findings,
    ManifestContext,
    ManifestKind,
    check_reserved,
    said,
)
from skill_ls.rules.paths import is_within, join_normal


def check_marketplace(
    root: JsonValue, kind: ManifestKind, context: ManifestContext, found: Findings
) -> None:
    top = Range(root.range.start, root.range.start)
    problems: dict[tuple[str, Range], list[Client]] = {}
    for client, form in kind.formats:
        for key in form.marketplace_keys:
            if root.get(key) is None:
                problems.setdefault(
                    (f"refuses this marketplace: it has no `{key}`", top), []
                ).append(client)
        name = root.get("name")
        rule = form.marketplace_name_rule
        if name is not None and name.text is None:
            problems.setdefault(
                ("refuses this marketplace: `name` must be a string", name.range), []
            ).append(client)
        elif name is not None and rule is not None and not re.fullmatch(rule[0], str(name.text)):
            message = f"refuses the marketplace name `{name.text}`: it must be {rule[1]}"
            problems.setdefault((message, name.range), []).append(client)
    for (message, where), clients in problems.items():
        found.add(MARKETPLACE_ENTRY, where, said(clients, message))
    plugins = root.get("plugins")
    if plugins is None:
        return
    if plugins.kind != "array":
        found.add(
            MARKETPLACE_ENTRY,
            plugins.range,
            said(kind.clients, "reads `plugins` as a list of entries"),
        )
        return
    if len(plugins.items) > MAX_MARKETPLACE_ENTRIES:
        # A bound, said once, instead of a walk (and findings) per entry of a hostile list.
        found.add(
            MARKETPLACE_ENTRY,
            plugins.range,
            f"`plugins` lists {len(plugins.items):,} entries; only the first "
            f"{MAX_MARKETPLACE_ENTRIES} are checked and read",
        )
    seen: dict[str, JsonValue] = {}
    for entry in plugins.items[:MAX_MARKETPLACE_ENTRIES]:
        name = _check_entry(entry, root, kind, context, found)
        if name is None:
            continue
        if name.text in seen:
            first = seen[name.text].range.start
            found.add(
                DUPLICATE_PLUGIN,
                name.range,
                f"`{name.text}` is listed twice in this marketplace (first on line "
                f"{first.line + 1}); only one of them can be installed",
            )
        else:
            seen[str(name.text)] = name


def _check_entry(
    entry: JsonValue,
    marketplace: JsonValue,
    kind: ManifestKind,
    context: ManifestContext,
    found: Findings,
) -> JsonValue | None:
    """Check one `plugins[]` entry; its `name` value when that is a string."""
    if entry.kind != "object":
        found.add(
            MARKETPLACE_ENTRY,
            entry.range,
            said(kind.clients, "reads each plugin entry as an object"),
        )
        return None
    name = entry.get("name")
    named: JsonValue | None = None
    if name is None:
        found.add(MARKETPLACE_ENTRY, entry.range, "this plugin entry has no `name`")
    elif name.text is None or not name.text:
        found.add(MARKETPLACE_ENTRY, name.range, "a plugin's `name` must be a non-empty string")
    else:
        named = name
        by_rule: dict[str, list[Client]] = {}
        for client, form in kind.formats:
            rule = form.name_rule
            if rule is not None and re.fullmatch(rule[0], name.text) is None:
                by_rule.setdefault(rule[1], []).append(client)
        for words, clients in by_rule.items():
            found.add(
                MARKETPLACE_ENTRY,
                name.range,
                said(clients, f"refuses the plugin name `{name.text}`: it must be {words}"),
            )
        check_reserved(name, kind, found)
    source = entry.get("source")
    if source is None:
        found.add(MARKETPLACE_ENTRY, entry.range, "this plugin entry has no `source`")
    elif source.kind == "string":
        _check_local_source(entry, source, marketplace, kind, context, found)
    elif source.kind != "object":
        found.add(
            MARKETPLACE_ENTRY,
            source.range,
            "`source` is a `./` path or an object naming a remote source",
        )
    return named


def _check_local_source(
    entry: JsonValue,
    source: JsonValue,
    marketplace: JsonValue,
    kind: ManifestKind,
    context: ManifestContext,
    found: Findings,
) -> None:
    text = str(source.text)
    relative = local_source(text, marketplace)
    if relative is None:
        found.add(
            MARKETPLACE_ENTRY,
            source.range,
            f"a local `source` is a `./` path from the marketplace root (the folder holding "
            f"`{_manifest_folder(kind)}`): write `./{text.lstrip('./')}`",
        )
        return
    folder = join_normal(context.root, relative)
    if not is_within(folder, context.root):
        found.add(MARKETPLACE_ENTRY, source.range, f"`{text}` climbs out of the marketplace root")
        return
    if not context.is_dir(folder):
        found.add(
            MARKETPLACE_ENTRY,
            source.range,
            f"`{text}` is not a folder below the marketplace root (a source is relative to "
            "the marketplace root, not to the marketplace file)",
        )
        return
    strict = entry.get("strict")
    if strict is not None and strict.kind == "bool" and strict.scalar is False:
        return  # the entry itself is the plugin's manifest
    manifests = list(dict.fromkeys(m for _, form in kind.formats for m in form.manifests))
    if not any(context.is_file(posixpath.join(folder, manifest)) for manifest in manifests):
        wanted = " or ".join(f"`{manifest}`" for manifest in manifests)
        found.add(
            MARKETPLACE_ENTRY,
            source.range,
            f"`{text}` holds no {wanted}; the plugin cannot be installed from it (set "
            "`strict: false` when this entry is the plugin's whole manifest)",
        )


def local_source(text: str, marketplace: JsonValue) -> str | None:
    """A local `source` as a POSIX path relative to the marketplace root, or None when it is
    not one the agents read: `./x` (or `.`), or a bare name below `metadata.pluginRoot`."""
    if text in (".", "./") or text.startswith("./"):
        return posixpath.normpath(text)
    metadata = marketplace.get("metadata")
    base = metadata.get("pluginRoot") if metadata is not None else None
    bare = re.fullmatch(r"[A-Za-z0-9][-A-Za-z0-9._]*", text) and ".." not in text
    if base is not None and base.text and bare:
        return posixpath.normpath(posixpath.join(base.text, text))
    return None


def _manifest_folder(kind: ManifestKind) -> str:
    folder = posixpath.dirname(kind.relative)
    return folder + "/" if folder else kind.relative
