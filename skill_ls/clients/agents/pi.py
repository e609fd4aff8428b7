"""pi (`pi`), observed in the client lab (`clientlab/`): every fact was seen in
the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from dataclasses import replace

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import shown_as_written
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, MentionFiles, observed_in_probe
from skill_ls.clients.model import Client, OlderBehaviour
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

_NEWEST = Client(
    id="pi",
    name="pi",
    discovery=Discovery(
        # A SKILL.md directly in a root makes the root a skill folder: it is the root's only
        # skill, named after the root folder without `name` (lab scenario root-skill-md).
        root_skill_md="only-skill",
        # Loaded in this order: the project's .pi/skills; .agents/skills in the project and
        # each ancestor up to the git root (to `/` outside a repository); ~/.pi/agent/skills;
        # ~/.agents/skills. The first copy of a name wins (a collision diagnostic names the
        # loser): project over user.
        project_roots=(".pi/skills", ".agents/skills"),
        user_roots=("~/.pi/agent/skills", "~/.agents/skills"),
        ancestors="git-root-else-top",
        ancestor_roots=(".agents/skills",),
        shared_roots_are_user=True,
        # Each folder's entries in byte order, depth first; a SKILL.md ends the walk (its
        # folder is the skill); dot entries and node_modules are skipped; symlinks are
        # followed. A root-level `*.md` is a skill of its own in the .pi roots only, named
        # (without `name`) after the root folder. No depth limit (64 here, as deep as
        # skill-ls walks).
        root_order="walk",
        nested=True,
        max_depth=64,
        skip_dot_entries=True,
        root_markdown_skills=True,
        root_markdown_roots=(".pi/skills", "~/.pi/agent/skills"),
        # .gitignore, .ignore and .fdignore count from the skills root down only.
        ignore_files_from="root",
    ),
    reading=Reading(
        # `name: "  x  "` keeps its spaces (lab scenario untrimmed-fields).
        trims_name=False,
        # The `yaml` package (YAML 1.2): an unquoted `: `, a tab indent or an unclosed quote
        # drops the skill; `yes` and "true" are strings, not true.
        yaml="strict",
        # `npm view @mariozechner/pi-coding-agent@0.73.1 dependencies`: yaml ^2.8.2.
        yaml_loader="yaml-1.2-core",
        frontmatter_at_start=True,
        unique_keys=True,
        # `name: 404` drops the skill, where a missing `name` takes the folder's (lab
        # scenario name-not-string).
        typed_fields=(("name", "string"),),
    ),
    fields=FieldSupport(
        extra=frozenset({"disable-model-invocation"}),
        unknown="ignore",
    ),
    clashes=Clashes(
        clash="first-wins",
        scope_order=("project", "extra", "user"),
    ),
    listing=Listing(
        format="pi-available-skills",
        hidden_when=(("disable-model-invocation", True),),
    ),
    activation=Activation(
        format="pi-read",
        line_ends="kept",
        hidden_refusal=(
            "pi leaves {name} out of the model's catalog (disable-model-invocation: true), "
            "so the model has no location to read it from; only the user can run it, with "
            "/skill:{name}"
        ),
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
    markup=shown_as_written("pi 0.73.1", whole_file=True),
    mentions=MentionFacts(frozenset({"skill-prefix"}), observed_in_probe("pi 0.73.1")),
    install=AgentInstall(("pi",), "@mariozechner/pi-coding-agent"),
    mcp_skills=no_client_in("@mariozechner/pi-coding-agent 0.73.1"),
    # The context file of each folder from the working one up (the first of AGENTS.md,
    # CLAUDE.md there).
    mention_files=MentionFiles(
        ("**/AGENTS.md", "**/CLAUDE.md"),
        Provenance("cited", "dist/core/resource-loader.js (pi 0.73.1's package)"),
    ),
)


# pi before 0.63.1 (lab record pi-0.60.0, bisected between published versions: 0.63.0 still
# does this, 0.63.1 no longer): a `*.md` file directly in any of its roots is a skill (not
# only in the `.pi` roots), and a SKILL.md directly in a root is a skill beside the root's
# others, the walk going on below it (lab scenarios flat-files, flat-clash, root-skill-md).
_BEFORE = replace(
    _NEWEST.observed_at("0.60.0"),
    discovery=replace(_NEWEST.discovery, root_skill_md="skill", root_markdown_roots=()),
)

CLIENT = replace(
    _NEWEST,
    older=(
        OlderBehaviour(
            until="0.63.1",
            change="a root-level `*.md` is a skill in every root (not only the `.pi` ones) and "
            "a SKILL.md in a root is a skill beside the root's other skills",
            row=_BEFORE,
        ),
    ),
)
