"""The bundle formats agents install skills from (Claude Code plugins and marketplaces, Gemini
CLI extensions, Codex plugins): data for the client rows' `bundles` column, each cited from
the agent's own code at the version the client lab installs."""

from __future__ import annotations

from skill_ls.clients.model import BundleFormat, Provenance

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
        "plugins never clash. Seen in Claude Code 2.1.328 with two plugins loaded by "
        "`--plugin-dir`: the plugins' skills are listed after the skills found and before the "
        "built-ins, plugin by plugin, each one's `skills/` then its `skills` paths, by name; "
        "activation is as for any skill (tests/fixtures/plugin-marketplace-observed, "
        "replayed byte for byte). Installing was seen in Claude Code 2.1.328 offline, in an "
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

GEMINI_CLI_EXTENSION = BundleFormat(
    kind="extension",
    manifests=("gemini-extension.json",),
    required_keys=("name", "version"),
    name_rule=(r"[a-zA-Z0-9-]+", "letters (a-z, A-Z), digits and '-' only"),
    skills_folder="skills",
    listed_as="{skill}",
    skill_key="name",
    # Extensions load first (after the built-ins): a user or project skill with the same
    # name replaces an extension's and keeps its place.
    listed="after-builtins",
    root_variables=("${extensionPath}",),
    installed_under="~/.gemini/extensions",
    # `loadExtensions`: every folder of ~/.gemini/extensions, enabled unless
    # extension-enablement.json turns it off for the folder (not read here).
    installed_layout="folders",
    notes=(
        "An extension's skills (`skills/*/SKILL.md`) are listed under their own names, not "
        "namespaced; they load right after the built-ins, so a user or project skill of the "
        "same name replaces one (and is listed in its place). Installed extensions are the "
        "folders of ~/.gemini/extensions, read in the order the file system lists them; one "
        "that extension-enablement.json switches off is still shown. Seen in Gemini CLI "
        "0.61.0 with one installed extension (tests/fixtures/plugin-marketplace-observed, "
        "replayed byte for byte but for the built-ins' order, which varies)."
    ),
    provenance=Provenance(
        "cited",
        "@google/gemini-cli 0.61.0 (bundle): the extension loader (`gemini-extension.json` "
        "needs `name` and `version`; `validateName`: /^[a-zA-Z0-9-]+$/; skills from "
        "`<extension>/skills`) and `SkillManager.discoverSkills` (built-ins, extensions, "
        "user, workspace: a later copy replaces an earlier one), `loadExtensions` (each folder "
        "of ~/.gemini/extensions) and `ExtensionEnablementManager.isEnabled` (on by default)",
    ),
)

CODEX_PLUGIN = BundleFormat(
    kind="plugin",
    manifests=(
        ".codex-plugin/plugin.json",
        ".claude-plugin/plugin.json",
        ".cursor-plugin/plugin.json",
    ),
    required_keys=("name",),
    skills_folder="skills",
    marketplaces=(
        ".agents/plugins/marketplace.json",
        ".claude-plugin/marketplace.json",
        ".cursor-plugin/marketplace.json",
    ),
    listed_as="{bundle}:{skill}",
    skill_key="name",
    listed="after-found",
    installed_under="~/.codex/plugins",
    notes=(
        "Reads its own `.codex-plugin/plugin.json` and Claude Code's and Cursor's manifests; "
        "a plugin's skills are prefixed with the plugin's namespace and `:`. The `skills/` "
        "folder is the layout the manifests it reads share; it is not spelt out in the "
        "binary, and nothing here was observed."
    ),
    provenance=Provenance(
        "cited",
        "@openai/codex 0.169.0 (the native binary's strings): manifest paths "
        "(.codex-plugin, .claude-plugin, .cursor-plugin), marketplace paths "
        "(.agents/plugins/marketplace.json, ...), 'local plugin source path must start "
        "with `./`', and the prompt line 'Skills from this plugin are prefixed with "
        "`{{ skill_namespace }}:`'",
    ),
)
