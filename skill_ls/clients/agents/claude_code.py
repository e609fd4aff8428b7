"""Claude Code (`claude-code`), observed in the client lab (`clientlab/`): every fact was seen in
the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from dataclasses import replace

from skill_ls.clients.activation import Activation
from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import MarkupFacts, observed_in_lab
from skill_ls.clients.mcp_skills import McpConfigFile, McpSkills, observed_in_mcp_probe
from skill_ls.clients.mention_forms import MentionFacts, MentionFiles, observed_in_probe
from skill_ls.clients.model import Client, OlderBehaviour
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLAUDE_CODE_PLUGIN = BundleFormat(
    kind="plugin",
    manifests=(".claude-plugin/plugin.json",),
    # The manifest schema's `name`: at least one character, no space, no control or
    # bidirectional-formatting character.
    required_keys=("name",),
    name_rule=(
        r"[^ \x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]+",
        "at least one character, without spaces, control or bidirectional-formatting characters",
    ),
    # `claude plugin validate` (Claude Code 2.1.328) reports these names as reserved ("it
    # passes as one of Anthropic's own"), in a plugin.json and in a marketplace's entries,
    # whatever the case, `_` and `.` read as `-`; `claude plugin install` still installs
    # such a plugin from a marketplace (seen offline). Probed with 33 names.
    reserved_names=(
        r"(?i)^(?:(?:claude|anthropics?|cc[-_.]plugin)[-_.].*|claude|anthropics?"
        r"|claude[-_.]code|claude[-_.]mods)$|(?:claude|anthropic)[-_.]*official"
        r"|official[-_.]*(?:claude|anthropic)",
        'must not start with "claude-", "anthropic-", "anthropics-" or "cc-plugin-", be '
        '"claude", "anthropic", "anthropics", "claude-code" or "claude-mods", or put "official" '
        'beside "claude" or "anthropic"',
    ),
    skills_folder="skills",
    # `skills`: "." or a "./" path, or a list of them, loaded besides `skills/`.
    skills_key="skills",
    marketplaces=(".claude-plugin/marketplace.json",),
    marketplace_keys=("name", "owner", "plugins"),
    marketplace_name_rule=(
        r"(?!\.$)(?!.*\.\.)[^ /\\\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]+",
        "at least one character, without spaces, control characters, `/`, `\\` or `..`, "
        "and not `.`",
    ),
    listed_as="{bundle}:{skill}",
    skill_key="folder",
    skill_unsafe=r"[^a-zA-Z0-9_-]",
    listed="after-found",
    root_variables=("${CLAUDE_PLUGIN_ROOT}",),
    installed_under="~/.claude/plugins",
    installed_layout="claude-records",
    installed_records="~/.claude/plugins/installed_plugins.json",
    enabled_in="~/.claude/settings.json",
    known_marketplaces="~/.claude/plugins/known_marketplaces.json",
    notes=(
        "A plugin's skills are the folders (or links to folders) below its `skills/` and "
        "the folders its manifest's `skills` key names; each is listed as `plugin:folder`, "
        "the folder's characters other than letters, digits, `_` and `-` made `-`, so two "
        "plugins never clash. Seen in Claude Code 2.1.328 and 2.1.337 with two plugins loaded by "
        "`--plugin-dir`: the plugins' skills are listed after the skills found and before the "
        "built-ins, plugin by plugin, each one's `skills/` then its `skills` paths, by name; "
        "activation is as for any skill (tests/fixtures/plugin-marketplace-observed, "
        "`python -m clientlab.plugin_probe`, replayed byte for byte). Installing was seen in "
        "Claude Code 2.1.328 offline, in an "
        "empty HOME: `claude plugin marketplace add <folder>` records the marketplace in "
        "~/.claude/plugins/known_marketplaces.json (`source`: `directory`) and "
        "`extraKnownMarketplaces` of ~/.claude/settings.json; `claude plugin install "
        "<plugin>@<marketplace>` (scope `user` by default) copies the plugin to "
        "~/.claude/plugins/cache/<marketplace>/<plugin>/<version>, records it in "
        "~/.claude/plugins/installed_plugins.json (`version` 2, `plugins` keyed "
        "`<plugin>@<marketplace>`, each a list of installs with `scope`, `installPath`, "
        "`version`, the dates, a `gitCommitSha` for a git source and a `projectPath` for "
        "scope `project`) and sets `enabledPlugins` `<plugin>@<marketplace>`: true in "
        "~/.claude/settings.json (a project install: in the project's "
        ".claude/settings.json, and loaded only there). A plugin installed from a git URL "
        "(its marketplace entry's `source` a `url`, a local `file://` repository here) "
        "is loaded from the `installPath` recorded (even one changed by hand, outside "
        "~/.claude/plugins too: skill-ls reads only those inside); without a true "
        "`enabledPlugins` entry, without its record, or with the settings or records file "
        "not JSON, it is not loaded. Its skills are listed as those of `--plugin-dir`, "
        "plugin by plugin in the order of `enabledPlugins`, after the user's and project's "
        "skills; a user skill of the same name wins, in its own place. A plugin that a "
        "marketplace whose source is a local folder lists by a `./` path is loaded from "
        "that folder, not from its copy, whatever the records say (with the marketplace's "
        "record made a GitHub source by hand, as one cannot be added offline, the same "
        "plugins load from their copies): skill-ls lists no plugin of a local-folder "
        "marketplace, nor project- or local-scope installs."
    ),
    provenance=Provenance(
        "cited",
        "@anthropic-ai/claude-code 2.1.328 (the bundled CLI): the plugin manifest schema "
        "(`name`, `skills` as `./` paths), the plugin skill loader (names "
        "`${plugin}:${folder.replace(/[^a-zA-Z0-9_-]/g, '-')}`) and the marketplace schema "
        "(`plugins[].source` a `./` path from the marketplace root; `strict`, true by "
        "default, requires the plugin's own plugin.json)",
    ),
)

_NEWEST = Client(
    id="claude-code",
    name="Claude Code",
    discovery=Discovery(
        project_roots=(".claude/skills",),
        user_roots=("~/.claude/skills",),
        # Only the folders directly below a root (or links to folders) are read.
        nested=False,
        max_depth=1,
        loads_ignored=True,
        root_order="locale",
    ),
    reading=Reading(
        # A blank line before the opening `---` hides the block (lab scenario
        # frontmatter-after-line).
        frontmatter_first_line=True,
        yaml="lenient",
        truthy_strings=frozenset({"1", "true", "yes", "on"}),
        # Its folder name: a skill named otherwise "is not offered".
        name_rule=(
            r"[^\x00-\x1f\x7f-\x9f\u2028\u2029<>]{1,256}",
            "1-256 characters without control characters, < or >",
        ),
        name_source="folder",
        bad_frontmatter="ignore",
        # 2.1.337: a nested map indented with a tab loads; a tab-indented key after the
        # description fails as it would indented with spaces, and the frontmatter is ignored
        # (lab scenarios tab-nested, tab-key).
        tab_indent="spaces",
        description_fallback="body-first-line",
        # `description: 42` is listed as "42"; a list is read as no description, so the
        # body's first line stands in; `name: 404` is "404", shown beside the folder (lab
        # scenarios description-not-string, name-not-string).
        non_string_name="number-text",
        non_string_description="number-text",
    ),
    fields=FieldSupport(
        extra=frozenset(
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
        unknown="ignore",
    ),
    clashes=Clashes(
        # Managed, then user, then project skills are loaded and the first copy of a folder
        # name is kept: user skills win over project skills.
        clash="user-wins",
        scope_order=("user", "extra", "project"),
        builtin_position="last",
    ),
    listing=Listing(
        format="claude-listing",
        hidden_when=(("disable-model-invocation", True),),
        entry_cap=1536,
        # 1% of the context window at 3 characters per token (4 for models up to the 4.6
        # generation); the lab's model had a 1,000,000-token window.
        context_window=1_000_000,
        chars_per_token=3,
        catalog_share=0.01,
    ),
    activation=Activation(
        # The name asked for is trimmed: `"  spaced  "` finds `spaced` (lab scenario
        # untrimmed-fields).
        trims_request=True,
        format="claude-base-directory",
        # Scenarios `arguments`, `arguments-none`, `arguments-indexed` (every form, code too),
        # `arguments-unfilled` and `arguments-only-index` (when `ARGUMENTS:` is appended); the
        # grammar is `clients/argument_syntax.py`. From 2.1.337 the `$N` of an awk print
        # program are kept (`arguments-indexed`: `awk '{print $1}'` in a code block).
        argument_placeholders="claude-code",
        awk_fields_kept=True,
        hidden_refusal=(
            "Skill {name} cannot be used with Skill tool due to disable-model-invocation. "
            "Ask the user to run /{name} themselves — it cannot be invoked via the Skill "
            "tool. Do not replicate this skill's workflow by other means — it is reserved "
            "for explicit user invocation."
        ),
        line_ends="kept",
    ),
    notes=(
        "Managed > personal (user) > project on a clash of folder names. The listing's "
        "budget is 1% of the model's context window; over it, descriptions are dropped "
        "(built-ins keep theirs) and given back in order of the user's past use of each "
        "skill, which skill-ls cannot see: it gives them back in listing order, as a "
        "fresh install does."
    ),
    provenance=Provenance("observed", "Claude Code 2.1.337"),
    # Cited, not observed: the format carries its own provenance.
    bundles=(CLAUDE_CODE_PLUGIN,),
    markup=MarkupFacts(
        frontmatter_comments_reach_model=False,
        trailing_comment_in_description=False,
        body_html_comments_reach_model=True,
        shell_commands="run",
        shell_syntax="claude-code",
        provenance=observed_in_lab("Claude Code 2.1.337"),
    ),
    mentions=MentionFacts(frozenset({"slash", "plugin"}), observed_in_probe("Claude Code 2.1.337")),
    install=AgentInstall(("claude",), "@anthropic-ai/claude-code"),
    # Its bundle holds a client of the MCP Skills extension (read there, not observed:
    # `skills/list` only to a server on protocol 2026-07-28 or later that declares it, at
    # most 100 skills and 512 KiB of listing, each skill named `<server>:<name>`), behind a
    # remotely set switch. Observed: the probe's server, started from the project's
    # `.mcp.json` in `-p` mode, was never asked for skills.
    mcp_skills=McpSkills(
        "switched",
        observed_in_mcp_probe("Claude Code 2.1.337"),
        (McpConfigFile(".mcp.json", "mcpServers"),),
        observed_in_mcp_probe("Claude Code 2.1.337"),
    ),
    # Memory files (read from the working folder and each one above it; a nested one when
    # files below it are read) and project commands, whose body becomes the prompt.
    mention_files=MentionFiles(
        ("**/CLAUDE.md", "**/.claude/CLAUDE.md", "**/CLAUDE.local.md", ".claude/commands/**/*.md"),
        Provenance(
            "cited",
            "https://docs.claude.com/en/docs/claude-code/memory and "
            "https://docs.claude.com/en/docs/claude-code/slash-commands",
        ),
    ),
)


# Claude Code before 2.1.337 (lab record claude-code-2.1.332; 2.1.333 to 2.1.336 were not
# published): the `$N` of an awk print program are filled like any other `$N`
# (`arguments-indexed`), and its built-in `claude-api` skill is described otherwise
# (`skill_ls/data/builtins/claude-code@2.1.332.json`, in every scenario's catalog).
_BEFORE = replace(
    _NEWEST.observed_at("2.1.332"),
    activation=replace(_NEWEST.activation, awk_fields_kept=False),
)

CLIENT = replace(
    _NEWEST,
    older=(
        OlderBehaviour(
            until="2.1.337",
            change="the `$N` of an awk print program (`awk '{print $1}'`) are filled with the "
            "arguments like any other `$N`; the built-in `claude-api` is described otherwise",
            row=_BEFORE,
        ),
    ),
)
