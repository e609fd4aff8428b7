"""The install tree of a skill, read from the names of the folders above it, and the
clients a bundle's manifests make load it."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import CLIENTS, Client
from skill_ls.document.manifest_json import JsonValue, read_manifest
from skill_ls.files import is_within
from skill_ls.rules.context import MAX_SKILL_PATHS, InstallTree

# How far above a skill folder a plugin root or an enclosing skill is looked for.
MAX_INSTALL_LEVELS = 6


# What install_tree learns of one folder: (its bundle manifest, whether it holds a SKILL.md,
# whether it holds `.git`). A run over many skills passes one dict for all of them, so the
# folders they share above them are looked at once.
FolderFacts = tuple[tuple[str, str] | None, bool, bool]


def install_tree(skill_md: Path, known: dict[str, FolderFacts] | None = None) -> InstallTree:
    """The install tree of the skill whose SKILL.md is `skill_md` (looks only at names of
    the folders above it: SKILL.md, a bundle manifest, `.git`).

    `known`: facts of folders already looked at, filled in as more are (for one run: the
    disk is taken as it was when a folder was first looked at)."""
    folder = os.path.normpath(os.path.abspath(skill_md.parent))
    top = folder
    nearest: str | None = None
    plugin: tuple[str, str, str] | None = None
    current = folder
    for _ in range(MAX_INSTALL_LEVELS + 1):
        manifest, has_skill, has_git = _folder_facts(current, known)
        if manifest is not None:
            plugin = (current, *manifest)
            break
        if current != folder and has_skill:
            top = current
            nearest = nearest or current
        parent = os.path.dirname(current)
        if parent == current or has_git:
            break
        current = parent
    if plugin is not None and os.path.dirname(plugin[0]) != plugin[0]:
        return InstallTree(folder, plugin[0], plugin[1], plugin[0], nearest)
    collection = os.path.dirname(top)
    if os.path.basename(collection) == "skills":
        return InstallTree(folder, collection, "skills collection", parent_skill=nearest)
    kind = "skill tree" if top != folder else "skill"
    return InstallTree(folder, top, kind, parent_skill=nearest)


# Every manifest that makes a folder a bundle root for some client (a plugin's
# `.claude-plugin/plugin.json`, a Gemini CLI extension's `gemini-extension.json`, ...), with
# its kind: the client rows' `bundles` column, in table order.
BUNDLE_MANIFESTS: dict[str, str] = {
    manifest: form.kind
    for client in CLIENTS
    for form in client.bundles
    for manifest in form.manifests
}


def bundle_manifest(folder: str, names: frozenset[str] | None = None) -> tuple[str, str] | None:
    """(kind, manifest path) when `folder` is a bundle root (the first manifest found).
    `names`: the folder's entries, lower-cased, when they were listed (a manifest whose
    first part is not among them is not looked for)."""
    for manifest, kind in BUNDLE_MANIFESTS.items():
        if names is not None and _first_part(manifest) not in names:
            continue
        path = os.path.join(folder, manifest)
        if os.path.isfile(path):
            return kind, path
    return None


def _first_part(relative: str) -> str:
    return relative.split("/", 1)[0].lower()


# The entries a folder's facts turn on (lower-cased: on a file system that ignores case,
# `os.path.isfile` finds `Skill.MD` as `SKILL.md`, so any spelling is looked at).
_TELLING = frozenset(
    {"skill.md", ".git", *(_first_part(manifest) for manifest in BUNDLE_MANIFESTS)}
)


def _folder_facts(folder: str, known: dict[str, FolderFacts] | None) -> FolderFacts:
    if known is not None and folder in known:
        return known[folder]
    # One listing instead of a look for each name: most folders hold none of them.
    try:
        names: frozenset[str] | None = frozenset(
            lowered for name in os.listdir(folder) if (lowered := name.lower()) in _TELLING
        )
    except OSError:
        names = None  # not listable: each name is looked for, as it always was
    facts = (
        bundle_manifest(folder, names),
        (names is None or "skill.md" in names) and _has_skill_md(folder),
        (names is None or ".git" in names) and os.path.isdir(os.path.join(folder, ".git")),
    )
    if known is not None:
        known[folder] = facts
    return facts


def _has_skill_md(folder: str) -> bool:
    return any(os.path.isfile(os.path.join(folder, name)) for name in ("SKILL.md", "skill.md"))


def form_manifest(root: str, form: BundleFormat) -> str | None:
    """The first of `form`'s manifests that `root` holds, as a path; None when none."""
    for relative in form.manifests:
        path = os.path.join(root, relative)
        if os.path.isfile(path):
            return path
    return None


def bundle_clients(install: InstallTree) -> tuple[Client, ...]:
    """The clients that load the skill once its bundle is installed: those whose bundle
    format the bundle root has a manifest of, when the skill sits in that format's skills
    folder (`<root>/skills/<folder>/SKILL.md`). A skill of a plugin is judged for the agents
    that install the plugin, not for every agent."""
    root = install.plugin_root
    if root is None:
        return ()
    holder = os.path.dirname(install.skill_dir)
    found: list[Client] = []
    for client in CLIENTS:
        for form in client.bundles:
            manifest = form_manifest(root, form)
            if manifest is None:
                continue
            folders = {os.path.join(root, form.skills_folder)}
            if form.skills_key:
                document = read_manifest(manifest)
                top = document.root if document is not None else None
                if top is not None and top.kind == "object":
                    folders.update(manifest_skill_paths(top.get(form.skills_key), root))
            if holder in folders or install.skill_dir in folders:
                found.append(client)
                break
    return tuple(found)


def manifest_skill_paths(value: JsonValue | None, root: str) -> list[str]:
    """The folders a manifest's skills key (`value`: one `./` path or a list) names inside
    `root`, normalised, in order, from its first `MAX_SKILL_PATHS` entries; other entries
    (not `./` paths, climbing out) are left out (SKL603 reports them)."""
    if value is None:
        return []
    entries = value.items if value.kind == "array" else (value,)
    folders: dict[str, None] = {}
    for entry in entries[:MAX_SKILL_PATHS]:
        text = entry.text
        if text is not None and (text in (".", "./") or text.startswith("./")):
            folder = os.path.normpath(os.path.join(root, text))
            if is_within(folder, root):
                folders.setdefault(folder)
    return list(folders)
