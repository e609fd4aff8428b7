"""Factory Droid (`droid`), observed in the client lab (`clientlab/`): every fact was seen in
the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import shown_as_written
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, MentionFiles, observed_in_probe
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="droid",
    name="Factory Droid",
    discovery=Discovery(
        # Loaded in this order: .factory/skills then .agents/skills of the project, then
        # ~/.factory/skills then ~/.agents/skills, then its built-ins. Run in a sub-folder of a
        # repository, it read both roots at the git root and a .factory/skills in a folder
        # between (one extra run). It does not read .claude/skills: it offers to copy Claude
        # Code's skills into its own folders.
        # `.agent/skills` too, after `.agents/skills` (seen once the roots scenario held one).
        project_roots=(".factory/skills", ".agents/skills", ".agent/skills"),
        user_roots=("~/.factory/skills", "~/.agents/skills", "~/.agent/skills"),
        ancestors="git-root",
        # Every folder below a root until one holds SKILL.md, each folder's entries in
        # `localeCompare` order, dot folders and links to folders included, ignore files not
        # read; a folder reached twice (through a link) is read once.
        nested=True,
        max_depth=64,
        root_order="locale",
        loads_ignored=True,
    ),
    reading=Reading(
        # `name: "  x  "` keeps its spaces, so its name rule drops it (lab scenario
        # untrimmed-fields).
        trims_name=False,
        # js-yaml 4.1.1; a block it rejects (an unquoted `: `, an unclosed quote, a tab
        # indent) is read again line by line, every line trimmed (`clients.flat_yaml`).
        yaml="lenient",
        yaml_loader="js-yaml",
        field_reader="yaml-else-flat",
        # The frontmatter must open the file (a byte-order mark hides it); a skill without a
        # `name` string, or a `description` string, or with a flag that is not true or false
        # is loaded disabled: not listed, and its activation refused.
        frontmatter_at_start=True,
        name_required=True,
        blank_description="keep",
        # Its schema (zod) also wants `metadata` a map: `metadata:` with nothing under it, or
        # with a tab-indented line under it (the fallback reads "") loads it disabled.
        typed_fields=(("disable-model-invocation", "bool"), ("metadata", "map")),
        name_rule=(r"[a-z0-9-]*[a-z0-9][a-z0-9-]*", "lowercase letters, digits and '-'"),
        name_charset="ascii",
    ),
    fields=FieldSupport(
        # `user-invocable: false` still lists and activates the skill. Its frontmatter schema
        # also reads `enabled`, `tools` and `version` (see the notes; not modelled).
        extra=frozenset({"disable-model-invocation", "user-invocable"}),
        unknown="ignore",
    ),
    clashes=Clashes(
        # Project over user over built-in; within a scope the first root's copy wins.
        clash="project-wins",
        scope_order=("project", "extra", "user"),
        builtin_position="last",
        # Keyed by the lower-cased name, before names are checked: a project `Twin`, which
        # it then refuses (capitals), hides a user `twin`, and neither loads.
        fold_case=True,
        refused_copy_takes_name=True,
    ),
    listing=Listing(
        # Hidden from the catalog, but its Skill tool still activates it.
        hidden_when=(("disable-model-invocation", True),),
        format="droid-available-skills",
        context_window=250000,
        chars_per_token=4,
        catalog_share=0.015,
    ),
    activation=Activation(
        line_ends="kept",
        format="droid-skill",
    ),
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
    markup=shown_as_written("Factory Droid 0.225.2"),
    mentions=MentionFacts(frozenset({"slash"}), observed_in_probe("Factory Droid 0.225.2")),
    install=AgentInstall(("droid",), "@factory/cli", observed_package_version="0.225.1"),
    mcp_skills=no_client_in("@factory/cli 0.225.1 with @factory/cli-linux-x64 0.225.2"),
    # AGENTS.md (the root's, nested ones, `.factory/AGENTS.md`) and custom commands, found
    # recursively below `.factory/commands`, whose body seeds the next turn.
    mention_files=MentionFiles(
        ("**/AGENTS.md", ".factory/commands/**/*.md"),
        Provenance(
            "cited",
            "https://docs.factory.ai/cli/configuration/agents-md and "
            "https://docs.factory.ai/cli/configuration/custom-slash-commands",
        ),
    ),
)
