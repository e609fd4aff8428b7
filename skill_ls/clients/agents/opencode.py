"""OpenCode (`opencode`), observed in the client lab (`clientlab/`): every fact was seen in
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
from skill_ls.clients.mention_forms import MentionFacts, observed_in_probe
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="opencode",
    name="OpenCode",
    discovery=Discovery(
        # A SKILL.md directly in a root is a skill too, and the skills below it load as well
        # (lab scenario root-skill-md).
        root_skill_md="skill",
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
    ),
    reading=Reading(
        # A blank line before the opening `---` hides the block (lab scenario
        # frontmatter-after-line).
        frontmatter_first_line=True,
        # `name: "  x  "` keeps its spaces (lab scenario untrimmed-fields).
        trims_name=False,
        # gray-matter (js-yaml); a block it rejects is retried with each unquoted `key: a: b`
        # value made a block scalar.
        yaml="lenient",
        # gray-matter 4.0.3 depends on js-yaml ^3.13.1 (`npm view gray-matter@4.0.3
        # dependencies`); opencode-ai itself ships a binary, so that dependency is cited.
        yaml_loader="js-yaml-3",
        # js-yaml 3 ends the indentation at a tab: `\tversion: 1` under the description, or
        # under `metadata:`, is a top-level key (lab scenarios tab-key, tab-nested).
        tab_indent="none",
        name_required=True,
        missing_description="unlisted",
        blank_description="keep",
        # A missing description leaves the skill out of the catalog, one that is not a
        # string (a list, `42`) drops it: it cannot be activated either (lab scenario
        # description-not-string).
        typed_fields=(("description", "string"),),
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="ignore",
    ),
    clashes=Clashes(
        # Every file is parsed at once and the last parse to finish sets the name: the
        # copy loaded last usually wins, but not always (skill-ls shows that one).
        clash="varies",
        clash_note="OpenCode loads skills concurrently; any of the copies may win",
        scope_order=("user", "extra", "project"),
    ),
    listing=Listing(
        format="opencode-available-skills",
    ),
    activation=Activation(
        line_ends="kept",
        format="opencode-skill-content",
        # `rg --files` walks sub-folders on several threads: `references/` came before
        # `assets/` in one run of the resources scenario out of many (OpenCode 1.18.33).
        file_order="threads",
    ),
    notes=(
        "Walks up to the repository root; every SKILL.md below a root loads. A name "
        "clash is a race (skills load concurrently): any of the copies may win. No `name`: "
        "skipped; no `description`: loaded but left out of the catalog. The catalog is "
        "sorted by name (localeCompare), built-in included; names and descriptions are "
        "not escaped. disable-model-invocation and other extra keys are ignored."
    ),
    provenance=Provenance("observed", "OpenCode 1.18.33"),
    markup=shown_as_written("OpenCode 1.18.33"),
    mentions=MentionFacts(frozenset(), observed_in_probe("OpenCode 1.18.33")),
    install=AgentInstall(("opencode",), "opencode-ai"),
    mcp_skills=no_client_in("opencode-ai 1.18.33 with its platform binary"),
)
