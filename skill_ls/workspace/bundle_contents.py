"""One bundle (a Claude Code plugin, a Gemini CLI extension, a Codex plugin) as a client
format reads it: its manifest, the folders its skills are in, and each skill under the name
the client lists it by once the bundle is installed.

The formats are the client rows' `bundles` column; the bundle root is the install tree's
(`rules.context.install_tree`), one answer for reference resolution and for naming.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import Client
from skill_ls.document.manifest_json import JsonDocument, read_manifest
from skill_ls.files import is_within
from skill_ls.gathering.install import (
    form_manifest,
    install_tree,
    manifest_skill_paths,
)
from skill_ls.rules.manifests import (
    identity_problems,
)
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.order import root_order_key
from skill_ls.workspace.skill_reading import as_read

SKILL_FILE = "SKILL.md"
# Skill folders read below one bundle's skills folder.
MAX_SKILLS_PER_FOLDER = 500


@dataclass(frozen=True)
class Bundle:
    """A plugin or extension as one client format reads it."""

    root: str  # absolute, normalised
    manifest: str  # the manifest file read
    form: BundleFormat
    name: str | None  # the manifest's `name` (None: missing, not a string, or unreadable)
    # Folders whose skills the bundle ships: its skills folder, then the manifest's paths.
    skill_folders: tuple[str, ...] = ()
    # Why the client refuses the bundle, as a predicate ("refuses this plugin: ..."): its
    # manifest is not JSON, lacks a key, or its name breaks the client's rule (SKL601/SKL602
    # say so); None: it installs it.
    refused: str | None = None


@dataclass(frozen=True)
class BundleSkill:
    """One skill of a bundle, with the name a client lists it under."""

    bundle: Bundle
    path: str  # its SKILL.md
    name: str  # as the client lists it, e.g. "writing:draft-notes"
    # The skill's own name in the same form, when it differs from `name` (Claude Code keys
    # a plugin's skill by folder and shows `plugin:name` beside it).
    display_name: str | None = None


class ManifestReads:
    """The manifests one question reads, each read and parsed once: a marketplace is read
    by every client format that knows its file, and a plugin's manifest by every format
    that lists the plugin (nothing is kept past the question, so nothing goes stale)."""

    def __init__(self) -> None:
        self._documents: dict[str, JsonDocument | None] = {}

    def __call__(self, path: str) -> JsonDocument | None:
        if path not in self._documents:
            self._documents[path] = read_manifest(path)
        return self._documents[path]


def read_bundle(root: str, form: BundleFormat, reads: ManifestReads | None = None) -> Bundle | None:
    """The bundle at `root` as `form` reads it, or None when `root` has none of its
    manifests. Paths the manifest names are kept only when they stay inside `root`."""
    root = os.path.normpath(os.path.abspath(root))
    manifest = form_manifest(root, form)
    if manifest is None:
        return None
    document = reads(manifest) if reads is not None else read_manifest(manifest)
    return bundle_from_document(root, manifest, form, document)


def bundle_from_document(
    root: str, manifest: str, form: BundleFormat, document: JsonDocument | None
) -> Bundle:
    """The bundle at `root` whose manifest reads as `document` (a file's, or an editor's
    unsaved text); None: the manifest could not be read."""
    top = document.root if document is not None else None
    name_value = top.get("name") if top is not None and top.kind == "object" else None
    name = name_value.text if name_value is not None and name_value.text else None
    folders: dict[str, None] = {}
    default = os.path.join(root, form.skills_folder)
    if inside_dir(default, root):
        folders.setdefault(default)
    if top is not None and top.kind == "object" and form.skills_key:
        for folder in manifest_skill_paths(top.get(form.skills_key), root):
            if folder not in folders and inside_dir(folder, root):
                folders.setdefault(folder)
    refused = None
    if document is not None and document.too_large:
        refused = f"is not judged by skill-ls: {document.error}"
    elif top is None or top.kind != "object":
        refused = f"refuses this {form.kind}: its manifest is not a JSON object"
    else:
        problems = identity_problems(top, form, top.range)
        refused = problems[0][0] if problems else None
    return Bundle(root, manifest, form, name, tuple(folders), refused)


def bundle_of(skill_md: str | Path, form: BundleFormat) -> Bundle | None:
    """The bundle (in `form`) that the skill at `skill_md` is installed with, if any."""
    tree = install_tree(Path(skill_md))
    if tree.plugin_root is None:
        return None
    return read_bundle(tree.plugin_root, form)


def bundle_skills(bundle: Bundle, client: Client) -> list[BundleSkill]:
    """The bundle's skills as `client` lists them, in the order it loads them: each skills
    folder's sub-folders holding a SKILL.md (by name), or the folder itself when it holds one."""
    prefix_name = bundle.name or os.path.basename(bundle.root)
    return [
        _skill(bundle, client, prefix_name, path, direct)
        for path, direct in bundle_skill_files(bundle, client)
    ]


def bundle_skill_files(bundle: Bundle, client: Client) -> Iterator[tuple[str, bool]]:
    """(SKILL.md, whether it is a skills folder's own) of each of the bundle's skills, in
    the order `client` loads them, without reading them."""
    for folder in bundle.skill_folders:
        own = os.path.join(folder, SKILL_FILE)
        if os.path.isfile(own):
            yield own, True
            continue
        names = skill_folder_names(folder, bundle.root)
        # In the order the client lists one root's skills (Claude Code: `localeCompare`).
        names.sort(key=lambda name: root_order_key(client, f"{name}/{SKILL_FILE}"))
        for name in names:
            yield os.path.join(folder, name, SKILL_FILE), False


def bundle_skill_at(bundle: Bundle, client: Client, path: str) -> BundleSkill | None:
    """The skill at `path` as `client` lists it when `bundle_skills` would list it, found
    without reading the bundle's other skills (a code lens asks on every edit)."""
    real = os.path.realpath(path)
    prefix_name = bundle.name or os.path.basename(bundle.root)
    for folder in bundle.skill_folders:
        own = os.path.join(folder, SKILL_FILE)
        if os.path.isfile(own):
            if os.path.realpath(own) == real:
                return _skill(bundle, client, prefix_name, own, direct=True)
            continue
        name = os.path.basename(os.path.dirname(path))
        candidate = os.path.join(folder, name, SKILL_FILE)
        if (
            not name.startswith(".")
            and inside_dir(os.path.join(folder, name), bundle.root)
            and os.path.isfile(candidate)
            and os.path.realpath(candidate) == real
        ):
            return _skill(bundle, client, prefix_name, candidate, direct=False)
    return None


def listed_name(form: BundleFormat, bundle_name: str, folder: str, name: str | None) -> str:
    """The name a client lists a bundle's skill under (`BundleFormat.listed_as`)."""
    skill = folder if form.skill_key == "folder" else (name or folder)
    if form.skill_unsafe:
        skill = re.sub(form.skill_unsafe, "-", skill)
    return form.listed_as.format(bundle=bundle_name, skill=skill)


def _skill(bundle: Bundle, client: Client, prefix: str, path: str, direct: bool) -> BundleSkill:
    facts = as_read(client, read_facts(path))
    form = bundle.form
    folder = os.path.basename(os.path.dirname(path))
    own = facts.name.strip() if facts.name else None
    if own and own.startswith(f"{prefix}:"):
        own = own[len(prefix) + 1 :]
    # A skills path that is itself a skill is named by its `name`, else its folder.
    name = listed_name(form, prefix, own or folder if direct else folder, own)
    display = None
    if client.reading.name_source == "folder" and own:
        shown = form.listed_as.format(bundle=prefix, skill=own)
        display = shown if shown != name else None
    return BundleSkill(bundle, path, name, display)


def inside_dir(folder: str, root: str) -> bool:
    """A folder inside `root`, not reached through a link out of it."""
    if not is_within(folder, root):
        return False
    real = os.path.realpath(folder)
    return is_within(real, os.path.realpath(root)) and os.path.isdir(real)


def skill_folder_names(folder: str, root: str) -> list[str]:
    """Sub-folders (or links to folders inside the bundle) holding a SKILL.md; names
    starting with "." are left out."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries if not entry.name.startswith("."))
    except OSError:
        return []
    found: list[str] = []
    for name in names[:MAX_SKILLS_PER_FOLDER]:
        path = os.path.join(folder, name)
        if inside_dir(path, root) and os.path.isfile(os.path.join(path, SKILL_FILE)):
            found.append(name)
    return found
