"""Completion in plugin, extension and marketplace manifests: the keys the agents that read
the file need where a key may go, and folders below the manifest's root in skill paths and
plugin sources (read only below that root, bounded).

The facts are the client rows' bundle formats; the server only translates the answers into
the protocol.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Range
from skill_ls.document.json_cursor import cursor_at
from skill_ls.document.manifest_json import MAX_MANIFEST_BYTES, JsonDocument, parse_json
from skill_ls.gathering.manifests import manifest_root
from skill_ls.rules.helpers import names
from skill_ls.rules.manifests import ManifestKind, manifest_kind
from skill_ls.server.editor_text.manifest_hover import ENTRY_KEYS
from skill_ls.workspace.bundle_contents import skill_folder_names

# Folders offered as paths: how deep below the root, and how many at most.
MAX_FOLDER_DEPTH = 3
MAX_FOLDERS = 300
SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__"})


# The value a new key starts with ($1: where the cursor goes).
VALUE_SNIPPETS = {
    "plugins": '[{"name": "$1", "source": "./$2"}]',
    "owner": '{"name": "$1"}',
    "source": '"./$1"',
    "strict": "${1:false}",
}


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
    relative = "./" + os.path.relpath(folder, root).replace(os.sep, "/")
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
