"""Skills shipped in bundles (Claude Code plugins and marketplaces, Gemini CLI extensions,
Codex plugins): which bundle a skill belongs to, the name each agent lists it under once the
bundle is installed, and the skills a client's view gains when the bundles in a folder are
installed.

The formats are the client rows' `bundles` column; the bundle root is the install tree's
(`gathering.install.install_tree`), one answer for reference resolution and for naming.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from skill_ls.clients.model import BundleFormat
from skill_ls.clients.table import CLIENTS, Client
from skill_ls.diagnostics import Diagnostic
from skill_ls.document.manifest_json import JsonDocument, JsonValue, read_manifest
from skill_ls.files import is_within
from skill_ls.gathering.install import (
    FolderFacts,
    form_manifest,
    install_tree,
    manifest_skill_paths,
)
from skill_ls.gathering.manifests import manifest_root, on_disk
from skill_ls.rules.manifests import (
    MAX_MARKETPLACE_ENTRIES,
    check_manifest,
    identity_problems,
    local_source,
    manifest_kind,
)
from skill_ls.settings import Settings
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.model import LoadedSkill, SkillFacts
from skill_ls.workspace.order import root_order_key
from skill_ls.workspace.precedence import description_of, hidden, skip_reason
from skill_ls.workspace.roots import Environment

SKILL_FILE = "SKILL.md"
# Bundles a marketplace may list that are read (a hostile file costs a bounded walk); of its
# `plugins` entries, the first `MAX_MARKETPLACE_ENTRIES` are looked at, each folder once.
MAX_BUNDLES = 200
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


def bundle_skills(bundle: Bundle, client: Client) -> list[BundleSkill]:
    """The bundle's skills as `client` lists them, in the order it loads them: each skills
    folder's sub-folders holding a SKILL.md (by name), or the folder itself when it holds one."""
    prefix_name = bundle.name or os.path.basename(bundle.root)
    return [
        _skill(bundle, client, prefix_name, path, direct)
        for path, direct in _skill_files(bundle, client)
    ]


def _skill_files(bundle: Bundle, client: Client) -> Iterator[tuple[str, bool]]:
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


def installed_view(
    client: Client,
    view: Sequence[LoadedSkill],
    folders: Sequence[str],
    environment: Environment | None = None,
) -> tuple[LoadedSkill, ...]:
    """`view` (what the client loads from its own folders, built-ins included) with the
    skills of the bundles installed from `folders` and, with an `environment`, of those
    installed under the user's home where the layout is known (`installed_layout`), where
    the client lists them."""
    reads = ManifestReads()
    for form in client.bundles:
        bundles = [bundle for folder in folders for bundle in bundles_from(folder, form, reads)]
        if environment is not None:
            bundles += installed_bundles(form, environment)
        added: list[LoadedSkill] = []
        seen: set[str] = set()
        for bundle in bundles:
            real = os.path.realpath(bundle.root)
            if real in seen or bundle.refused is not None:
                continue
            seen.add(real)
            for skill in bundle_skills(bundle, client):
                loaded = _loaded(client, skill)
                if loaded is not None:
                    added.append(loaded)
        if added:
            return _merge(client, form, view, _one_per_name(added))
    return tuple(view)


def installed_bundles(form: BundleFormat, environment: Environment) -> list[Bundle]:
    """The bundles installed under the user's home, where the format's layout is known:
    one folder per bundle (Gemini CLI's ~/.gemini/extensions, in the file system's order)
    or Claude Code's install records (in the order its settings enable them)."""
    if not form.installed_under:
        return []
    if form.installed_layout == "folders":
        return _installed_folders(form, environment)
    if form.installed_layout == "claude-records":
        return _recorded_bundles(form, environment)
    return []


def _installed_folders(form: BundleFormat, environment: Environment) -> list[Bundle]:
    base = environment.expand(form.installed_under)
    try:
        with os.scandir(base) as entries:
            names = [entry.name for entry in entries]
    except OSError:
        return []
    found: list[Bundle] = []
    for name in names[:MAX_BUNDLES]:
        # An extension may be a link to the folder it was installed from (`link`).
        bundle = read_bundle(os.path.join(base, name), form)
        if bundle is not None:
            found.append(bundle)
    return found


def _recorded_bundles(form: BundleFormat, environment: Environment) -> list[Bundle]:
    """Claude Code's installed plugins: those its user settings enable (`enabledPlugins`
    set to true, in that order), each at the folder its install records give for the user
    scope. The files are read bounded and trusted for nothing: a damaged or missing one
    means no installed plugin, and an install folder outside `installed_under` (or reached
    through a link out of it) is not read. A plugin of a marketplace that is a local folder
    is loaded by Claude Code from that folder, not from its install copy: not read here."""
    if not form.installed_records or not form.enabled_in:
        return []
    base = environment.expand(form.installed_under)
    records = _json_object(environment.expand(form.installed_records))
    plugins = records.get("plugins") if records is not None else None
    if plugins is None or plugins.kind != "object":
        return []
    local: set[str] = set()
    if form.known_marketplaces:
        local = _local_marketplaces(environment.expand(form.known_marketplaces))
    # Each record by id, once (a key given twice keeps its last value, as `get` does).
    recorded = {member.key: member.value for member in plugins.members}
    found: list[Bundle] = []
    for plugin_id in _enabled_plugins(environment.expand(form.enabled_in))[:MAX_BUNDLES]:
        if plugin_id.rpartition("@")[2] in local:
            continue
        folder = _user_install(recorded.get(plugin_id))
        if folder is None or not os.path.isabs(folder):
            continue
        folder = os.path.normpath(folder)
        if not inside_dir(folder, base):
            continue
        bundle = read_bundle(folder, form)
        if bundle is not None:
            found.append(bundle)
    return found


def _json_object(path: str) -> JsonValue | None:
    """The JSON object in the file at `path` (bounded), or None."""
    document = read_manifest(path)
    if document is None or document.root is None or document.root.kind != "object":
        return None
    return document.root


def _enabled_plugins(settings: str) -> list[str]:
    """The plugin ids (`plugin@marketplace`) the settings file enables, in its order."""
    top = _json_object(settings)
    enabled = top.get("enabledPlugins") if top is not None else None
    if enabled is None or enabled.kind != "object":
        return []
    # A key given twice keeps its first place and its last value (`JSON.parse`).
    values: dict[str, object] = {}
    for member in enabled.members:
        values[member.key] = member.value.scalar if member.value.kind == "bool" else None
    return [key for key, value in values.items() if value is True]


def _user_install(entries: JsonValue | None) -> str | None:
    """The `installPath` of a plugin's user-scope install record, if any."""
    if entries is None or entries.kind != "array":
        return None
    for entry in entries.items:
        if entry.kind != "object":
            continue
        scope = entry.get("scope")
        path = entry.get("installPath")
        if scope is not None and scope.text == "user" and path is not None and path.text:
            return path.text
    return None


def _local_marketplaces(known: str) -> set[str]:
    """The marketplaces whose source is a local folder (`"source": "directory"`)."""
    top = _json_object(known)
    found: set[str] = set()
    for member in top.members if top is not None else ():
        source = member.value.get("source") if member.value.kind == "object" else None
        kind = source.get("source") if source is not None and source.kind == "object" else None
        if kind is not None and kind.text == "directory":
            found.add(member.key)
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
        for path, _ in _skill_files(bundle, client):  # paths only: a pull stats them
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


# --- internals --------------------------------------------------------------------------


def _skill(bundle: Bundle, client: Client, prefix: str, path: str, direct: bool) -> BundleSkill:
    facts = read_facts(path)
    form = bundle.form
    folder = os.path.basename(os.path.dirname(path))
    own = facts.name.strip() if facts.name else None
    if own and own.startswith(f"{prefix}:"):
        own = own[len(prefix) + 1 :]
    # A skills path that is itself a skill is named by its `name`, else its folder.
    name = listed_name(form, prefix, own or folder if direct else folder, own)
    display = None
    if client.name_source == "folder" and own:
        shown = form.listed_as.format(bundle=prefix, skill=own)
        display = shown if shown != name else None
    return BundleSkill(bundle, path, name, display)


def _loaded(client: Client, skill: BundleSkill) -> LoadedSkill | None:
    facts: SkillFacts = read_facts(skill.path)
    if skip_reason(client, facts, skill.name) is not None:
        return None
    bundle = skill.bundle
    relative = os.path.relpath(skill.path, bundle.root).replace(os.sep, "/")
    return LoadedSkill(
        name=skill.name,
        description=description_of(client, facts) or "",
        path=skill.path,
        folder=os.path.dirname(skill.path),
        real_path=os.path.realpath(skill.path),
        scope=bundle.form.kind,
        root=bundle.root,
        relative_path=relative,
        hidden=hidden(client, facts),
        when_to_use=facts.when_to_use,
        display_name=skill.display_name,
        root_pattern=bundle.form.skills_folder,
    )


def _one_per_name(skills: list[LoadedSkill]) -> list[LoadedSkill]:
    """One skill per name: a later bundle's copy replaces an earlier one, in its place (the
    clients load bundles one after another into a map keyed by name)."""
    places: dict[str, int] = {}
    kept: list[LoadedSkill] = []
    for skill in skills:
        if skill.name in places:
            kept[places[skill.name]] = skill
        else:
            places[skill.name] = len(kept)
            kept.append(skill)
    return kept


def _merge(
    client: Client, form: BundleFormat, view: Sequence[LoadedSkill], added: list[LoadedSkill]
) -> tuple[LoadedSkill, ...]:
    """Place the bundles' skills in the client's list. A skill the client found itself
    with the same name replaces a bundle's (bundles load first, so a later copy wins), in
    its place when the client keeps places (`Client.clash_keeps_place`)."""
    builtins = [skill for skill in view if skill.scope == "builtin"]
    found = [skill for skill in view if skill.scope != "builtin"]
    found_names = {skill.name for skill in found}
    if form.listed == "after-builtins":
        leading = [skill for skill in view[: len(builtins)] if skill.scope == "builtin"]
        if client.clash_keeps_place:
            by_name = {skill.name: skill for skill in found}
            placed = [by_name.get(skill.name, skill) for skill in added]
            rest = [skill for skill in found if skill.name not in {s.name for s in added}]
        else:
            placed = [skill for skill in added if skill.name not in found_names]
            rest = found
        trailing = [skill for skill in builtins if skill not in leading]
        return (*leading, *placed, *rest, *trailing)
    kept = [skill for skill in added if skill.name not in found_names]
    if client.builtin_position == "last":
        return (*found, *kept, *builtins)
    return (*builtins, *found, *kept)


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


# --- the manifests a check meets ----------------------------------------------------------


def known_manifests() -> tuple[str, ...]:
    """Every bundle and marketplace manifest path (relative to its root) some client reads."""
    found: dict[str, None] = {}
    for client in CLIENTS:
        for form in client.bundles:
            for relative in (*form.manifests, *form.marketplaces):
                found[relative] = None
    return tuple(found)


def manifests_met(
    paths: Sequence[Path],
    skill_files: Sequence[Path],
    known: dict[str, FolderFacts] | None = None,
) -> list[Path]:
    """The manifests a check of `paths` meets: a manifest named itself, those at the top of
    each folder named, those of the bundles the skills found are installed with, and those
    of the plugins a marketplace met lists with a local source. In that order, once each."""
    found: dict[str, Path] = {}

    def add(path: str) -> None:
        if os.path.isfile(path) and manifest_kind(path) is not None:
            found.setdefault(os.path.normpath(os.path.abspath(path)), Path(path))

    def add_root(folder: str) -> None:
        for relative in known_manifests():
            add(os.path.join(folder, relative))

    for path in paths:
        if path.is_file():
            add(str(path))
        elif path.is_dir():
            add_root(str(path))
    # `known`: what an earlier look at the same folders learnt (a check of these skills).
    if known is None:
        known = {}
    for skill_md in skill_files:
        root = install_tree(skill_md, known).plugin_root
        if root is not None:
            add_root(root)
    for manifest in list(found.values()):
        kind = manifest_kind(str(manifest))
        if kind is None or kind.role != "marketplace":
            continue
        root = manifest_root(str(manifest), kind)
        reads = ManifestReads()
        for _, form in kind.formats:
            for bundle in bundles_from(root, form, reads):
                if bundle.manifest:
                    add(bundle.manifest)
    return list(found.values())


def check_manifest_file(
    path: Path, settings: Settings
) -> tuple[JsonDocument | None, list[Diagnostic]]:
    """Read and check one manifest (SKL6xx); (None, []) when it cannot be read or is not one."""
    kind = manifest_kind(str(path))
    document = read_manifest(str(path))
    if kind is None or document is None:
        return None, []
    root = manifest_root(str(path), kind)
    return document, check_manifest(document, on_disk(root, str(path), document, settings))
