"""Hover in plugin, extension and marketplace manifests: what a key means to the agents that
read the file, and which skills a bundle's name, a skill path or a marketplace entry brings
in, under the names each agent lists them (completion is `manifest_completion.py`'s).

The facts are the client rows' bundle formats and the bundle on disk (read only below the
manifest's root); the server only translates the answers into the protocol.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Position, Range
from skill_ls.document.manifest_json import (
    MAX_MANIFEST_BYTES,
    JsonDocument,
    JsonMember,
    JsonValue,
    parse_json,
)
from skill_ls.gathering.manifests import manifest_root
from skill_ls.rules.helpers import names
from skill_ls.rules.manifests import (
    MAX_MARKETPLACE_ENTRIES,
    ManifestKind,
    manifest_kind,
)
from skill_ls.workspace.bundle_contents import (
    Bundle,
    ManifestReads,
    bundle_from_document,
    bundle_skills,
    inside_dir,
)
from skill_ls.workspace.bundles import listed_bundle
from skill_ls.workspace.markdown import code

# Skill names shown in one hover line before "and N more"; skill paths described.
SHOWN_NAMES = 8
SHOWN_PATHS = 20

# A marketplace's plugin entry: the keys the agents read (SKL604 checks them).
ENTRY_KEYS = {
    "name": "The plugin's name: it installs as `name@marketplace`.",
    "source": (
        "Where the plugin is: a `./` path from the marketplace root (the folder holding the "
        "marketplace's folder), or an object naming a remote source."
    ),
    "strict": (
        "`false`: this entry is the plugin's whole manifest (its folder needs no manifest "
        "of its own)."
    ),
}


@dataclass(frozen=True)
class ManifestHelp:
    """A hover: Markdown, and the range it is about."""

    text: str
    range: Range


def manifest_hover(path: str, text: str, position: Position) -> ManifestHelp | None:
    """What the key or value at `position` of the manifest at `path` means to the agents that
    read it, or None where there is nothing to say (or the text is not JSON)."""
    kind = manifest_kind(path)
    if kind is None or len(text) > MAX_MANIFEST_BYTES:
        return None  # a manifest that big is refused anyway: no walk over it per request
    document = parse_json(text)
    if document.root is None or document.root.kind != "object":
        return None
    found = _at(document.root, position, ())
    if found is None:
        return None
    where, member, value = found
    root = manifest_root(path, kind)
    context = _Context(path, root, kind, document)
    lines = (
        _bundle_hover(context, where, value)
        if kind.role == "bundle"
        else _marketplace_hover(context, where, value)
    )
    if not lines:
        return None
    span = member.key_range if member is not None and member.key_range.contains(position) else None
    return ManifestHelp("\n".join(lines), span or value.range)


@dataclass(frozen=True)
class _Context:
    path: str
    root: str
    kind: ManifestKind
    document: JsonDocument


def _at(
    value: JsonValue, position: Position, path: tuple[str | int, ...]
) -> tuple[tuple[str | int, ...], JsonMember | None, JsonValue] | None:
    """The innermost member or item at `position`: its path, its member (None for an array
    item) and its value."""
    for member in value.members:
        if member.key_range.contains(position):
            return (*path, member.key), member, member.value
        if member.value.range.contains(position):
            deeper = _at(member.value, position, (*path, member.key))
            return deeper or ((*path, member.key), member, member.value)
    for index, item in enumerate(value.items):
        if item.range.contains(position):
            deeper = _at(item, position, (*path, index))
            return deeper or ((*path, index), None, item)
    return None


def _bundle_hover(context: _Context, where: tuple[str | int, ...], value: JsonValue) -> list[str]:
    key = where[0]
    formats = context.kind.formats
    if key == "name" and len(where) == 1:
        noun = formats[0][1].kind
        shown = f", {code(value.text)}" if value.text else ""
        lines = [f"**`name`**: the {noun}'s name{shown}" if value.text else "**`name`**"]
        lines += ["", *_listing_lines(context, formats)]
        return lines
    skills_formats = [(client, form) for client, form in formats if form.skills_key == key]
    if skills_formats:
        form = skills_formats[0][1]
        clients = [client for client, _ in skills_formats]
        if len(where) == 1 and value.kind != "string":
            head = (
                f"**`{key}`**: more skill folders for {names(clients)}, besides "
                f"`{form.skills_folder}/`: `./` paths from the {form.kind} root, one or a list."
            )
            return [head, "", *_folder_lines(context, skills_formats, value)]
        return _folder_lines(context, skills_formats, value)
    needed = [(client, form) for client, form in formats if key in form.required_keys]
    if needed and len(where) == 1:
        return [f"**`{key}`**: {_refused_without(needed[0][1].kind, [c for c, _ in needed])}"]
    return []


def _refused_without(noun: str, clients: list[Client]) -> str:
    verb = "refuses" if len(clients) == 1 else "refuse"
    return f"{names(clients)} {verb} the {noun} without it."


def _listing_lines(
    context: _Context, formats: tuple[tuple[Client, BundleFormat], ...]
) -> list[str]:
    """Per client: the names it lists this bundle's skills under once installed, or why it
    refuses the bundle. Clients with the same answer share a line."""
    said: dict[str, list[Client]] = {}
    for client, form in formats:
        bundle = bundle_from_document(context.root, context.path, form, context.document)
        said.setdefault(_listing(bundle, client), []).append(client)
    return [f"- {names(clients)}: {text}" for text, clients in said.items()]


def _listing(bundle: Bundle, client: Client) -> str:
    if bundle.refused is not None:
        return bundle.refused
    listed = [skill.name for skill in bundle_skills(bundle, client)]
    if not listed:
        folders = ", ".join(code(f"{_relative(f, bundle.root)}/") for f in bundle.skill_folders)
        return f"no skills yet (it reads {folders or 'no skill folder'})"
    return f"lists its skills as {_some(listed)}"


def _folder_lines(
    context: _Context, formats: list[tuple[Client, BundleFormat]], value: JsonValue
) -> list[str]:
    """For a skill path (or a list of them): which skills each client loads from it."""
    entries = value.items if value.kind == "array" else (value,)
    lines: list[str] = []
    for entry in entries[:SHOWN_PATHS]:
        text = entry.text
        if text is None:
            continue
        said: dict[str, list[Client]] = {}
        for client, form in formats:
            said.setdefault(_path_listing(context, form, client, text), []).append(client)
        for words, clients in said.items():
            lines.append(f"- {code(text)}: {names(clients)} {words}")
    if len(entries) > SHOWN_PATHS:
        lines.append(f"- and {len(entries) - SHOWN_PATHS} more paths")
    return lines


def _path_listing(context: _Context, form: BundleFormat, client: Client, text: str) -> str:
    if text not in (".", "./") and not text.startswith("./"):
        return "reads no skill from it (a skill path is `.` or `./...`)"
    folder = os.path.normpath(os.path.join(context.root, text))
    if not inside_dir(folder, context.root):  # nothing outside the bundle is read
        return "reads no skill from it (no such folder in the bundle)"
    whole = bundle_from_document(context.root, context.path, form, context.document)
    only = Bundle(whole.root, whole.manifest, form, whole.name, (folder,), whole.refused)
    listed = [skill.name for skill in bundle_skills(only, client)]
    return f"loads {_some(listed)}" if listed else "finds no skill in it"


def _marketplace_hover(
    context: _Context, where: tuple[str | int, ...], value: JsonValue
) -> list[str]:
    formats = context.kind.formats
    root_value = context.document.root
    assert root_value is not None
    if where[0] == "plugins" and len(where) >= 2 and isinstance(where[1], int):
        plugins = root_value.get("plugins")
        if plugins is None or where[1] >= len(plugins.items):
            return []
        entry = plugins.items[where[1]]
        if len(where) == 3 and isinstance(where[2], str) and where[2] in ENTRY_KEYS:
            head = f"**`{where[2]}`**: {ENTRY_KEYS[where[2]]}"
        else:
            head = "**A plugin of this marketplace**"
        if where[1] >= MAX_MARKETPLACE_ENTRIES:
            # Past the bound the check and the Skills view keep to (SKL604 says so).
            bound = f"skill-ls reads only the first {MAX_MARKETPLACE_ENTRIES} plugin entries"
            return [head, "", f"- {bound}; this is entry {where[1] + 1:,}"]
        return [head, "", *_entry_lines(context, formats, entry)]
    if where == ("name",):
        lines = ["**`name`**: the marketplace's name; its plugins install as `plugin@name`."]
        for client, form in formats:
            if form.marketplace_name_rule is not None:
                lines.append(f"- {client.name}: {form.marketplace_name_rule[1]}")
        return lines
    key = where[0]
    needed = [
        client for client, form in formats if len(where) == 1 and key in form.marketplace_keys
    ]
    if needed:
        return [f"**`{key}`**: {_refused_without('marketplace', needed)}"]
    return []


def _entry_lines(
    context: _Context, formats: tuple[tuple[Client, BundleFormat], ...], entry: JsonValue
) -> list[str]:
    """What installing the plugin an entry names gives each client."""
    root_value = context.document.root
    assert root_value is not None
    said: dict[str, list[Client]] = {}
    reads = ManifestReads()  # the plugin's manifest once, however many formats list it
    for client, form in formats:
        bundle = listed_bundle(entry, root_value, context.root, form, reads)
        if bundle is None:
            source = entry.get("source")
            where = code(source.text) if source is not None and source.text else "its source"
            words = f"finds no plugin at {where} in this repository"
        else:
            words = _listing(bundle, client)
        said.setdefault(words, []).append(client)
    return [f"- {names(clients)}: {words}" for words, clients in said.items()]


def _relative(folder: str, root: str) -> str:
    return os.path.relpath(folder, root).replace(os.sep, "/")


def _some(items: list[str]) -> str:
    shown = ", ".join(code(item) for item in items[:SHOWN_NAMES])
    more = len(items) - SHOWN_NAMES
    return f"{shown} and {more} more" if more > 0 else shown
