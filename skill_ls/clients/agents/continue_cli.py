"""Continue CLI (`continue`, the `cn` command), observed in the client lab (`clientlab/`):
every fact was seen in the real agent at the version its provenance names, and `tests/lab/`
replays it byte for byte."""

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
    id="continue",
    name="Continue CLI",
    discovery=Discovery(
        # Read in this order: .continue/skills and .claude/skills of the folder `cn` runs in
        # (not its ancestors, not a sub-folder's), then ~/.continue/skills
        # ($CONTINUE_GLOBAL_DIR/skills when set). Only real folders directly below a root
        # that hold SKILL.md: a link to a folder is passed over; ignore files and dot
        # folders do not matter. Each root's folders come in byte order (Node's readdir).
        project_roots=(".continue/skills", ".claude/skills"),
        user_roots=("~/.continue/skills",),
        nested=False,
        max_depth=1,
        loads_ignored=True,
        root_order="path",
        follows_links=False,
    ),
    reading=Reading(
        # `name` and `description` are kept as written, spaces included; one of spaces
        # only counts, an empty one does not (lab scenario untrimmed-fields).
        trims_name=False,
        blank_description="keep-blank",
        # The `yaml` package (YAML 1.2 core schema, repeated keys rejected): a block it
        # rejects (an unquoted `: `, an unclosed quote, a tab before a key) drops the skill,
        # as does a `name` or `description` that is not a string or is empty. A byte-order
        # mark hides the block. The name is not checked against the folder or any rule.
        yaml="strict",
        yaml_loader="yaml-1.2-core",
        unique_keys=True,
        # The block is found between the first two `---` lines wherever they are (lab
        # scenarios frontmatter-after-line, frontmatter-bom-rule).
        frontmatter_split=True,
        name_required=True,
    ),
    fields=FieldSupport(
        # It reads `name` and `description` only.
        extra=frozenset(),
        unknown="ignore",
    ),
    clashes=Clashes(
        # Every copy of a name is listed; the Skills tool answers with the first one loaded.
        clash="not-merged",
        scope_order=("project", "extra", "user"),
        order_note="Continue CLI lists skills as concurrent file reads finish: usually by "
        "root, then by folder name in byte order, but the order can change between runs",
    ),
    listing=Listing(
        format="continue-skills-tool",
    ),
    activation=Activation(
        format="continue-skill",
    ),
    notes=(
        "The catalog is the description of its Skills tool: a fixed sentence, then "
        "`name:` and `description:` lines per skill, entries joined by `,`, nothing "
        "escaped, trimmed or capped, no budget; every copy of a name is listed (the first "
        "loaded answers). disable-model-invocation, user-invocable and every field besides "
        "name and description are ignored. Activation answers with the name, the "
        "description and the body (after the second `---` line, trimmed) in tags, and the "
        "skill's other files (every file below its folder, dot files and links included, "
        "sorted with localeCompare): relative to the project folder for a project skill, "
        "absolute for a user skill. Arguments are not applied. Seen in extra runs of the "
        "same version: the clash of .continue, .claude and ~/.continue copies (all listed, "
        "the first activated), a frontmatter block after a first line still read, a "
        "name and a description kept untrimmed, a blank (not empty) description kept, a "
        "numeric name or a repeated key dropping the skill (the block after a line, the "
        "untrimmed name and the blank description are not modelled). Its own `/skill-<name>` "
        "form (not one of the probe's) reached the model as written with `-p` in one extra "
        "run; its bundle rewrites it to an instruction to use the Skills tool in the "
        "interactive mode (read, not observed)."
    ),
    provenance=Provenance("observed", "Continue CLI 1.5.47"),
    markup=shown_as_written("Continue CLI 1.5.47"),
    mentions=MentionFacts(frozenset(), observed_in_probe("Continue CLI 1.5.47")),
    install=AgentInstall(("cn",), "@continuedev/cli"),
    mcp_skills=no_client_in("@continuedev/cli 1.5.47"),
)
