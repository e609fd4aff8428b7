"""Hover and completion in plugin, extension and marketplace manifests: what a key means to
the agents that read the file, and which skills a bundle's name, a skill path or a
marketplace entry brings in, under the names each agent lists them.

The facts are the client rows' bundle formats and the bundle on disk (read only below the
manifest's root); the server only translates the answers into the protocol.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from skill_ls.clients.model import BundleFormat
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Position, Range
from skill_ls.document.json_cursor import cursor_at
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
from skill_ls.workspace.bundles import (
    Bundle,
    ManifestReads,
    bundle_from_document,
    bundle_skills,
    inside_dir,
    listed_bundle,
    skill_folder_names,
)
from skill_ls.workspace.markdown import code

# Skill names shown in one hover line before "and N more"; skill paths described.
SHOWN_NAMES = 8
SHOWN_PATHS = 20
# Folders offered as paths: how deep below the root, and how many at most.
MAX_FOLDER_DEPTH = 3
MAX_FOLDERS = 300
SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__"})

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
# The value a new key starts with ($1: where the cursor goes).
VALUE_SNIPPETS = {
    "plugins": '[{"name": "$1", "source": "./$2"}]',
    "owner": '{"name": "$1"}',
    "source": '"./$1"',
    "strict": "${1:false}",
}


@dataclass(frozen=True)
class ManifestHelp:
    """A hover: Markdown, and the range it is about."""

    text: str
    range: Range


@dataclass(frozen=True)
class ManifestSuggestion:
    """A completion item: `snippet` uses $1 where the cursor goes; `text` is the same
    without placeholders, for clients without snippets."""

    label: str
    kind: str  # "key" | "folder"
    detail: str
    documentation: str
    text: str
    snippet: str
    edit: Range


# --- hover ----------------------------------------------------------------------------------


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


# --- completion -----------------------------------------------------------------------------


def manifest_completions(path: str, text: str, offset: int) -> list[ManifestSuggestion]:
    """Keys the agents read where a key may go, and folder paths in skill paths and plugin
    sources, at the code-point `offset` of the manifest at `path`."""
    kind = manifest_kind(path)
    if kind is None or len(text) > MAX_MANIFEST_BYTES:
        return []
    cursor = cursor_at(text, offset)
    if cursor.place == "none":
        return []
    document = parse_json(text)
    index = document.index
    if cursor.string_start is not None:
        end = offset + 1 if text[offset : offset + 1] == '"' else offset
        key_edit = Range(index.position(cursor.string_start), index.position(end))
        value_edit = Range(index.position(cursor.string_start + 1), index.position(offset))
    else:
        key_edit = value_edit = Range(index.position(offset), index.position(offset))
    root = manifest_root(path, kind)
    if cursor.place == "key":
        present = set(cursor.keys_before) | _keys_at(document, cursor.path)
        return [
            suggestion
            for suggestion in _key_suggestions(kind, cursor.path, key_edit)
            if suggestion.label not in present
        ]
    quoted = cursor.string_start is None
    if kind.role == "bundle":
        keys = {form.skills_key for _, form in kind.formats if form.skills_key}
        if cursor.path and cursor.path[0] in keys and len(cursor.path) <= 2:
            forms = [form for _, form in kind.formats if form.skills_key == cursor.path[0]]
            return list(_skill_folder_suggestions(root, forms[0], value_edit, quoted))
    elif len(cursor.path) == 3 and cursor.path[0] == "plugins" and cursor.path[2] == "source":
        manifests = tuple(dict.fromkeys(m for _, form in kind.formats for m in form.manifests))
        return list(_plugin_folder_suggestions(root, manifests, value_edit, quoted))
    return []


def _keys_at(document: JsonDocument, path: tuple[str | int, ...]) -> set[str]:
    """The keys of the object at `path` when the text parses (so keys after the cursor are
    not offered again)."""
    value = document.root
    for step in path:
        if value is None:
            return set()
        if isinstance(step, int):
            value = value.items[step] if step < len(value.items) else None
        else:
            value = value.get(step)
    return {member.key for member in value.members} if value is not None else set()


def _key_suggestions(
    kind: ManifestKind, path: tuple[str | int, ...], edit: Range
) -> Iterator[ManifestSuggestion]:
    if kind.role == "bundle" and not path:
        yield from _bundle_keys(kind, edit)
    elif kind.role == "marketplace" and not path:
        keys: dict[str, list[Client]] = {}
        for client, form in kind.formats:
            for key in form.marketplace_keys:
                keys.setdefault(key, []).append(client)
        for key, clients in keys.items():
            detail = f"needed by {names(clients)}"
            yield _key(
                key, detail, f"{names(clients)}: a marketplace without `{key}` is refused.", edit
            )
    elif kind.role == "marketplace" and len(path) == 2 and path[0] == "plugins":
        for key, words in ENTRY_KEYS.items():
            yield _key(key, "plugin entry", words, edit)


def _bundle_keys(kind: ManifestKind, edit: Range) -> Iterator[ManifestSuggestion]:
    needed: dict[str, list[Client]] = {}
    paths: dict[str, list[tuple[Client, BundleFormat]]] = {}
    for client, form in kind.formats:
        for key in form.required_keys:
            needed.setdefault(key, []).append(client)
        if form.skills_key:
            paths.setdefault(form.skills_key, []).append((client, form))
    for key, clients in needed.items():
        words = f"{names(clients)}: a {kind.formats[0][1].kind} without `{key}` is refused."
        if key == "name":
            listed = {form.listed_as for _, form in kind.formats if "{bundle}" in form.listed_as}
            if listed:
                words += (
                    " Its skills are listed as "
                    + " or ".join(
                        f"`{pattern.format(bundle='name', skill='skill')}`"
                        for pattern in sorted(listed)
                    )
                    + "."
                )
        yield _key(key, f"needed by {names(clients)}", words, edit)
    for key, pairs in paths.items():
        form = pairs[0][1]
        words = (
            f"{names(c for c, _ in pairs)}: more skill folders besides `{form.skills_folder}/`, "
            f"as `./` paths from the {form.kind} root (one or a list)."
        )
        yield _key(key, "skill folders", words, edit, snippet='["./$1"]')


def _key(
    key: str, detail: str, documentation: str, edit: Range, snippet: str | None = None
) -> ManifestSuggestion:
    value = snippet or VALUE_SNIPPETS.get(key, '"$1"')
    plain = value.replace("${1:false}", "false")
    for placeholder in ("$1", "$2"):
        plain = plain.replace(placeholder, "")
    return ManifestSuggestion(
        label=key,
        kind="key",
        detail=detail,
        documentation=documentation,
        text=f'"{key}": {plain}',
        snippet=f'"{key}": {value}',
        edit=edit,
    )


def _skill_folder_suggestions(
    root: str, form: BundleFormat, edit: Range, quoted: bool
) -> Iterator[ManifestSuggestion]:
    """Folders below the bundle root holding skills (a skill folder, or folders of them);
    the default skills folder is left out (it is read without being named)."""
    default = os.path.join(root, form.skills_folder)
    for folder in _folders(root):
        if folder == default:
            continue
        count = _skills_in(folder, root)
        if count == 0:
            continue
        detail = "a skill" if count < 0 else f"{count} skill{'s' if count != 1 else ''}"
        yield _folder(root, folder, detail, edit, quoted)


def _plugin_folder_suggestions(
    root: str, manifests: tuple[str, ...], edit: Range, quoted: bool
) -> Iterator[ManifestSuggestion]:
    """Folders below the marketplace root holding a plugin manifest."""
    for folder in _folders(root):
        manifest = next((m for m in manifests if os.path.isfile(os.path.join(folder, m))), None)
        if manifest is not None:
            yield _folder(root, folder, f"a plugin ({manifest})", edit, quoted)


def _folder(root: str, folder: str, detail: str, edit: Range, quoted: bool) -> ManifestSuggestion:
    relative = "./" + _relative(folder, root)
    text = f'"{relative}"' if quoted else relative
    return ManifestSuggestion(relative, "folder", detail, "", text, text, edit)


def _folders(root: str) -> Iterator[str]:
    """Folders below `root` (not hidden, not through links), breadth first, bounded."""
    queue = [(root, 0)]
    given = 0
    while queue:
        folder, depth = queue.pop(0)
        if depth >= MAX_FOLDER_DEPTH:
            continue
        try:
            with os.scandir(folder) as entries:
                found = sorted(
                    entry.path
                    for entry in entries
                    if entry.is_dir(follow_symlinks=False)
                    and not entry.name.startswith(".")
                    and entry.name not in SKIPPED_FOLDERS
                )
        except OSError:
            continue
        for path in found:
            if given >= MAX_FOLDERS:
                return
            given += 1
            yield path
            queue.append((path, depth + 1))


def _skills_in(folder: str, root: str) -> int:
    """-1: the folder is a skill; else how many of its sub-folders are skills (as a bundle
    with that skill path lists them)."""
    if os.path.isfile(os.path.join(folder, "SKILL.md")):
        return -1
    return len(skill_folder_names(folder, root))


def _relative(folder: str, root: str) -> str:
    return os.path.relpath(folder, root).replace(os.sep, "/")


def _some(items: list[str]) -> str:
    shown = ", ".join(code(item) for item in items[:SHOWN_NAMES])
    more = len(items) - SHOWN_NAMES
    return f"{shown} and {more} more" if more > 0 else shown
