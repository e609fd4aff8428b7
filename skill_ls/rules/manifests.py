"""Bundle manifests: the fields of a plugin's, an extension's or a marketplace's JSON that
decide which skills an agent installs (names, skill paths, plugin sources).

`check_manifest(document, context)` is pure like `rules.check`: what it needs from disk (which
folders and manifests exist, inside the bundle or marketplace only) comes in the
`ManifestContext`. The formats and their rules are the client rows' `bundles` column.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import CLIENTS, Client
from skill_ls.diagnostics import Diagnostic, Range, Severity
from skill_ls.document.manifest_json import JsonDocument, JsonValue
from skill_ls.files import is_within
from skill_ls.rules.context import MAX_SKILL_PATHS
from skill_ls.rules.helpers import names
from skill_ls.rules.registry import Rule, define
from skill_ls.settings import Settings

FAMILY = "manifests"
# Entries of a marketplace's `plugins` that are checked and read (the agents read them all;
# a hostile list of thousands costs one SKL604 finding saying where the bound is).
MAX_MARKETPLACE_ENTRIES = 500

MANIFEST_JSON = define(
    "SKL601",
    "manifest-not-json",
    Severity.ERROR,
    "A plugin, extension or marketplace manifest is not a JSON object",
    "Agents read a bundle's manifest with a JSON parser: a trailing comma, a comment or a "
    "top-level array makes the agent refuse the whole bundle, and every skill in it with it.",
    example='{"name": "tools",}',
    family=FAMILY,
)
BUNDLE_NAME = define(
    "SKL602",
    "bundle-name",
    Severity.ERROR,
    "A plugin or extension manifest lacks a key the agent needs, or its name breaks the "
    "agent's rule",
    "The manifest's `name` is the bundle's identity and, for Claude Code and Codex, the "
    "prefix of every skill it ships (`plugin:skill`). Claude Code refuses a name with "
    "spaces; Gemini CLI allows letters, digits and `-` only and also needs `version`.",
    example='"name": "my tools"',
    family=FAMILY,
)
SKILLS_PATH = define(
    "SKL603",
    "bundle-skills-path",
    Severity.ERROR,
    "A manifest's skill path is not a `./` path, leaves the bundle, or names no folder",
    "Claude Code reads the `skills` key's paths relative to the plugin root and only as "
    "`.` or `./...`; a path that climbs out of the plugin or names nothing loads no skill.",
    example='"skills": ["skills-extra"]',
    family=FAMILY,
)
MARKETPLACE_ENTRY = define(
    "SKL604",
    "marketplace-entry",
    Severity.ERROR,
    "A marketplace lacks a key, or lists a plugin whose name or local source is wrong",
    "A marketplace lists plugins by `name` and `source`; a local source is a `./` path from "
    "the marketplace root (the folder holding `.claude-plugin/`) to a folder with the "
    "plugin's own manifest (unless the entry sets `strict: false`). A wrong entry is a "
    "plugin nobody can install.",
    example='"source": "plugins/tools"',
    family=FAMILY,
)
RESERVED_NAME = define(
    "SKL606",
    "reserved-plugin-name",
    Severity.WARNING,
    "A plugin's name is one the agent's own validator reserves for the agent's maker",
    "`claude plugin validate` reports a plugin named like one of Anthropic's own (`claude-`, "
    "`anthropic-` or `cc-plugin-` in front, `official` beside `claude`) as an error, and the "
    "plugin directory refuses it; Claude Code still installs it from a marketplace.",
    example='"name": "claude-helpers"',
    family=FAMILY,
)
DUPLICATE_PLUGIN = define(
    "SKL605",
    "marketplace-duplicate-plugin",
    Severity.WARNING,
    "Two entries of one marketplace have the same plugin name",
    "Plugins are installed as `name@marketplace`: two entries with one name make the "
    "second unreachable, and which one installs depends on the agent.",
    family=FAMILY,
)


@dataclass(frozen=True)
class ManifestContext:
    """What a manifest check knows besides the text: where the manifest is and which
    folders and files exist below its root (never looked up outside it)."""

    path: str  # the manifest, absolute and normalised
    root: str  # the bundle or marketplace root the manifest's paths are relative to
    settings: Settings = field(default_factory=Settings)
    # Whether an absolute path inside `root` exists as a folder / as a file (tests pass
    # their own; `on_disk` looks at the disk, through no link out of `root`).
    is_dir: Callable[[str], bool] = os.path.isdir
    is_file: Callable[[str], bool] = os.path.isfile


@dataclass(frozen=True)
class ManifestKind:
    """What a manifest file is, and for which clients."""

    role: str  # "bundle" | "marketplace"
    # The manifest's path below its root, e.g. ".claude-plugin/plugin.json".
    relative: str
    formats: tuple[tuple[Client, BundleFormat], ...]

    @property
    def clients(self) -> tuple[Client, ...]:
        return tuple(dict.fromkeys(client for client, _ in self.formats))


def manifest_kind(path: str) -> ManifestKind | None:
    """The kind of manifest at `path` (by its name and folder), or None for other files."""
    posix = "/" + path.replace(os.sep, "/").lstrip("/")
    for role in ("bundle", "marketplace"):
        found: list[tuple[Client, BundleFormat]] = []
        relative = ""
        for client in CLIENTS:
            for form in client.bundles:
                candidates = form.manifests if role == "bundle" else form.marketplaces
                for name in candidates:
                    if posix.endswith("/" + name) and (not relative or relative == name):
                        relative = name
                        found.append((client, form))
        if found:
            return ManifestKind(role, relative, tuple(found))
    return None


def manifest_root(path: str, kind: ManifestKind) -> str:
    """The folder a manifest's paths are relative to (the one holding `.claude-plugin/`)."""
    root = os.path.normpath(os.path.abspath(path))
    for _ in range(kind.relative.count("/") + 1):
        root = os.path.dirname(root)
    return root


def on_disk(root: str, path: str, settings: Settings | None = None) -> ManifestContext:
    """A context that looks at the disk below `root`, through no symbolic link out of it."""
    real_root = os.path.realpath(root)

    def inside(test: Callable[[str], bool]) -> Callable[[str], bool]:
        def probe(target: str) -> bool:
            if not is_within(target, root):
                return False
            real = os.path.realpath(target)
            return is_within(real, real_root) and test(real)

        return probe

    return ManifestContext(
        path=os.path.normpath(os.path.abspath(path)),
        root=root,
        settings=settings or Settings(),
        is_dir=inside(os.path.isdir),
        is_file=inside(os.path.isfile),
    )


def check_manifest(document: JsonDocument, context: ManifestContext) -> list[Diagnostic]:
    """Every finding for one manifest, sorted by position; never raises on user input."""
    kind = manifest_kind(context.path)
    if kind is None:
        return []
    found = _Findings(context.settings)
    root = document.root
    if document.too_large:
        found.add(
            MANIFEST_JSON,
            document.error_range or Range.point(0, 0),
            f"{document.error}: it is not checked, and skill-ls shows none of its skills",
        )
    elif root is None or root.kind != "object":
        where = document.error_range or (root.range if root is not None else Range.point(0, 0))
        why = document.error or "its top level is not an object"
        found.add(
            MANIFEST_JSON,
            where,
            f"{names(kind.clients)} cannot read this manifest: {why}",
        )
    elif kind.role == "bundle":
        _check_bundle(root, kind, context, found)
    else:
        _check_marketplace(root, kind, context, found)
    return sorted(found.items, key=lambda d: (d.range.start, d.code))


class _Findings:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.items: list[Diagnostic] = []

    def add(self, rule: Rule, range_: Range, message: str) -> None:
        if not self.settings.rule_enabled(rule.code):
            return
        severity = self.settings.rules.get(rule.code) or rule.severity
        self.items.append(Diagnostic(rule.code, severity, message, range_))


# --- a plugin's or an extension's manifest ----------------------------------------------


def _check_bundle(
    root: JsonValue, kind: ManifestKind, context: ManifestContext, found: _Findings
) -> None:
    top = Range(root.range.start, root.range.start)
    by_problem: dict[tuple[str, Range], list[Client]] = {}
    for client, form in kind.formats:
        for problem in identity_problems(root, form, top):
            by_problem.setdefault(problem, []).append(client)
    for (message, where), clients in by_problem.items():
        found.add(BUNDLE_NAME, where, _said(clients, message))
    _check_reserved(root.get("name"), kind, found)
    keys = {form.skills_key for _, form in kind.formats if form.skills_key}
    for key in sorted(keys):
        clients = [client for client, form in kind.formats if form.skills_key == key]
        value = root.get(key)
        if value is not None:
            _check_skill_paths(key, value, clients, context, found)


def _check_reserved(name: JsonValue | None, kind: ManifestKind, found: _Findings) -> None:
    """SKL606: a name the clients' own validators reserve, though they install the plugin."""
    if name is None or not name.text:
        return
    by_rule: dict[str, list[Client]] = {}
    for client, form in kind.formats:
        rule = form.reserved_names
        if rule is not None and re.search(rule[0], name.text):
            by_rule.setdefault(rule[1], []).append(client)
    for words, clients in by_rule.items():
        who = names(clients)
        found.add(
            RESERVED_NAME,
            name.range,
            f"{who}'s plugin validator reports the name `{name.text}` as reserved, passing for "
            f"one of its maker's own (a plugin's name {words}); {who} still installs it, "
            "but a plugin directory refuses it",
        )


def identity_problems(root: JsonValue, form: BundleFormat, top: Range) -> list[tuple[str, Range]]:
    """Why a client with `form` refuses the bundle whose manifest is `root` (a missing key,
    a name that breaks its rule), each with where to say it; empty: it takes the bundle."""
    problems: list[tuple[str, Range]] = []
    noun = form.kind
    for key in form.required_keys:
        value = root.get(key)
        if value is None:
            problems.append((f"refuses this {noun}: the manifest has no `{key}`", top))
        elif value.text is None or not value.text.strip():
            problems.append(
                (f"refuses this {noun}: `{key}` must be a non-empty string", value.range)
            )
    name = root.get("name")
    rule = form.name_rule
    if name is not None and name.text and rule is not None and not re.fullmatch(rule[0], name.text):
        problems.append(
            (f"refuses the {noun} name `{name.text}`: it must be {rule[1]}", name.range)
        )
    return problems


def _check_skill_paths(
    key: str,
    value: JsonValue,
    clients: Sequence[Client],
    context: ManifestContext,
    found: _Findings,
) -> None:
    entries = value.items if value.kind == "array" else (value,)
    if len(entries) > MAX_SKILL_PATHS:
        # A bound, said once, instead of a finding per entry of a hostile list.
        found.add(
            SKILLS_PATH,
            value.range,
            f"`{key}` lists {len(entries)} paths; only the first {MAX_SKILL_PATHS} are checked",
        )
    for entry in entries[:MAX_SKILL_PATHS]:
        text = entry.text
        if text is None:
            found.add(
                SKILLS_PATH,
                entry.range,
                _said(clients, f"reads `{key}` as a path or a list of paths"),
            )
            continue
        if text not in (".", "./") and not text.startswith("./"):
            found.add(
                SKILLS_PATH,
                entry.range,
                _said(
                    clients,
                    "takes a skill path only as `.` or `./...` (relative to the plugin "
                    f"root): write `./{text.lstrip('/')}`",
                ),
            )
            continue
        target = os.path.normpath(os.path.join(context.root, text))
        if not is_within(target, context.root):
            found.add(SKILLS_PATH, entry.range, f"`{text}` climbs out of the plugin root")
        elif not context.is_dir(target):
            found.add(
                SKILLS_PATH,
                entry.range,
                f"`{text}` is not a folder in the plugin, so "
                + _said(clients, "loads no skill from it"),
            )


# --- a marketplace ----------------------------------------------------------------------


def _check_marketplace(
    root: JsonValue, kind: ManifestKind, context: ManifestContext, found: _Findings
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
        found.add(MARKETPLACE_ENTRY, where, _said(clients, message))
    plugins = root.get("plugins")
    if plugins is None:
        return
    if plugins.kind != "array":
        found.add(
            MARKETPLACE_ENTRY,
            plugins.range,
            _said(kind.clients, "reads `plugins` as a list of entries"),
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
    found: _Findings,
) -> JsonValue | None:
    """Check one `plugins[]` entry; its `name` value when that is a string."""
    if entry.kind != "object":
        found.add(
            MARKETPLACE_ENTRY,
            entry.range,
            _said(kind.clients, "reads each plugin entry as an object"),
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
                _said(clients, f"refuses the plugin name `{name.text}`: it must be {words}"),
            )
        _check_reserved(name, kind, found)
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
    found: _Findings,
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
    folder = os.path.normpath(os.path.join(context.root, relative))
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
    if not any(context.is_file(os.path.join(folder, manifest)) for manifest in manifests):
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


def _said(clients: Sequence[Client], predicate: str) -> str:
    """ "Claude Code refuses ..." or "Claude Code and OpenAI Codex refuse ...": `predicate`
    starts with a verb in the third person singular ("refuses", "reads")."""
    if len(clients) > 1:
        verb, _, rest = predicate.partition(" ")
        predicate = f"{verb.removesuffix('s')} {rest}"
    return f"{names(clients)} {predicate}"
