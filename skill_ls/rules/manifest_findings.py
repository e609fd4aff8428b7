"""What the bundle-manifest checks share: their rules, the context and kind of a manifest,
the findings they collect and how they name the clients."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.table import Client
from skill_ls.diagnostics import Diagnostic, Range, Severity
from skill_ls.document.manifest_json import JsonValue
from skill_ls.rules.answers import Answers
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
    # Which absolute paths inside `root` exist as folders / as files, gathered before the
    # check (`gathering.manifests.on_disk`, through no link out of `root`); tests give
    # their own. A path not among them does not exist.
    answers: Answers = field(default_factory=Answers)

    def is_dir(self, path: str) -> bool:
        return self.answers.is_dir(path)

    def is_file(self, path: str) -> bool:
        return self.answers.is_file(path)


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


class Findings:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.items: list[Diagnostic] = []

    def add(self, rule: Rule, range_: Range, message: str) -> None:
        if not self.settings.rule_enabled(rule.code):
            return
        severity = self.settings.rules.get(rule.code) or rule.severity
        self.items.append(Diagnostic(rule.code, severity, message, range_))


def check_reserved(name: JsonValue | None, kind: ManifestKind, found: Findings) -> None:
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


def said(clients: Sequence[Client], predicate: str) -> str:
    """ "Claude Code refuses ..." or "Claude Code and OpenAI Codex refuse ...": `predicate`
    starts with a verb in the third person singular ("refuses", "reads")."""
    if len(clients) > 1:
        verb, _, rest = predicate.partition(" ")
        predicate = f"{verb.removesuffix('s')} {rest}"
    return f"{names(clients)} {predicate}"
