"""The agents observed in the client lab (`clientlab/`): every fact here was seen in the
real agent at the version its provenance names, and `tests/lab/` replays it byte for byte."""

from __future__ import annotations

from skill_ls.clients.bundle_formats import CLAUDE_CODE_PLUGIN, CODEX_PLUGIN, GEMINI_CLI_EXTENSION
from skill_ls.clients.model import CODEX_IMPLICIT_INVOCATION, Client, Provenance

CLAUDE_CODE = Client(
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
    # Scenarios `arguments`, `arguments-none`, `arguments-indexed` (every form, code too),
    # `arguments-unfilled` and `arguments-only-index` (when `ARGUMENTS:` is appended); the
    # grammar is `clients/argument_syntax.py`.
    argument_placeholders="claude-code",
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
    # Cited, not observed: the format carries its own provenance.
    bundles=(CLAUDE_CODE_PLUGIN,),
)


CODEX = Client(
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
    # Cited, not observed: the format carries its own provenance.
    bundles=(CODEX_PLUGIN,),
)


COPILOT_CLI = Client(
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
    # Its name rule admits ASCII only: a name with any other letter is dropped.
    name_charset="ascii",
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
)


GEMINI_CLI = Client(
    id="gemini-cli",
    name="Gemini CLI",
    extra_fields=frozenset(),
    unknown_fields="ignore",
    # js-yaml is strict, but a block it rejects is read again line by line (see
    # `field_reader`): an unquoted `: ` does not drop the skill.
    yaml="lenient",
    # js-yaml, per the observation above; the package is bundled (`npm view
    # @google/gemini-cli dependencies` lists none), so its major version is not checked
    # here: only what js-yaml 3 and 4 both read as numbers is judged.
    yaml_loader="js-yaml",
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
    # Cited, not observed: the format carries its own provenance.
    bundles=(GEMINI_CLI_EXTENSION,),
)


OPENCODE = Client(
    id="opencode",
    name="OpenCode",
    extra_fields=frozenset(),
    unknown_fields="ignore",
    # gray-matter (js-yaml); a block it rejects is retried with each unquoted `key: a: b`
    # value made a block scalar.
    yaml="lenient",
    # gray-matter 4.0.3 depends on js-yaml ^3.13.1 (`npm view gray-matter@4.0.3
    # dependencies`); opencode-ai itself ships a binary, so that dependency is cited.
    yaml_loader="js-yaml-3",
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
    clash_note="OpenCode loads skills concurrently; any of the copies may win",
    scope_order=("user", "extra", "project"),
    name_required=True,
    missing_description="unlisted",
    blank_description_ok=True,
    line_ends="kept",
    catalog="opencode-available-skills",
    activation="opencode-skill-content",
    notes=(
        "Walks up to the repository root; every SKILL.md below a root loads. A name "
        "clash is a race (skills load concurrently): any of the copies may win. No `name`: "
        "skipped; no `description`: loaded but left out of the catalog. The catalog is "
        "sorted by name (localeCompare), built-in included; names and descriptions are "
        "not escaped. disable-model-invocation and other extra keys are ignored."
    ),
    provenance=Provenance("observed", "OpenCode 1.18.33"),
)


PI = Client(
    id="pi",
    name="pi",
    extra_fields=frozenset({"disable-model-invocation"}),
    unknown_fields="ignore",
    # The `yaml` package (YAML 1.2): an unquoted `: `, a tab indent or an unclosed quote
    # drops the skill; `yes` and "true" are strings, not true.
    yaml="strict",
    # `npm view @mariozechner/pi-coding-agent@0.73.1 dependencies`: yaml ^2.8.2.
    yaml_loader="yaml-1.2-core",
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
)


QWEN_CODE = Client(
    id="qwen-code",
    name="Qwen Code",
    extra_fields=frozenset(
        {
            "when_to_use",
            "argument-hint",
            "disable-model-invocation",
            "user-invocable",
            "allowedTools",
            "model",
            "hooks",
            "paths",
            "priority",
        }
    ),
    unknown_fields="ignore",
    # The `yaml` package (YAML 1.2 core schema); a block it rejects is read again line by
    # line (`field_reader`): an unquoted `: ` or an unclosed quote does not drop the skill.
    yaml="lenient",
    yaml_loader="yaml-1.2-core",
    field_reader="yaml-else-simple",
    # Project: .qwen/skills then .agents/skills in the folder Qwen Code runs in (not its
    # ancestors); user: ~/.qwen/skills then ~/.agents/skills. Run from the home folder,
    # the project level is skipped (the same folders are read as the user's).
    project_roots=(".qwen/skills", ".agents/skills"),
    user_roots=("~/.qwen/skills", "~/.agents/skills"),
    shared_roots_are_user=True,
    # Only folders directly below a root (or links to folders); ignore files and dot
    # folders do not matter.
    nested=False,
    max_depth=1,
    loads_ignored=True,
    # Project > user > bundled; within a level the first root's copy wins.
    clash="first-wins",
    scope_order=("project", "user", "extra"),
    builtin_position="last",
    # A missing or empty `name` drops the skill (no folder fallback), as does an empty or
    # blank description, a name outside letters, digits, `_ : . -`, or a non-string model.
    name_required=True,
    name_rule=(r"[\w:.-]+", "letters, digits, '_', ':', '.' or '-'"),
    typed_fields=(("model", "string"),),
    hidden_when=(("disable-model-invocation", True), ("disable-model-invocation", "true")),
    hidden_refusal=(
        "Qwen Code leaves {name} out of the model's catalog (disable-model-invocation: "
        "true) and its Skill tool answers that {name} is not found; only the user can run "
        "it, as /{name}"
    ),
    catalog="qwen-available-skills",
    activation="qwen-base-directory",
    catalog_budget=8000,
    notes=(
        "Lists project, user and bundled skills together, sorted by name (localeCompare), "
        "each description followed by ` — when_to_use` and its level; names and "
        "descriptions are XML-escaped. Past 8,000 characters of entries every "
        "non-bundled description keeps its first line only. A YAML error falls back to a "
        'line reader (no continuation lines). disable-model-invocation: true (or "true") '
        "hides a skill; a skill with `paths` is listed only once a matching file is "
        "touched (not modelled). Activation ignores the arguments. Two folders of one "
        "root with the same `name`: the first in directory order wins, which the file "
        "system decides (skill-ls takes path order)."
    ),
    provenance=Provenance("observed", "Qwen Code 0.24.4"),
)


KILO = Client(
    id="kilo",
    name="Kilo Code CLI",
    extra_fields=frozenset(),
    unknown_fields="ignore",
    # An OpenCode fork: the same reader (gray-matter on js-yaml 3, unquoted `key: a: b`
    # retried as a block scalar), the same walk, catalog and `skill` tool.
    yaml="lenient",
    yaml_loader="js-yaml-3",
    # ~/.claude/skills and ~/.agents/skills, then .claude/skills and .agents/skills in the
    # project and its ancestors up to the git root, then `{skill,skills}` in Kilo's own
    # folders: the project's .kilocode and .kilo, ~/.config/kilo, ~/.kilocode, ~/.kilo (not
    # OpenCode's). Every SKILL.md below a root is read, also below another skill.
    project_roots=(
        ".claude/skills",
        ".agents/skills",
        ".kilocode/skill",
        ".kilocode/skills",
        ".kilo/skill",
        ".kilo/skills",
    ),
    user_roots=(
        "~/.claude/skills",
        "~/.agents/skills",
        "$XDG_CONFIG_HOME/kilo/skill",
        "$XDG_CONFIG_HOME/kilo/skills",
        "~/.kilocode/skill",
        "~/.kilocode/skills",
        "~/.kilo/skill",
        "~/.kilo/skills",
    ),
    ancestors="git-root",
    nested=True,
    max_depth=8,
    skill_md_ends_walk=False,
    loads_ignored=True,
    clash="varies",
    clash_note="Kilo loads skills concurrently, as OpenCode does; any of the copies may win",
    scope_order=("user", "extra", "project"),
    name_required=True,
    missing_description="unlisted",
    blank_description_ok=True,
    line_ends="kept",
    catalog="opencode-available-skills",
    activation="opencode-skill-content",
    notes=(
        "An OpenCode fork that reads skills as OpenCode does (a name clash is a race; no "
        "`name`: skipped; no `description`: loaded but not listed; catalog sorted by name, "
        "nothing escaped) from its own folders (.kilocode, .kilo, ~/.config/kilo) besides "
        ".claude and .agents, with a built-in `kilo-config` skill. Observed at 7.7.7: the "
        "newest @kilocode/cli, 7.8.1, has no linux-x64 binary package published. The "
        "roots outside the lab's scenarios (.kilocode, .kilo, ~/.config/kilo, ~/.kilocode, "
        "~/.kilo) were seen listed in one extra run of the same version."
    ),
    provenance=Provenance("observed", "Kilo Code CLI 7.7.7"),
)


DROID = Client(
    id="droid",
    name="Factory Droid",
    # `user-invocable: false` still lists and activates the skill. Its frontmatter schema
    # also reads `enabled`, `tools` and `version` (see the notes; not modelled).
    extra_fields=frozenset({"disable-model-invocation", "user-invocable"}),
    unknown_fields="ignore",
    # js-yaml 4.1.1; a block it rejects is read again line by line (`field_reader`): an
    # unquoted `: ` or an unclosed quote does not drop the skill.
    yaml="lenient",
    yaml_loader="js-yaml",
    field_reader="yaml-else-simple",
    # Loaded in this order: .factory/skills then .agents/skills of the project, then
    # ~/.factory/skills then ~/.agents/skills, then its built-ins. Run in a sub-folder of a
    # repository, it read both roots at the git root and a .factory/skills in a folder
    # between (one extra run). It does not read .claude/skills: it offers to copy Claude
    # Code's skills into its own folders.
    project_roots=(".factory/skills", ".agents/skills"),
    user_roots=("~/.factory/skills", "~/.agents/skills"),
    ancestors="git-root",
    # Every folder below a root until one holds SKILL.md, each folder's entries in
    # `localeCompare` order, dot folders and links to folders included, ignore files not
    # read; a folder reached twice (through a link) is read once.
    nested=True,
    max_depth=64,
    root_order="locale",
    loads_ignored=True,
    # Project over user over built-in; within a scope the first root's copy wins.
    clash="project-wins",
    scope_order=("project", "extra", "user"),
    builtin_position="last",
    # The frontmatter must open the file (a byte-order mark hides it); a skill without a
    # `name` string, or a `description` string, or with a flag that is not true or false
    # is loaded disabled: not listed, and its activation refused.
    frontmatter_at_start=True,
    line_ends="kept",
    name_required=True,
    blank_description_ok=True,
    typed_fields=(("disable-model-invocation", "bool"),),
    name_rule=(r"[a-z0-9-]*[a-z0-9][a-z0-9-]*", "lowercase letters, digits and '-'"),
    name_charset="ascii",
    # Hidden from the catalog, but its Skill tool still activates it.
    hidden_when=(("disable-model-invocation", True),),
    catalog="droid-available-skills",
    activation="droid-skill",
    context_window=250000,
    chars_per_token=4,
    catalog_share=0.015,
    notes=(
        "Lists project, user and built-in skills as `name: description` lines in load "
        "order, whitespace runs made one space, nothing escaped; an empty description "
        "reads `No description provided`, a long one is cut to 1,024 characters with `…`. "
        "Past 1.5% of the model's working token limit (250,000 tokens for a custom model: "
        "15,000 characters) project, then user skills are listed by name alone where "
        "their description does not fit; built-ins always keep theirs. "
        "disable-model-invocation: true hides a skill from the catalog, yet its Skill tool "
        'activates it when asked; `yes` or "true" there (not booleans), a missing '
        "description or name, or a byte-order mark loads the skill disabled (the Skill "
        "tool answers that it is disabled). Activation ignores the arguments. Its code "
        "also reads `enabled` (false disables the skill), `tools` and `version`, and "
        "rejects a skill with an empty body (none of it observed or modelled). Within a "
        "root, folders are read in `localeCompare` order level by level (`a/x` before "
        "`a-b`, seen in one extra run); skill-ls compares whole paths. Observed at "
        "0.225.2: @factory/cli 0.225.1 runs the binary of @factory/cli-linux-x64, "
        "published at 0.225.2 only. The ~/.factory/skills root, the .factory over .agents "
        "precedence and the roots read from a sub-folder were seen in extra runs of the "
        "same version."
    ),
    provenance=Provenance("observed", "Factory Droid 0.225.2"),
)
