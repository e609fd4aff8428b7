"""Skills shipped in bundles (Claude Code plugins and marketplaces, Gemini CLI extensions,
Codex plugins) in the workspace: the bundles a folder installs (itself, and the plugins its
marketplaces list with a local source), and what each client does with their skills.

One bundle and its skills are `bundle_contents.py`'s; what installed bundles add to a
client's view, `installed_bundles.py`'s; the manifests a check meets, `checked_manifests.py`'s.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import Client
from skill_ls.document.manifest_json import JsonValue
from skill_ls.files import is_within
from skill_ls.rules.manifests import (
    MAX_MARKETPLACE_ENTRIES,
    local_source,
)
from skill_ls.workspace.bundle_contents import (
    Bundle,
    BundleSkill,
    ManifestReads,
    bundle_skill_files,
    bundle_skills,
    inside_dir,
    read_bundle,
)
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_records import SkillFacts
from skill_ls.workspace.skill_reading import hidden, skip_reason

# Bundles a marketplace may list that are read (a hostile file costs a bounded walk); of its
# `plugins` entries, the first `MAX_MARKETPLACE_ENTRIES` are looked at, each folder once.
MAX_BUNDLES = 200


def bundles_from(
    folder: str | Path, form: BundleFormat, reads: ManifestReads | None = None
) -> list[Bundle]:
    """The bundles installed from `folder`: the folder itself when it is a bundle root, and
    each bundle its marketplace files list with a local source, in the order listed.

    Bounded by entries, not only by bundles: of a marketplace's `plugins`, the first
    `MAX_MARKETPLACE_ENTRIES` are looked at (SKL604 says when there are more), entries that
    name the same plugin folder the same way are one (in linear time, before any folder is
    read), and at most `MAX_BUNDLES` bundles are read."""
    read = reads if reads is not None else ManifestReads()
    root = os.path.normpath(os.path.abspath(str(folder)))
    found: list[Bundle] = []
    roots: set[str] = set()
    own = read_bundle(root, form, read)
    if own is not None:
        found.append(own)
        roots.add(own.root)
    for relative in form.marketplaces:
        document = read(os.path.join(root, relative))
        if document is None or document.root is None or document.root.kind != "object":
            continue
        marketplace = document.root
        plugins = marketplace.get("plugins")
        entries = plugins.items[:MAX_MARKETPLACE_ENTRIES] if plugins is not None else ()
        asked: set[tuple[str, bool, str | None]] = set()
        for entry in entries:
            listed = _listed_folder(entry, marketplace, root)
            if listed is None or listed in asked:
                continue  # names no local plugin, or one an earlier entry named the same way
            asked.add(listed)
            if len(found) >= MAX_BUNDLES:
                break
            bundle = listed_bundle(entry, marketplace, root, form, read)
            if bundle is not None and bundle.root not in roots:
                roots.add(bundle.root)
                found.append(bundle)
    return found


@dataclass(frozen=True)
class BundlePlacement:
    """What one client does with one skill of a bundle in the workspace, once the bundle is
    installed: `status` is a `Status` value ("loaded", "hidden-from-model", "skipped")."""

    client: Client
    skill: BundleSkill
    status: str
    reason: str = ""  # why it is skipped (or the bundle refused); "" when loaded


def bundle_placements(folders: Sequence[str], clients: Sequence[Client]) -> list[BundlePlacement]:
    """The skills of the bundles in `folders` (a folder that is a bundle, and the bundles
    its marketplaces list), for each of `clients` that installs them, in the clients'
    order and each bundle's loading order."""
    found: list[BundlePlacement] = []
    for client, bundle, skill in _workspace_bundle_skills(folders, clients):
        if bundle.refused is not None:
            status, why = "skipped", bundle.refused
        else:
            status, why = judged(client, skill, read_facts(skill.path))
        found.append(BundlePlacement(client, skill, status, why))
    return found


def bundle_skill_paths(folders: Sequence[str], clients: Sequence[Client]) -> list[str]:
    """The SKILL.md files of the bundles in `folders` that any of `clients` installs, once
    each (by real path), in order."""
    found: dict[str, str] = {}
    for client, bundle in _workspace_bundles(folders, clients):
        for path, _ in bundle_skill_files(bundle, client):  # paths only: a pull stats them
            found.setdefault(os.path.realpath(path), path)
    return list(found.values())


def judged(client: Client, skill: BundleSkill, facts: SkillFacts) -> tuple[str, str]:
    """(status, why) of a skill of a bundle the client installs: "skipped" and why,
    "hidden-from-model" or "loaded"; `facts` may come from an editor's buffer."""
    why = skip_reason(client, facts, skill.name)
    if why is not None:
        return "skipped", why
    if hidden(client, facts):
        return "hidden-from-model", ""
    return "loaded", ""


def _workspace_bundle_skills(
    folders: Sequence[str], clients: Sequence[Client]
) -> Iterator[tuple[Client, Bundle, BundleSkill]]:
    """Each (client, bundle, skill) of the bundles in `folders`."""
    for client, bundle in _workspace_bundles(folders, clients):
        for skill in bundle_skills(bundle, client):
            yield client, bundle, skill


def _workspace_bundles(
    folders: Sequence[str], clients: Sequence[Client]
) -> Iterator[tuple[Client, Bundle]]:
    """Each (client, bundle) of the bundles in `folders`, a bundle once per client format
    however many folders lead to it."""
    reads = ManifestReads()
    for client in clients:
        for form in client.bundles:
            seen: set[str] = set()
            for folder in folders:
                for bundle in bundles_from(folder, form, reads):
                    real = os.path.realpath(bundle.root)
                    if real not in seen:
                        seen.add(real)
                        yield client, bundle


# --- marketplace entries ---------------------------------------------------------------


def listed_bundle(
    entry: JsonValue,
    marketplace: JsonValue,
    root: str,
    form: BundleFormat,
    reads: ManifestReads | None = None,
) -> Bundle | None:
    """The bundle a marketplace entry names with a local source inside `root`, if any."""
    listed = _listed_folder(entry, marketplace, root)
    if listed is None:
        return None
    folder = listed[0]
    if not inside_dir(folder, root):
        return None
    bundle = read_bundle(folder, form, reads)
    if bundle is None:
        strict = entry.get("strict")
        if strict is None or strict.scalar is not False:
            return None
        # `strict: false`: the entry is the plugin's manifest.
        name = entry.get("name")
        default = os.path.join(folder, form.skills_folder)
        folders = (default,) if inside_dir(default, root) else ()
        return Bundle(folder, "", form, name.text if name else None, folders)
    return bundle


def _listed_folder(
    entry: JsonValue, marketplace: JsonValue, root: str
) -> tuple[str, bool, str | None] | None:
    """What of a marketplace entry decides its bundle, read from the text alone: the
    folder its local source names (normalised, below `root` by name), whether the entry
    is its plugin's manifest (`strict: false`) and then its `name`; None: no local source.
    Two entries with the same answer name the same bundle."""
    if entry.kind != "object":
        return None
    source = entry.get("source")
    relative = local_source(source.text, marketplace) if source and source.text else None
    if relative is None:
        return None
    folder = os.path.normpath(os.path.join(root, relative))
    if not is_within(folder, root):
        return None
    strict = entry.get("strict")
    if strict is None or strict.scalar is not False:
        return folder, False, None
    name = entry.get("name")
    return folder, True, name.text if name is not None else None
