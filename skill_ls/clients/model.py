"""The client row: what one agent does with skills, column by column, and where each fact
comes from (`Provenance`). The rows themselves are in `observed.py` and `cited.py`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from skill_ls.clients.fields import SPEC_FIELD_NAMES
from skill_ls.clients.shell_syntax import ShellSyntax

# Variables a user root may start with, and the default each client uses when it is unset
# (`~` is the user's home folder). Workspace discovery expands roots with these.
ROOT_VARIABLES: dict[str, str] = {
    "XDG_CONFIG_HOME": "~/.config",
    "CODEX_HOME": "~/.codex",
}

# Clash rules that pick the winning copy by scope: earlier scopes win; within one scope the
# copy loaded first wins (roots in the order the client lists them). "first-wins" and
# "last-wins" follow the load order (`Client.scope_order`, then roots in order);
# "not-merged" keeps every copy.
CLASH_SCOPE_RANKS: dict[str, tuple[str, ...]] = {
    "project-wins": ("project", "extra", "user", "builtin"),
    "user-wins": ("user", "extra", "project", "builtin"),
}

# Where `Client.hidden_when` reads a flag: a frontmatter key, or `<file>#<dotted.key>` for a
# sidecar file beside SKILL.md.
CODEX_IMPLICIT_INVOCATION = "agents/openai.yaml#policy.allow_implicit_invocation"


@dataclass(frozen=True)
class Provenance:
    """Where a row's facts come from: observed in the client lab (agent and version), or
    cited from a source file or page for agents that cannot run here."""

    kind: str  # "observed" | "cited"
    source: str  # "Claude Code 2.1.328" | a file path in the agent's repository, or a URL

    def describe(self) -> str:
        verb = "observed in" if self.kind == "observed" else "cited from"
        return f"{verb} {self.source}"


# What an agent does with a `` !`command` `` span on activation: "shown" (the text goes
# to the model as written) | "run" (it runs the command in a shell and puts its output in
# place) | "notice" (it puts `MarkupFacts.shell_notice` in place and runs nothing).
ShellHandling = Literal["shown", "run", "notice"]
# How an agent fills argument placeholders in a body on activation (see the column's comment).
ArgumentPlaceholders = Literal["as-written", "claude-code"]


@dataclass(frozen=True)
class MarkupFacts:
    """What reaches the model from comments and `` !`command` `` lines (`clients.markup`)."""

    # A full-line `# ...` comment in the frontmatter reaches the model (the activation
    # sends the whole file).
    frontmatter_comments_reach_model: bool
    # A trailing ` # ...` after a plain `description:` value is part of the description
    # the catalog lists.
    trailing_comment_in_description: bool
    # An HTML comment in the body (own line or end of a line) reaches the model.
    body_html_comments_reach_model: bool
    shell_commands: ShellHandling
    provenance: Provenance
    # Which spans count (`clients.shell_syntax`); None when they are shown as text.
    shell_syntax: ShellSyntax | None = None
    shell_notice: str = ""
    # Scopes whose skills a "notice" agent trusts: it runs their commands instead, once
    # the user approves them.
    shell_trusted_scopes: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Client:
    id: str
    name: str
    # Fields honoured beyond the spec's six.
    extra_fields: frozenset[str]
    # What the client does with a key it does not know: "ignore" | "warn" | "error" (it
    # refuses the skill).
    unknown_fields: str
    # "strict": a YAML error drops the skill. "lenient": retries `key: a: b` as a string.
    yaml: str
    # Project roots, relative to a project folder (searched in this order).
    project_roots: tuple[str, ...]
    # User roots: `~` is $HOME; `$XDG_CONFIG_HOME` and `$CODEX_HOME` are expanded with the
    # client's own defaults (see workspace discovery).
    user_roots: tuple[str, ...]
    # "none": only the project folder; "git-root": also every ancestor up to the git root;
    # "git-root-else-top": the same, or every ancestor up to `/` outside a git repository.
    ancestors: str = "none"
    # Skills may sit in nested folders below a root (SKILL.md ends recursion either way).
    nested: bool = False
    max_depth: int = 1
    # pi: a root-level `*.md` file in a skills root is a skill of its own.
    root_markdown_skills: bool = False
    # Name clash rule: "project-wins" | "user-wins" | "first-wins" | "last-wins" | "not-merged"
    # | "varies" (one copy wins, which one changes from run to run; see `clash_note`)
    clash: str = "project-wins"
    # Scope order for "first-wins"/"last-wins" (which scope is loaded first).
    scope_order: tuple[str, ...] = ("builtin", "user", "extra", "project")
    catalog: str = "available-skills"
    activation: str = "skill-content"
    # A structured view of the catalog the client exposes besides the prompt text (its own
    # JSON; a format id of `render.CATALOG_VIEWS`), or None.
    catalog_view: str | None = None
    # Characters allowed per catalog entry / for the whole catalog (None: no cap known).
    entry_cap: int | None = None
    catalog_budget: int | None = None
    # The client warns but loads when `name` does not match the folder; False: it rejects
    # such a skill (an error), and a mismatch is an error when it is a target.
    lenient_name: bool = True
    has_builtin: bool = False
    # The skill is left out of the model's catalog when one of these (flag, value) pairs
    # holds; a flag is a frontmatter key or a sidecar key (see CODEX_IMPLICIT_INVOCATION).
    hidden_when: tuple[tuple[str, object], ...] = ()
    # False: the walk goes on below a folder holding SKILL.md and loads nested skills too.
    skill_md_ends_walk: bool = True
    # Entries whose name starts with "." are skipped below a root.
    skip_dot_entries: bool = False
    # Keys that are errors for this client, not merely unknown.
    forbidden_fields: frozenset[str] = frozenset()
    notes: str = ""
    provenance: Provenance = Provenance("cited", "the agentskills.io client-implementation guide")
    # What happens when a found skill has the name of one of the client's own built-in
    # skills (skill_ls/data/builtins/<id>.json): "replaced" (the found skill takes its
    # place) | "not-merged" (both are listed).
    builtin_clash: str = "replaced"
    # Each column below was found by observing an agent (clientlab/); its default keeps every
    # other client as it was.

    # --- Discovery: where the client looks, and what it finds there ---
    # The project roots that are also searched in the project's ancestors (see
    # `ancestors`); None: all of them.
    ancestor_roots: tuple[str, ...] | None = None
    # A project root that is also a user root (the home folder is the project or one of
    # its ancestors) is read once, as the user root (in the user scope's place).
    shared_roots_are_user: bool = False
    # Root patterns where `root_markdown_skills` holds (empty: every root).
    root_markdown_roots: tuple[str, ...] = ()
    # Which ignore files (.gitignore, .ignore, .fdignore) the client honours, unless it
    # `loads_ignored`: "project" (from the project folder down) | "root" (only those in
    # the skills root and below it).
    ignore_files_from: str = "project"
    # The client loads skills that an ignore file (.gitignore, ...) covers.
    loads_ignored: bool = False
    # The order the client reads its roots in, across scopes, where a format numbers them
    # (Codex's `### Skill roots` table, `r0`, `r1`, ...): root patterns as in
    # `project_roots`/`user_roots`, the built-ins' folder (as their `location` writes it)
    # and "extra" for the settings' extra roots. Empty: in the order skills are listed.
    root_load_order: tuple[str, ...] = ()

    # --- Reading a file: what makes the client drop it; the name and description it takes ---
    # The frontmatter is read only when `---` starts the file (a byte-order mark or a
    # blank line before it hides the block: no description, so the skill is skipped).
    frontmatter_at_start: bool = False
    # A SKILL.md without frontmatter, or whose frontmatter the client's YAML parser
    # rejects: "skip" it | "ignore" the frontmatter and load it with the fallbacks.
    bad_frontmatter: str = "skip"
    # How the client reads `name` and `description`: "yaml" (the YAML loader, strict or
    # lenient per `yaml`) | "yaml-else-lines" (YAML when it loads and both are strings, else
    # each `name:`/`description:` line as plain text, indented lines continuing a
    # description; the block must open on the file's very first line, and a skill without
    # either is skipped: no folder-name fallback, an empty description is kept).
    field_reader: str = "yaml"
    # A key repeated within one mapping of the frontmatter is a YAML error (the skill is
    # skipped), as in the `yaml` package's default `uniqueKeys`.
    unique_keys: bool = False
    # Frontmatter keys the client reads with a type: (key, "string" | "bool" | "strings",
    # a string or a list of strings). Any other value of the key drops the skill.
    typed_fields: tuple[tuple[str, str], ...] = ()
    # The skill is dropped (not loaded, so it cannot be activated either) when one of these
    # (frontmatter key, value) pairs holds.
    dropped_when: tuple[tuple[str, object], ...] = ()
    # Strings (lower-cased, trimmed) the client reads as true in a boolean flag, besides
    # YAML's own `true` (Claude Code: "1", "true", "yes", "on").
    truthy_strings: frozenset[str] = frozenset()
    # What a skill is keyed by (clashes, activation): "frontmatter" (`name`, else the
    # folder) | "folder" (always the folder; a different `name` is only shown beside it,
    # `folder (name)`, and also accepted on activation).
    name_source: str = "frontmatter"
    # A skill without a `name` string is skipped (no fallback to the folder name).
    name_required: bool = False
    # (regular expression, the rule in words): a skill whose name does not fully match the
    # expression is dropped.
    name_rule: tuple[str, str] | None = None
    # The letters a name may hold: "unicode-lowercase" (the spec and its reference
    # validator: lowercase letters of any script, after NFKC normalisation) | "ascii" (only
    # a-z; a name with other letters is dropped). The `unicodeNames` setting overrides it.
    name_charset: str = "unicode-lowercase"
    # The YAML loader the client reads frontmatter with, as it types plain scalars (an id
    # of `clients.loaders.LOADERS`: "yaml-1.2-core" | "js-yaml" | "js-yaml-3" | "yaml-1.1" |
    # "strictyaml" | "unknown"); findings name a client only when its loader is known.
    yaml_loader: str = "unknown"
    # Characters the client replaces with "-" in a skill's name.
    name_unsafe_chars: str = ""
    # A skill without a (non-blank) description: "skip" it | "body-first-line" (its first
    # non-blank body line, heading marks dropped, over 100 characters cut to 97 + "...").
    description_fallback: str = "skip"
    # A skill without a `description`: "skip" it | "unlisted" (loaded, and activated by
    # name, but left out of the catalog).
    missing_description: str = "skip"
    # An empty or blank `description` still counts: the skill is listed with it.
    blank_description_ok: bool = False
    # A description longer than this many characters drops the skill (None: no limit).
    description_max: int | None = None

    # --- Order and clashes ---
    # Order of the skills found in one root: "path" (relative path, code point order) |
    # "locale" (folder name as JavaScript's `localeCompare` orders it: case-insensitive
    # first, punctuation before digits before letters) | "name-descending" (folder names
    # in descending byte order) | "walk" (depth first, each folder's entries in code point
    # order: a folder's skills before a sibling whose name extends it, "a/x" before "a-b").
    root_order: str = "path"
    # How the catalog orders the skills found: "load" (the load order) | "name-by-source"
    # (by name, in code point order, within each source: the project's roots together are
    # one source, every other root is a source of its own; sources in load order). The
    # load order still decides name clashes.
    list_order: str = "load"
    # The order of skills within a root changes from run to run (the agent lists them as
    # concurrent reads finish); shown beside its catalog. Empty: the order is stable.
    order_note: str = ""
    # True: the copy that wins a name clash (a found skill over a built-in too) is listed
    # where the first copy loaded with that name was (the client keys a JavaScript `Map` by
    # name: setting a name again replaces the value but keeps its place).
    clash_keeps_place: bool = False
    # Why the winner of a name clash varies from run to run (with `clash="varies"`); shown
    # as the reason on every copy of a clashing name.
    clash_note: str = ""
    # Where the client's built-in skills sit in its catalog: "first" | "last" (after the
    # skills it finds).
    builtin_position: str = "first"

    # --- Catalog budget ---
    # The catalog budget as a share of the model's context: `context_window` tokens (the
    # default model's) at `chars_per_token` characters each, times `catalog_share`. When
    # both are set they win over `catalog_budget`; pass another window with
    # `dataclasses.replace(client, context_window=N)`.
    context_window: int | None = None
    chars_per_token: int = 4
    catalog_share: float | None = None

    # --- Activation ---
    # How the client reads SKILL.md when activating it: "normalised" (CRLF read as LF) |
    # "kept" (line ends as written).
    line_ends: str = "normalised"
    # What the client does with argument placeholders in the body on activation: "as-written"
    # (shows them to the model unchanged) | "claude-code" (a textual replacement, code included:
    # `$ARGUMENTS` by the whole argument text, `$ARGUMENTS[N]` and `$N` by word N counted
    # from 0 and left as written past the last word, `$name` by the word at the position of
    # `name` in `arguments` (empty past the last); `ARGUMENTS: <text>` appended when no
    # placeholder was filled; the grammar is `clients/argument_syntax.py`).
    argument_placeholders: ArgumentPlaceholders = "as-written"
    # The client's answer when asked to activate a skill hidden from the model (`{name}` is
    # the skill's name); None: it activates hidden skills like any other.
    hidden_refusal: str | None = None
    # The client's answer when asked to activate a name that two or more of the skills it
    # loads share (`{name}`, `{count}`); None: it activates one of them.
    ambiguous_refusal: str | None = None

    # --- Bundles: skills shipped inside plugins or extensions ---
    # The bundle formats the client installs skills from (a plugin, an extension), each
    # with its manifest, where its skills live and how they are listed; empty: none known.
    bundles: tuple[BundleFormat, ...] = ()

    # --- Upload targets: what a service a skill folder is uploaded to refuses ---
    # Words a `name` may not contain (lower case): the upload refuses such a skill.
    reserved_name_words: tuple[str, ...] = ()
    # Frontmatter keys whose value may not hold an XML tag (`<tag>`, `</tag>`): the upload
    # refuses such a skill.
    xml_tags_refused_in: tuple[str, ...] = ()
    # The most bytes the skill folder's files may take together, uncompressed (None: no
    # limit known); the upload refuses a larger one.
    max_upload_bytes: int | None = None

    # --- Markup: comments and `!`command`` lines (None: not observed) ---
    markup: MarkupFacts | None = None

    def budget(self) -> int | None:
        """Characters the whole catalog may use (None: no budget known)."""
        if self.context_window is not None and self.catalog_share is not None:
            chars = self.context_window * self.chars_per_token * self.catalog_share
            return max(1, math.floor(chars))
        return self.catalog_budget

    @cached_property
    def fields(self) -> frozenset[str]:
        """Every frontmatter key this client honours (asked once per key per check)."""
        return SPEC_FIELD_NAMES | self.extra_fields


@dataclass(frozen=True)
class BundleFormat:
    """How a client installs skills shipped in a bundle (a plugin or an extension): the
    manifest that makes a folder a bundle, where the bundle's skills live, and the name the
    client lists each one under once the bundle is installed. Its facts carry their own
    provenance (a bundle format is often cited where the client's skills were observed)."""

    kind: str  # "plugin" | "extension"
    # Manifest files that make a folder a bundle root, relative to it (the first found).
    manifests: tuple[str, ...]
    provenance: Provenance
    # Keys the manifest must set (the client refuses the bundle without them).
    required_keys: tuple[str, ...] = ("name",)
    # (regular expression, the rule in words) the manifest's `name` must fully match.
    name_rule: tuple[str, str] | None = None
    # (regular expression searched in a plugin's name, the rule in words): names the
    # client's own validator reports as reserved although the client still installs them.
    reserved_names: tuple[str, str] | None = None
    # The folder below the root whose sub-folders are the bundle's skills.
    skills_folder: str = "skills"
    # The manifest key naming further skill folders (`./` paths relative to the root, one
    # or a list), or None when the format has no such key.
    skills_key: str | None = None
    # Files (relative to a marketplace root) that list several bundles with their `source`.
    marketplaces: tuple[str, ...] = ()
    # Keys a marketplace file must set, and the rule its `name` follows (regex, in words).
    marketplace_keys: tuple[str, ...] = ("name", "plugins")
    marketplace_name_rule: tuple[str, str] | None = None
    # How a bundle's skill is listed: `{bundle}` is the manifest's name, `{skill}` the key.
    listed_as: str = "{skill}"
    # What `{skill}` is: "folder" (the skill's folder name) | "name" (its `name`, else its
    # folder name).
    skill_key: str = "name"
    # A regular expression of the characters replaced with "-" in `{skill}`.
    skill_unsafe: str = ""
    # Where the client lists a bundle's skills: "after-builtins" (before the skills it
    # finds) | "after-found" (after them, before built-ins listed last).
    listed: str = "after-found"
    # Variables the client replaces in a bundle's files with the bundle's installed root.
    root_variables: tuple[str, ...] = ()
    # Where installed bundles live, below the user's home.
    installed_under: str = ""
    # How `installed_under` holds them: "folders" (each folder directly below it is one
    # bundle, and every one is loaded: skill-ls lists their skills) | "claude-records"
    # (Claude Code's: `installed_records` gives each plugin's install folder per scope, and
    # the `enabledPlugins` of the settings file `enabled_in` says which plugins load, in its
    # order; skill-ls lists the user-scope ones whose folder is inside `installed_under`,
    # except those of a marketplace that `known_marketplaces` says is a local folder) | ""
    # (a layout of the agent's own, with its install records: not read).
    installed_layout: str = ""
    # For "claude-records": the files read, below the user's home (`~/...`).
    installed_records: str = ""
    enabled_in: str = ""
    known_marketplaces: str = ""
    notes: str = ""

    def describe(self) -> str:
        """The format in words, for `skill-ls clients` and docs/clients.md."""
        manifests = ", ".join(f"`{manifest}`" for manifest in self.manifests)
        needs = ", ".join(f"`{key}`" for key in self.required_keys)
        parts = [f"{self.kind}: a folder with {manifests} (needs {needs})"]
        if self.name_rule is not None:
            parts.append(f"`name`: {self.name_rule[1]}")
        if self.reserved_names is not None:
            parts.append(
                f"reserved names (installed, reported by its validator): {self.reserved_names[1]}"
            )
        skills = f"skills in `{self.skills_folder}/`"
        if self.skills_key:
            skills += f" and the folders the manifest's `{self.skills_key}` names"
        parts.append(skills)
        if self.marketplaces:
            listed = ", ".join(f"`{path}`" for path in self.marketplaces)
            parts.append(f"marketplaces: {listed}")
        key = "the skill's folder name" if self.skill_key == "folder" else "the skill's name"
        if self.skill_unsafe:
            key += f" (characters matching `{self.skill_unsafe}` made `-`)"
        parts.append(f"listed as `{self.listed_as}`, `{{skill}}` being {key}")
        where = (
            "after the built-ins" if self.listed == "after-builtins" else "after the skills found"
        )
        parts.append(f"listed {where}")
        if self.root_variables:
            names = ", ".join(f"`{name}`" for name in self.root_variables)
            parts.append(f"{names}: replaced by the installed root")
        if self.installed_under:
            read = " (not read)"
            if self.installed_layout == "folders":
                read = ""
            elif self.installed_layout == "claude-records":
                read = (
                    f" (read: the user-scope plugins of `{self.installed_records}` that "
                    f"`{self.enabled_in}` enables)"
                )
            parts.append(f"installed under `{self.installed_under}`{read}")
        text = "; ".join(parts) + "."
        if self.notes:
            text += " " + self.notes
        return f"{text} ({self.provenance.describe()})"
