"""The skills a client's view gains from installed bundles: those installed from the
workspace's folders and, where the client's layout is known, those under the user's home
(Gemini CLI's extension folders, Claude Code's install records), placed in the client's
list as it places them."""

from __future__ import annotations

import os
from collections.abc import Sequence

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import Client
from skill_ls.document.manifest_json import JsonValue, read_manifest
from skill_ls.workspace.bundle_contents import (
    Bundle,
    BundleSkill,
    ManifestReads,
    bundle_skills,
    inside_dir,
    read_bundle,
)
from skill_ls.workspace.bundles import MAX_BUNDLES, bundles_from
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_records import LoadedSkill, SkillFacts
from skill_ls.workspace.roots import Environment
from skill_ls.workspace.skill_reading import description_of, hidden, skip_reason


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
    its place when the client keeps places (`Client.clashes.clash_keeps_place`)."""
    builtins = [skill for skill in view if skill.scope == "builtin"]
    found = [skill for skill in view if skill.scope != "builtin"]
    found_names = {skill.name for skill in found}
    if form.listed == "after-builtins":
        leading = [skill for skill in view[: len(builtins)] if skill.scope == "builtin"]
        if client.clashes.clash_keeps_place:
            by_name = {skill.name: skill for skill in found}
            placed = [by_name.get(skill.name, skill) for skill in added]
            rest = [skill for skill in found if skill.name not in {s.name for s in added}]
        else:
            placed = [skill for skill in added if skill.name not in found_names]
            rest = found
        trailing = [skill for skill in builtins if skill not in leading]
        return (*leading, *placed, *rest, *trailing)
    kept = [skill for skill in added if skill.name not in found_names]
    if client.clashes.builtin_position == "last":
        return (*found, *kept, *builtins)
    return (*builtins, *found, *kept)
