"""Kilo Code CLI (`kilo`), observed in the client lab (`clientlab/`): every fact was seen in
the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import MarkupFacts, observed_in_lab
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

KILO_UNTRUSTED_NOTICE = "[skill shell execution disabled for untrusted skill]"

CLIENT = Client(
    id="kilo",
    name="Kilo Code CLI",
    discovery=Discovery(
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
    ),
    reading=Reading(
        # An OpenCode fork: the same reader (gray-matter on js-yaml 3, unquoted `key: a: b`
        # retried as a block scalar), the same walk, catalog and `skill` tool.
        yaml="lenient",
        yaml_loader="js-yaml-3",
        name_required=True,
        missing_description="unlisted",
        blank_description_ok=True,
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="ignore",
    ),
    clashes=Clashes(
        clash="varies",
        clash_note="Kilo loads skills concurrently, as OpenCode does; any of the copies may win",
        scope_order=("user", "extra", "project"),
    ),
    listing=Listing(
        format="opencode-available-skills",
    ),
    activation=Activation(
        line_ends="kept",
        format="opencode-skill-content",
    ),
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
    markup=MarkupFacts(
        frontmatter_comments_reach_model=False,
        trailing_comment_in_description=False,
        body_html_comments_reach_model=True,
        shell_commands="notice",
        shell_syntax="kilo",
        shell_notice=KILO_UNTRUSTED_NOTICE,
        # Cited from its bundle (SkillInject): skills of the user's global roots (and its
        # built-ins) are trusted; their commands run after an interactive approval. A probe
        # with the lab's skill in ~/.agents/skills got no activation text in `kilo run`,
        # which cannot give that approval. The lab's scenarios hold project skills.
        shell_trusted_scopes=frozenset({"user", "builtin"}),
        provenance=observed_in_lab("Kilo Code CLI 7.7.7"),
    ),
)
