"""Cline CLI (`cline`), observed in the client lab (`clientlab/`): every fact was seen in
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
    id="cline",
    name="Cline CLI",
    discovery=Discovery(
        # A SKILL.md directly in a root is a skill too, named after the root folder without
        # `name`, and the folders beside it load as well (lab scenario root-skill-md).
        root_skill_md="skill",
        # Loaded in this order: .clinerules/skills, .cline/skills, .agents/skills of the
        # project, then ~/.cline/skills and ~/.agents/skills. Not .claude/skills, nor
        # ~/.cline/data/skills. Run in a sub-folder of a repository, it read the roots at the
        # git root and not the sub-folder's (one extra run).
        project_roots=(".clinerules/skills", ".cline/skills", ".agents/skills"),
        user_roots=("~/.cline/skills", "~/.agents/skills"),
        # Only folders directly below a root (links to folders too), in the order the file
        # system lists them; ignore files do not matter.
        nested=False,
        max_depth=1,
        root_order="directory",
        loads_ignored=True,
    ),
    reading=Reading(
        # The `yaml` package (YAML 1.2 core, repeated keys rejected): a block it rejects drops
        # the skill; a file without a block loads under its folder's name, the whole text its
        # body. A missing `name` falls back to the folder; a missing or empty description
        # still lists the skill (the catalog has names only).
        yaml="strict",
        yaml_loader="yaml-1.2-core",
        unique_keys=True,
        bad_frontmatter="ignore-missing",
        missing_description="listed",
        # `disabled` and `enabled` must be true or false (or empty): `yes` or "true" drops
        # the skill.
        # A `name` or `description` that is not a string (`404`, a list) drops it too (lab
        # scenarios name-not-string, description-not-string).
        typed_fields=(
            ("disabled", "bool"),
            ("enabled", "bool"),
            ("name", "string"),
            ("description", "string"),
        ),
        typed_null_ok=True,
    ),
    fields=FieldSupport(extra=frozenset({"disabled", "enabled"}), unknown="ignore"),
    clashes=Clashes(
        # Skills are kept in a map keyed by the lower-cased name (`Twin` and `twin` are one
        # name): a later copy replaces an
        # earlier one (the user's over the project's, a later root's over an earlier one's,
        # within a root the later folder in directory order) but keeps its place.
        clash="last-wins",
        scope_order=("project", "user", "extra"),
        clash_keeps_place=True,
        fold_case=True,
    ),
    listing=Listing(
        # `disabled: true` or `enabled: false`: loaded, not listed, its activation refused.
        hidden_when=(("disabled", True), ("enabled", False)),
        format="cline-skills",
    ),
    activation=Activation(
        # The name asked for is trimmed: `"  spaced  "` finds `spaced` (lab scenario
        # untrimmed-fields).
        trims_request=True,
        line_ends="kept",
        hidden_refusal='Skill "{name}" is configured but disabled.',
        format="cline-command",
    ),
    notes=(
        "Lists the names of its skills, nothing else, at the end of its `skills` tool's "
        "description (`Available skills: a, b.`), in load order: project roots, then user "
        "roots, each root's folders in the order the file system lists them (on ext4 a "
        "hash of the names, seeded per file system, so another machine may list the same "
        "skills in another order; skill-ls reads the folders the same way). The tool is "
        "offered only when some skill is loaded. Activation is the tool's answer: the "
        "name, the arguments (trimmed) in `<command-args>`, `Description: ` and the "
        "description, then the body trimmed, line ends kept; nothing escaped, "
        "placeholders not filled, `disable-model-invocation` and `user-invocable` not "
        "read. `disabled: true` or `enabled: false` leaves a skill out of the catalog and "
        'its activation answers that it is "configured but disabled"; a `disabled` or '
        "`enabled` that is not true, false or empty, a YAML error or a repeated key drops "
        "the skill. Not modelled: a `name` or `description` that is not a string, or an "
        "empty body, drops the skill too; a frontmatter that is not a mapping (a list) "
        "loads the skill under its folder's name (skill-ls drops it). A "
        "SKILL.md directly in a root is also a skill (not modelled). The behaviours "
        "beyond the lab's scenarios (disabled, enabled, no or a non-mapping frontmatter, "
        "repeated keys, empty body, a clash within a root, a sub-folder of a repository) "
        "were seen in two extra runs of the same version."
    ),
    provenance=Provenance("observed", "Cline CLI 3.0.65"),
    markup=shown_as_written("Cline CLI 3.0.65"),
    # Headless (`cline --json "prompt"`), every probe form reached the model as written: no
    # form activates a skill there.
    mentions=MentionFacts(frozenset(), observed_in_probe("Cline CLI 3.0.65")),
    install=AgentInstall(("cline",), "cline"),
    mcp_skills=no_client_in("cline 3.0.65 with @cline/cli-linux-x64 3.0.65"),
)
