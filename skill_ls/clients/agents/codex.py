"""OpenAI Codex (`codex`), observed in the client lab (`clientlab/`): every fact was seen in
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
from skill_ls.clients.listing import CODEX_IMPLICIT_INVOCATION, Listing
from skill_ls.clients.markup_facts import shown_as_written
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, MentionFiles, observed_in_probe
from skill_ls.clients.model import Client, OlderBehaviour
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

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

_NEWEST = Client(
    id="codex",
    name="OpenAI Codex",
    discovery=Discovery(
        # A SKILL.md directly in a root is a skill too, named after the root folder without
        # `name`, and the skills below it load as well (lab scenario root-skill-md).
        root_skill_md="skill",
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
    ),
    reading=Reading(
        # serde_yaml, yet an unquoted `key: a: b` loads (as a string); an unclosed quote or
        # a tab indent drops the skill.
        yaml="lenient",
        # `---` must be the first line (a byte-order mark hides the frontmatter).
        frontmatter_at_start=True,
        # `description: 42` is listed as "42", `name: 404` as "404"; a list description
        # drops the skill, as no description does, and so does a list `name`, where no
        # `name` falls back to the folder's (lab scenarios description-not-string,
        # name-not-string, missing-name): the name is read as text, a whole number
        # included, and nothing else. An empty `name:` is taken as no name (not observed).
        typed_fields=(("name", "text"),),
        typed_null_ok=True,
        non_string_name="number-text",
        non_string_description="number-text",
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="ignore",
    ),
    clashes=Clashes(
        clash="not-merged",
        builtin_clash="not-merged",
    ),
    listing=Listing(
        format="codex-instructions",
        # 2% of the model's context window, in tokens (a line costs its UTF-8 bytes / 4,
        # rounded up). The lab's model was unknown to Codex, whose fallback model metadata
        # gives a 272,000-token window (5,440 tokens). Without a window: 8,000 characters.
        context_window=272_000,
        chars_per_token=4,
        catalog_share=0.02,
        catalog_budget=8000,
        hidden_when=((CODEX_IMPLICIT_INVOCATION, False),),
    ),
    activation=Activation(
        # The activation is the file as read, CRLF line ends included.
        line_ends="kept",
        format="codex-skill",
        ambiguous_refusal=(
            "Codex loads {count} skills named {name} and lists them all, but a `${name}` "
            "mention of an ambiguous name activates none of them"
        ),
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
    provenance=Provenance("observed", "Codex 0.171.0"),
    # Cited, not observed: the format carries its own provenance.
    bundles=(CODEX_PLUGIN,),
    markup=shown_as_written("Codex 0.171.0", whole_file=True),
    mentions=MentionFacts(frozenset({"dollar"}), observed_in_probe("Codex 0.171.0")),
    install=AgentInstall(("codex",), "@openai/codex"),
    mcp_skills=no_client_in("@openai/codex 0.171.0 with its platform binary"),
    # Project instructions, from the project's root down to the working folder.
    mention_files=MentionFiles(
        ("**/AGENTS.md", "**/AGENTS.override.md"),
        Provenance("cited", "https://developers.openai.com/codex/guides/agents-md"),
    ),
)


# Older Codex versions differ in their built-in skills only (lab records codex-0.168.0 and
# codex-0.158.0, bisected between published versions; every catalog shows the built-ins,
# and the budget scenario cuts elsewhere): from 0.159.0 to 0.168.0 `openai-docs` is
# described otherwise; before 0.159.0 (0.153.0 and 0.158.0 seen alike) also a built-in
# `plugin-creator` is listed. Their rows are the newest's, observed at those versions
# (`skill_ls/data/builtins/codex@<version>.json`).
CLIENT = replace(
    _NEWEST,
    older=(
        OlderBehaviour(
            until="0.159.0",
            change="a built-in `plugin-creator` is listed too",
            row=_NEWEST.observed_at("0.158.0"),
        ),
        OlderBehaviour(
            until="0.169.0",
            change="the built-in `openai-docs` is described otherwise",
            row=_NEWEST.observed_at("0.168.0"),
        ),
    ),
)
