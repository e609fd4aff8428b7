"""Clients (agents that load skills) as data: one row each, no client logic elsewhere.

Each row says where its facts come from (`provenance`): observed in the real agent by the
client lab (`clientlab/`, replayed byte for byte by `tests/lab/`), or cited from the
agent's source or documentation where it cannot run here. Where a behaviour is unknown, the
row says so in `notes` and takes the client guide's default.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from skill_ls.clients.fields import SPEC_FIELD_NAMES, YOI_FORBIDDEN_FIELDS

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


@dataclass(frozen=True)
class Client:
    id: str
    name: str
    # Fields honoured beyond the spec's six.
    extra_fields: frozenset[str]
    # What the client does with a key it does not know: "ignore" | "warn" | "error".
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
    # The client warns but loads when `name` does not match the folder.
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
    # The client's answer when asked to activate a skill hidden from the model (`{name}` is
    # the skill's name); None: it activates hidden skills like any other.
    hidden_refusal: str | None = None
    # The client's answer when asked to activate a name that two or more of the skills it
    # loads share (`{name}`, `{count}`); None: it activates one of them.
    ambiguous_refusal: str | None = None

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


CLIENTS: tuple[Client, ...] = (
    Client(
        id="agentskills",
        name="Agent Skills spec",
        extra_fields=frozenset(),
        unknown_fields="warn",
        yaml="lenient",
        project_roots=(".agents/skills",),
        user_roots=("~/.agents/skills",),
        catalog="available-skills",
        activation="skill-content",
        hidden_when=(("disable-model-invocation", True),),
        notes="The agentskills.io specification and its client-implementation guide: "
        "project and user `.agents/skills` (plus the client's own folder); project beats "
        "user, first- or last-found within a scope; a name/folder mismatch warns and "
        "loads; YAML with unquoted colons is retried; disable-model-invocation hides the "
        "skill from <available_skills>. The guide suggests bounding any deeper scan at "
        "4-6 levels but only defines <root>/<name>/SKILL.md; it says nothing about "
        "unknown keys.",
        provenance=Provenance(
            "cited",
            "agentskills/agentskills/docs/client-implementation/integrating-skills.mdx "
            "(scan paths, collisions, lenient validation, <available_skills> catalog, "
            "filtering, activation) and docs/specification.mdx",
        ),
    ),
    Client(
        id="claude-code",
        name="Claude Code",
        extra_fields=frozenset(
            {
                "when_to_use",
                "argument-hint",
                "arguments",
                "disable-model-invocation",
                "user-invocable",
                "disallowed-tools",
                "model",
                "effort",
                "context",
                "agent",
                "background",
                "hooks",
                "paths",
                "shell",
            }
        ),
        unknown_fields="ignore",
        yaml="lenient",
        project_roots=(".claude/skills",),
        user_roots=("~/.claude/skills",),
        # Only the folders directly below a root (or links to folders) are read.
        nested=False,
        max_depth=1,
        # Managed, then user, then project skills are loaded and the first copy of a folder
        # name is kept: user skills win over project skills.
        clash="user-wins",
        scope_order=("user", "extra", "project"),
        catalog="claude-listing",
        activation="claude-base-directory",
        hidden_when=(("disable-model-invocation", True),),
        truthy_strings=frozenset({"1", "true", "yes", "on"}),
        hidden_refusal=(
            "Skill {name} cannot be used with Skill tool due to disable-model-invocation. "
            "Ask the user to run /{name} themselves — it cannot be invoked via the Skill "
            "tool. Do not replicate this skill's workflow by other means — it is reserved "
            "for explicit user invocation."
        ),
        builtin_position="last",
        loads_ignored=True,
        # Its folder name: a skill named otherwise "is not offered".
        name_rule=(
            r"[^\x00-\x1f\x7f-\x9f\u2028\u2029<>]{1,256}",
            "1-256 characters without control characters, < or >",
        ),
        line_ends="kept",
        name_source="folder",
        root_order="locale",
        bad_frontmatter="ignore",
        description_fallback="body-first-line",
        entry_cap=1536,
        # 1% of the context window at 3 characters per token (4 for models up to the 4.6
        # generation); the lab's model had a 1,000,000-token window.
        context_window=1_000_000,
        chars_per_token=3,
        catalog_share=0.01,
        notes=(
            "Managed > personal (user) > project on a clash of folder names. The listing's "
            "budget is 1% of the model's context window; over it, descriptions are dropped "
            "(built-ins keep theirs) and given back in order of the user's past use of each "
            "skill, which skill-ls cannot see: it gives them back in listing order, as a "
            "fresh install does."
        ),
        provenance=Provenance("observed", "Claude Code 2.1.328"),
    ),
    Client(
        id="codex",
        name="OpenAI Codex",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        # serde_yaml, yet an unquoted `key: a: b` loads (as a string); an unclosed quote or
        # a tab indent drops the skill.
        yaml="lenient",
        # Read in this order (Codex's own list): the project's .codex/skills,
        # $CODEX_HOME/skills, ~/.agents/skills, $CODEX_HOME/skills/.system (the built-ins),
        # then .agents/skills from the git root down to the project folder.
        project_roots=(".codex/skills", ".agents/skills"),
        user_roots=("$CODEX_HOME/skills", "~/.agents/skills"),
        root_load_order=(
            ".codex/skills",
            "$CODEX_HOME/skills",
            "~/.agents/skills",
            "$CODEX_HOME/skills/.system",
            "extra",
            ".agents/skills",
        ),
        ancestors="git-root",
        # Every folder below a root, 6 deep, also below a SKILL.md, through symlinks;
        # names starting with "." are skipped; ignore files are not read.
        nested=True,
        max_depth=6,
        skill_md_ends_walk=False,
        skip_dot_entries=True,
        loads_ignored=True,
        # `---` must be the first line (a byte-order mark hides the frontmatter).
        frontmatter_at_start=True,
        # The activation is the file as read, CRLF line ends included.
        line_ends="kept",
        clash="not-merged",
        catalog="codex-instructions",
        activation="codex-skill",
        # 2% of the model's context window, in tokens (a line costs its UTF-8 bytes / 4,
        # rounded up). The lab's model was unknown to Codex, whose fallback model metadata
        # gives a 272,000-token window (5,440 tokens). Without a window: 8,000 characters.
        context_window=272_000,
        chars_per_token=4,
        catalog_share=0.02,
        catalog_budget=8000,
        hidden_when=((CODEX_IMPLICIT_INVOCATION, False),),
        builtin_clash="not-merged",
        ambiguous_refusal=(
            "Codex loads {count} skills named {name} and lists them all, but a `${name}` "
            "mention of an ambiguous name activates none of them"
        ),
        notes=(
            "Lists every copy of a name (built-ins too) and activates none of them on a "
            "`$name` mention. Sorted by scope (built-ins, project, user), then name. Skips a "
            "skill without a (non-blank) description, with a byte-order mark or with YAML "
            "it cannot load; disable-model-invocation is ignored (agents/openai.yaml "
            "`policy.allow_implicit_invocation: false` hides a skill). Descriptions over "
            "1,024 characters are cut to 1,021 plus `...`; past the budget (2% of the "
            "context window) description characters are shared out round-robin, then "
            "skills are left out."
        ),
        provenance=Provenance("observed", "Codex 0.169.0"),
    ),
    Client(
        id="copilot",
        name="Copilot Chat (VS Code)",
        extra_fields=frozenset(
            {
                "argument-hint",
                "user-invocable",
                "disable-model-invocation",
                "context",
            }
        ),
        unknown_fields="warn",
        yaml="strict",
        project_roots=(".github/skills", ".agents/skills", ".claude/skills"),
        user_roots=("~/.copilot/skills", "~/.agents/skills", "~/.claude/skills"),
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        catalog="copilot-skills",
        activation="read-file",
        hidden_when=(("disable-model-invocation", True),),
        notes="Workspace skills sort before personal ones, then plugin and extension "
        "skills; within a scope the folders keep their listed order; a later duplicate "
        "name is skipped ('duplicate-name'). Only <root>/<name>/SKILL.md is read. Since "
        "microsoft/vscode#304316 (March 2026) the folder name is the skill's id: a "
        "frontmatter name that differs is replaced by the folder name (the editor marks "
        "it); older releases skipped such a skill as 'name-mismatch'.",
        provenance=Provenance(
            "cited",
            "microsoft/vscode/src/vs/workbench/contrib/chat/common/promptSyntax/service/"
            "promptsServiceImpl.ts (computeSkillDiscoveryInfo: priority sort, duplicate-name, "
            "folder name as id) with config/promptFileLocations.ts "
            "(DEFAULT_SKILL_SOURCE_FOLDERS), utils/promptFilesLocator.ts "
            "(findAgentSkillsInFolder: one level), computeAutomaticInstructions.ts (<skills> "
            "catalog, read_file activation) and languageProviders/promptValidator.ts "
            "(skill attributes)",
        ),
    ),
    Client(
        id="copilot-cli",
        name="Copilot CLI",
        extra_fields=frozenset(
            {
                "argument-hint",
                "user-invocable",
                "disable-model-invocation",
                "allowed-tools",
            }
        ),
        unknown_fields="ignore",
        yaml="strict",
        # A clash of names goes to the first copy in this order: the project's .github,
        # .agents, .claude; then ~/.copilot, ~/.agents (not ~/.claude).
        project_roots=(".github/skills", ".agents/skills", ".claude/skills"),
        user_roots=("~/.copilot/skills", "~/.agents/skills"),
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        # The catalog lists the project's skills (all three roots together) by name, then
        # each user root's by name; built-ins last.
        list_order="name-by-source",
        builtin_position="last",
        # Skills are found at any depth below a root (39 folders deep was seen; this
        # walker stops at 8); a SKILL.md ends the walk, dot folders are skipped, ignored
        # files are read.
        nested=True,
        max_depth=64,
        skip_dot_entries=True,
        loads_ignored=True,
        typed_fields=(
            ("name", "string"),
            ("description", "string"),
            ("argument-hint", "string"),
            ("allowed-tools", "strings"),
            ("disable-model-invocation", "bool"),
            ("user-invocable", "bool"),
        ),
        dropped_when=(("disable-model-invocation", True),),
        description_max=1024,
        description_fallback="body-lines",
        name_rule=(
            r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}",
            "1-64 ASCII letters, digits, '.', '_' or '-' starting with a letter or digit",
        ),
        catalog="copilot-cli-available-skills",
        catalog_budget=15_000,
        activation="copilot-cli-skill-context",
        notes=(
            "Not VS Code's Copilot Chat. Drops (does not list, cannot activate) a skill "
            "whose YAML is not strict YAML, whose name breaks its name rule, whose typed "
            "field has another type (argument-hint: [file], disable-model-invocation: yes), "
            "with disable-model-invocation: true, or with a description over 1,024 "
            "characters; without a description key, the body's first three non-heading "
            "lines stand in. The catalog keeps whole entries up to 15,000 characters and "
            "names the rest on one line. A folder-derived name has its spaces made '-' "
            "(not modelled); past 100 resource files, which ones activation lists varies."
        ),
        provenance=Provenance("observed", "Copilot CLI 1.0.102"),
    ),
    Client(
        id="cursor",
        name="Cursor",
        extra_fields=frozenset({"disable-model-invocation"}),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".agents/skills", ".cursor/skills", ".claude/skills", ".codex/skills"),
        user_roots=("~/.agents/skills", "~/.cursor/skills", "~/.claude/skills", "~/.codex/skills"),
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        catalog="available-skills",
        activation="read-file",
        hidden_when=(("disable-model-invocation", True),),
        notes="Closed source; roots and fields from the docs (Claude and Codex folders are "
        "read for compatibility; Cursor also ships built-in skills such as /babysit). "
        "Undocumented, so guide defaults: clash rule (first root found, project first), "
        "scan depth, what a name/folder mismatch does, unknown keys, the catalog text and "
        "how activation reads the skill.",
        provenance=Provenance("cited", "https://cursor.com/docs/skills"),
    ),
    Client(
        id="gemini-cli",
        name="Gemini CLI",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        # js-yaml is strict, but a block it rejects is read again line by line (see
        # `field_reader`): an unquoted `: ` does not drop the skill.
        yaml="lenient",
        # Loaded in this order (after the built-ins): ~/.gemini, ~/.agents, then the
        # project's .gemini and .agents; only folders directly below a root.
        project_roots=(".gemini/skills", ".agents/skills"),
        user_roots=("~/.gemini/skills", "~/.agents/skills"),
        # A later copy replaces an earlier one but keeps its place in the list.
        clash="last-wins",
        clash_keeps_place=True,
        root_order="name-descending",
        order_note="Gemini CLI lists a folder's skills as concurrent file reads finish: "
        "usually by folder name, descending, but the order can change between runs",
        field_reader="yaml-else-lines",
        name_unsafe_chars=':\\/<>*?"|',
        # glob("*/SKILL.md"): no dot folders, no ignore files; the body keeps its CRLFs.
        skip_dot_entries=True,
        loads_ignored=True,
        line_ends="kept",
        catalog="gemini-available-skills",
        activation="gemini-activated",
        notes=(
            "The last copy loaded wins (project over user, `.agents` over `.gemini`) and is "
            "listed where the first copy was; workspace skills only in trusted folders. "
            "Within a root, skills are listed in descending name order (Node sorts each "
            "folder's entries, glob's path cache lists them backwards) as a rule, but the "
            "order is set by concurrent file checks and can vary, the built-ins' too."
        ),
        provenance=Provenance("observed", "Gemini CLI 0.61.0"),
    ),
    Client(
        id="opencode",
        name="OpenCode",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        # gray-matter (js-yaml); a block it rejects is retried with each unquoted `key: a: b`
        # value made a block scalar.
        yaml="lenient",
        # Loaded in this order: ~/.claude/skills, ~/.agents/skills, then .claude/skills and
        # .agents/skills in the project and its ancestors up to the git root, then
        # `{skill,skills}` in ~/.config/opencode, the project's .opencode folders and
        # ~/.opencode. Every SKILL.md below a root is read (glob `**/SKILL.md`), also below
        # another skill, through symlinks, ignore files notwithstanding.
        project_roots=(".claude/skills", ".agents/skills", ".opencode/skill", ".opencode/skills"),
        user_roots=(
            "~/.claude/skills",
            "~/.agents/skills",
            "$XDG_CONFIG_HOME/opencode/skill",
            "$XDG_CONFIG_HOME/opencode/skills",
            "~/.opencode/skill",
            "~/.opencode/skills",
        ),
        ancestors="git-root",
        nested=True,
        max_depth=8,
        skill_md_ends_walk=False,
        loads_ignored=True,
        # Every file is parsed at once and the last parse to finish sets the name: the
        # copy loaded last usually wins, but not always (skill-ls shows that one).
        clash="varies",
        clash_note="OpenCode loads skills concurrently; either copy may win",
        scope_order=("user", "extra", "project"),
        name_required=True,
        missing_description="unlisted",
        blank_description_ok=True,
        line_ends="kept",
        catalog="opencode-available-skills",
        activation="opencode-skill-content",
        notes=(
            "Walks up to the repository root; every SKILL.md below a root loads. A name "
            "clash is a race (skills load concurrently): either copy may win. No `name`: "
            "skipped; no `description`: loaded but left out of the catalog. The catalog is "
            "sorted by name (localeCompare), built-in included; names and descriptions are "
            "not escaped. disable-model-invocation and other extra keys are ignored."
        ),
        provenance=Provenance("observed", "OpenCode 1.18.33"),
    ),
    Client(
        id="goose",
        name="Goose",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".agents/skills", ".goose/skills", ".claude/skills"),
        user_roots=(
            "~/.agents/skills",
            "$XDG_CONFIG_HOME/goose/skills",
            "~/.claude/skills",
            "~/.config/agents/skills",
        ),
        nested=True,
        max_depth=8,
        skill_md_ends_walk=False,
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        catalog="available-skills",
        activation="skill-content",
        loads_ignored=True,  # the walk skips only .git, .hg and .svn
        notes="Project folders, then user folders, then plugin folders, then built-in "
        "skills; the first skill loaded with a name wins (a found skill replaces a built-in "
        "one). Every folder below a root is walked, also below a SKILL.md (only .git, .hg "
        "and .svn are skipped; Goose sets no depth limit, 8 is this walker's cap). A "
        "missing name drops the skill; the name is never compared with the folder; extra "
        "keys are ignored (argument-hint/arguments are read from `metadata`). The model "
        "sees a bullet list '• name - description' in the skills extension's instructions "
        "and activates with load_skill(name), which returns '# Loaded Skill: ...' with the "
        "body and supporting files; neither format has a renderer here. Older docs listed "
        "user folders first with 'later directory wins'.",
        provenance=Provenance(
            "cited",
            "aaif-goose/goose/crates/goose/src/skills/mod.rs (all_skill_dirs, "
            "scan_skills_from_dir, discover_skills; formerly block/goose) and "
            "crates/goose/src/skills/client.rs (instructions list, load_skill tool)",
        ),
    ),
    Client(
        id="pi",
        name="pi",
        extra_fields=frozenset({"disable-model-invocation"}),
        unknown_fields="ignore",
        # The `yaml` package (YAML 1.2): an unquoted `: `, a tab indent or an unclosed quote
        # drops the skill; `yes` and "true" are strings, not true.
        yaml="strict",
        # Loaded in this order: the project's .pi/skills; .agents/skills in the project and
        # each ancestor up to the git root (to `/` outside a repository); ~/.pi/agent/skills;
        # ~/.agents/skills. The first copy of a name wins (a collision diagnostic names the
        # loser): project over user.
        project_roots=(".pi/skills", ".agents/skills"),
        user_roots=("~/.pi/agent/skills", "~/.agents/skills"),
        ancestors="git-root-else-top",
        ancestor_roots=(".agents/skills",),
        shared_roots_are_user=True,
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        # Each folder's entries in byte order, depth first; a SKILL.md ends the walk (its
        # folder is the skill); dot entries and node_modules are skipped; symlinks are
        # followed. A root-level `*.md` is a skill of its own in the .pi roots only, named
        # (without `name`) after the root folder. No depth limit (this walker stops at 8).
        root_order="walk",
        nested=True,
        max_depth=64,
        skip_dot_entries=True,
        root_markdown_skills=True,
        root_markdown_roots=(".pi/skills", "~/.pi/agent/skills"),
        # .gitignore, .ignore and .fdignore count from the skills root down only.
        ignore_files_from="root",
        frontmatter_at_start=True,
        unique_keys=True,
        catalog="pi-available-skills",
        activation="pi-read",
        line_ends="kept",
        hidden_when=(("disable-model-invocation", True),),
        hidden_refusal=(
            "pi leaves {name} out of the model's catalog (disable-model-invocation: true), "
            "so the model has no location to read it from; only the user can run it, with "
            "/skill:{name}"
        ),
        notes=(
            "Project skills load before user skills; the first copy of a name wins, with a "
            "collision diagnostic. Walks every folder below a root until a SKILL.md; skips "
            "names starting with a dot. A skill without a description (or with a blank "
            "one) is skipped; a bad name or a description over 1,024 characters only warns. "
            "The model activates a skill by reading its SKILL.md with the `read` tool: the "
            "raw file, cut at 2,000 lines or 50 KB with a note saying where to go on."
        ),
        provenance=Provenance("observed", "pi 0.73.1"),
    ),
    Client(
        id="yoi",
        name="Yoi",
        extra_fields=frozenset(),
        unknown_fields="ignore",
        yaml="strict",
        project_roots=(".yoi/skills",),
        user_roots=(),
        clash="project-wins",
        scope_order=("builtin", "extra", "project"),
        has_builtin=True,
        lenient_name=False,
        forbidden_fields=frozenset(YOI_FORBIDDEN_FIELDS),
        catalog="available-skills",
        catalog_view="yoi-catalog",
        activation="skill-content",
        notes="The Workspace backend reads skills as imports of "
        "`.yoi/skills/<name>/SKILL.md` in the workspace config (a file that is not "
        "imported is not listed) plus one built-in skill (agent-skills), which a workspace "
        "skill of the same name overrides (recorded in `overrides`). A name that differs "
        "from the skill id, an invalid name, an empty description or a workflow field "
        "(model_invocation, user_invocable, prompt, ...) is an error diagnostic and "
        "activation is refused; other extra keys are accepted without a warning "
        "(allowed-tools warns that it is a hint only). Activation commits the SKILL.md "
        "body to history; the catalog text the model sees is not confirmed here.",
        provenance=Provenance(
            "cited",
            "HareK02/yoi/crates/workspace-server/src/skills.rs (merged_skills, parse_skill: "
            "builtin override, skill_name_mismatch, workflow_authority fields)",
        ),
    ),
    Client(
        id="insomnia",
        name="insomnia",
        extra_fields=frozenset(),
        unknown_fields="warn",
        yaml="strict",
        project_roots=(".insomnia/skills",),
        user_roots=("$XDG_CONFIG_HOME/insomnia/skills",),
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        lenient_name=False,
        catalog="available-skills",
        activation="skill-content",
        notes="insomnia is Yoi's earlier name (May 2026). Skills load only from the "
        "manifest's `[skills] directories`, in order; the two roots here are the ones its "
        "design ticket named, not defaults in code. Only <root>/<name>/SKILL.md is read. A "
        "skill whose name differs from its folder, or that breaks the name/description "
        "rules, is skipped with a warning; unknown keys warn and are ignored. The first "
        "skill with a slug wins and a Workflow of the same slug shadows it. Skills become "
        "Workflows (/<name>); the catalog text is not confirmed here.",
        provenance=Provenance(
            "cited",
            "HareK02/yoi@9d709c64 crates/memory/src/skill.rs (parse_skill_md, "
            "load_skills_from_dir), crates/memory/src/workflow.rs (merge_skill) and "
            "crates/pod/src/pod.rs (ingest_skills)",
        ),
    ),
)

CLIENTS_BY_ID: dict[str, Client] = {client.id: client for client in CLIENTS}


def get_client(client_id: str) -> Client:
    """Look up a client by id; raises KeyError with the known ids in the message."""
    try:
        return CLIENTS_BY_ID[client_id]
    except KeyError:
        known = ", ".join(CLIENTS_BY_ID)
        raise KeyError(f"unknown client {client_id!r} (known: {known})") from None


def clients_for_path(path: str) -> tuple[Client, ...]:
    """Clients that would discover a SKILL.md at `path` from one of their roots.

    Matches any root as a path segment sequence (`.claude/skills/<name>/SKILL.md`), wherever
    the project folder is; user roots are matched by their tail the same way.
    """
    normalized = "/" + path.replace("\\", "/").strip("/")
    found: list[Client] = []
    for client in CLIENTS:
        roots = client.project_roots + tuple(_root_tail(root) for root in client.user_roots)
        for root in roots:
            marker = "/" + root.strip("/") + "/"
            at = normalized.find(marker)
            if at == -1:
                continue
            rest = normalized[at + len(marker) :].split("/")
            # rest = [<folder>, ..., "SKILL.md"]
            depth = len(rest) - 1
            if (
                depth == 1
                or (client.nested and 1 <= depth <= client.max_depth)
                or (client.root_markdown_skills and depth == 0 and _markdown_root(client, root))
            ):
                found.append(client)
                break
    return tuple(found)


def _root_tail(root: str) -> str:
    for prefix in ("~/", "$XDG_CONFIG_HOME/", "$CODEX_HOME/"):
        if root.startswith(prefix):
            tail = root[len(prefix) :]
            if prefix == "$XDG_CONFIG_HOME/":
                return ".config/" + tail
            if prefix == "$CODEX_HOME/":
                return ".codex/" + tail
            return tail
    return root


def _markdown_root(client: Client, root: str) -> bool:
    """Whether a root-level `*.md` in `root` (a project root, or a user root's tail) is a
    skill for `client` (`Client.root_markdown_roots`)."""
    roots = client.root_markdown_roots
    return not roots or root in {_root_tail(pattern) for pattern in roots}
