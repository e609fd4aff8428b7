"""What a check knows besides the document: folder, clients, files on disk, settings."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls import access_log
from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, Client, clients_for_path
from skill_ls.document.manifest_json import JsonValue, read_manifest
from skill_ls.files import is_within
from skill_ls.settings import Settings

_SKIPPED = frozenset({".git", "node_modules", "__pycache__"})

# Skill paths read from one manifest's skills key (a hostile list costs a bounded walk; the
# check of the key itself, SKL603, still looks at every entry).
MAX_SKILL_PATHS = 500


@dataclass(frozen=True)
class CheckContext:
    settings: Settings = field(default_factory=Settings)
    # The skill folder's name (None: unknown, e.g. an untitled buffer).
    folder_name: str | None = None
    # Files under the skill folder, relative POSIX paths ("scripts/run.py"); None: unknown,
    # in which case rules that need the file list stay silent.
    skill_files: frozenset[str] | None = None
    # Folders under the skill folder, relative POSIX paths.
    skill_dirs: frozenset[str] = frozenset()
    # Clients that discover the skill from where it lives.
    discovered_by: tuple[Client, ...] = ()
    # The SKILL.md file name as written on disk (to catch `skill.md`).
    file_name: str | None = None
    # The folders installed together with the skill (None: unknown, e.g. a buffer).
    install: InstallTree | None = None
    # Bytes the listed files take together (their own size: a link counts as a link), added
    # up only when a target limits an upload's size (`Client.max_upload_bytes`); None:
    # not added up. A lower bound when the listing stopped at its cap.
    skill_bytes: int | None = None

    @property
    def audience(self) -> tuple[Client, ...]:
        """The clients a finding is judged against.

        Configured targets win; else the clients that discover the skill from its path;
        else (a skill outside any client's folders, e.g. a collection) every client.
        """
        if self.settings.target_clients:
            return tuple(CLIENTS_BY_ID[c] for c in self.settings.target_clients)
        return self.discovered_by or CLIENTS


@dataclass(frozen=True)
class InstallTree:
    """The folders that are installed together with a skill, so that a reference out of
    the skill folder still resolves where the skill is installed.

    A bundle (a plugin: a folder with `.claude-plugin/plugin.json`; an extension: with
    `gemini-extension.json`; see `BUNDLE_MANIFESTS`) installs whole; a skill in a
    `skills/` collection installs with its sibling skills; a nested skill with the skill
    that holds it. Only paths inside `root` are ever looked up, and only for existence.
    """

    skill_dir: str  # absolute, normalised (symlinks not resolved)
    root: str  # the widest folder installed with the skill (may be `skill_dir`)
    kind: str  # "skill" | "skill tree" | "skills collection" | "plugin" | "extension"
    plugin_root: str | None = None
    # The nearest folder above holding a SKILL.md: this skill is nested in that one.
    parent_skill: str | None = None

    def contains(self, path: str) -> bool:
        """Whether the absolute, normalised `path` is `root` or below it."""
        return is_within(path, self.root)

    def exists(self, path: str) -> bool:
        """Whether `path` (absolute, normalised) exists inside the tree; a path outside it,
        or one that leaves it through a symbolic link, is never looked at."""
        if not self.contains(path):
            return False
        real = os.path.realpath(path)
        return is_within(real, os.path.realpath(self.root)) and os.path.exists(real)

    def describe(self) -> str:
        """The tree in words: "the plugin `x`", "the skills collection `skills`", ..."""
        name = os.path.basename(self.root) or self.root
        if self.kind == "skill":
            return "the skill folder"
        return f"the {self.kind} `{name}`"


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


def bundle_manifest(folder: str) -> tuple[str, str] | None:
    """(kind, manifest path) when `folder` is a bundle root (the first manifest found)."""
    for manifest, kind in BUNDLE_MANIFESTS.items():
        path = os.path.join(folder, manifest)
        if os.path.isfile(path):
            return kind, path
    return None


def _folder_facts(folder: str, known: dict[str, FolderFacts] | None) -> FolderFacts:
    if known is not None and folder in known:
        return known[folder]
    facts = (
        bundle_manifest(folder),
        _has_skill_md(folder),
        os.path.isdir(os.path.join(folder, ".git")),
    )
    if known is not None:
        known[folder] = facts
    return facts


def _has_skill_md(folder: str) -> bool:
    return any(os.path.isfile(os.path.join(folder, name)) for name in ("SKILL.md", "skill.md"))


def context_for_path(
    skill_md: Path,
    settings: Settings,
    list_files: bool = True,
    max_files: int = 2000,
    known: dict[str, FolderFacts] | None = None,
) -> CheckContext:
    """Build a context from the file system around a SKILL.md (stays inside its folder);
    `known` as for `install_tree`."""
    folder = skill_md.parent
    files: set[str] | None = None
    dirs: set[str] = set()
    if list_files:
        files = set()
        files_and_dirs = _walk_skill_folder(folder, max_files)
        if files_and_dirs is None:
            files = None
        else:
            files, dirs = files_and_dirs
    install = install_tree(skill_md, known) if list_files else None
    skill_bytes = None
    if files is not None and any(
        (limits := CLIENTS_BY_ID[c].upload) is not None and limits.max_upload_bytes is not None
        for c in settings.target_clients
        if c in CLIENTS_BY_ID
    ):
        skill_bytes = _total_bytes(folder, files)
    discovered = clients_for_path(str(skill_md))
    if not discovered and install is not None:
        discovered = bundle_clients(install)
    return CheckContext(
        settings=settings,
        folder_name=folder.name,
        skill_files=frozenset(files) if files is not None else None,
        skill_dirs=frozenset(dirs),
        discovered_by=discovered,
        file_name=skill_md.name,
        install=install,
        skill_bytes=skill_bytes,
    )


def _total_bytes(folder: Path, files: set[str]) -> int:
    """The size of the listed files together; each one noted as read by a recorded run, so
    that a replay compares its size too."""
    total = 0
    for relative in files:
        path = os.path.join(folder, relative)
        access_log.note_size(path)
        try:
            total += os.lstat(path).st_size
        except OSError:
            continue
    return total


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


def _walk_skill_folder(folder: Path, max_files: int) -> tuple[set[str], set[str]] | None:
    """Files and folders below a skill folder; symlinked folders are listed, not walked
    (so a link to `/` or a loop costs one entry)."""
    files: set[str] = set()
    dirs: set[str] = set()
    root = str(folder)
    prefix = len(root) + 1
    stack = [root]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as iterator:
                entries = list(iterator)
        except OSError:
            if current == root:
                return None
            continue
        for entry in entries:
            if entry.name in _SKIPPED:
                continue
            relative = entry.path[prefix:].replace(os.sep, "/")
            try:
                if entry.is_dir(follow_symlinks=False):
                    dirs.add(relative)
                    stack.append(entry.path)
                    continue
                if entry.is_symlink() and entry.is_dir():
                    dirs.add(relative)
                    continue
            except OSError:
                continue
            files.add(relative)
            if len(files) + len(dirs) >= max_files:
                return files, dirs
    return files, dirs
