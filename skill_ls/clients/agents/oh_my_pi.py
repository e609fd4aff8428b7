"""oh-my-pi (`omp`), observed in the client lab (`clientlab/`): every fact was seen in the
real agent at the version its provenance names, and `tests/lab/` replays it byte for byte."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.mcp_skills import no_client_in
from skill_ls.clients.mention_forms import MentionFacts, observed_in_probe
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="oh-my-pi",
    name="oh-my-pi",
    discovery=Discovery(
        # Read, in the order its providers rank them (the first copy of a name wins):
        # .omp/skills, .claude/skills, .agent/skills and .agents/skills, .codex/skills,
        # .opencode/skills, .github/skills of the project; ~/.omp/agent/skills,
        # ~/.agent/skills and ~/.agents/skills. Not read by default: ~/.claude/skills,
        # ~/.codex/skills, ~/.config/opencode/skills (seen in the `roots` scenario).
        project_roots=(
            ".omp/skills",
            ".claude/skills",
            ".agent/skills",
            ".agents/skills",
            ".codex/skills",
            ".opencode/skills",
            ".github/skills",
        ),
        user_roots=("~/.omp/agent/skills", "~/.agent/skills", "~/.agents/skills"),
        # Its .omp, .claude and .agent(s) providers walk up from the working folder to the
        # git root (to `/` outside a repository, the home folder skipped):
        # src/discovery/builtin.ts, claude.ts and agents.ts of its package.
        ancestors="git-root-else-top",
        ancestor_roots=(".omp/skills", ".claude/skills", ".agent/skills", ".agents/skills"),
        skip_dot_entries=True,
        loads_ignored=True,
    ),
    reading=Reading(
        # A blank line before the opening `---` hides the block (lab scenario
        # frontmatter-after-line).
        frontmatter_first_line=True,
        # `description: "   "` is listed, `description: ""` drops the skill (lab
        # scenario untrimmed-fields).
        blank_description="keep-blank",
        yaml="lenient",
        # A skill without `name` takes its folder's (`name_required` stays False).
        field_reader="yaml-else-simple",
        # A `description` that is not a string (a list, `42`) is listed with an empty one,
        # though `description: ""` drops the skill (lab scenarios description-not-string,
        # empty-description).
        non_string_description="empty",
    ),
    fields=FieldSupport(
        extra=frozenset({"disable-model-invocation"}),
        unknown="ignore",
    ),
    clashes=Clashes(
        clash="first-wins",
        scope_order=("project", "extra", "user"),
        list_order="name",
    ),
    listing=Listing(
        format="omp-skills",
        hidden_when=(("disable-model-invocation", True),),
    ),
    activation=Activation(format="omp-read"),
    notes=(
        "A fork of pi that runs on Bun, with a catalog of its own: `- name: description` "
        "lines in `<skills>`, every skill it loads sorted by name (lower-cased first), "
        "nothing escaped, no budget seen; the whole system prompt is then tidied line by "
        "line (trailing spaces cut, blank-line runs dropped outside code fences). "
        "Each of its providers (its own .omp, then Claude Code's, .agent(s), Codex's, "
        "OpenCode's and GitHub's folders) reads only the direct children of its roots; the "
        "first copy of a name in that rank wins. A YAML error is repaired (tabs read as "
        "spaces, a plain value holding `: ` quoted), else each `key: value` line is read "
        "alone; a skill without `name` takes its folder's, one without a description is "
        "skipped. The model activates a skill by reading `skill://<name>` with `read`: the "
        "file with CRLF made LF and its last line end dropped; an unknown name answers "
        "`Unknown skill: <name>` and the names it has. From its package's source, not "
        "observed: `hide: true` also leaves a skill out of the catalog, `enabled: false` "
        "drops it, and ~/.claude/skills and ~/.codex/skills are read once enabled in its "
        "settings. Pinned at 18.2.3: the registry here lacks @oh-my-pi/omp-stats 18.3.4, "
        "which the newest 18.3.4 needs."
    ),
    provenance=Provenance("observed", "oh-my-pi 18.2.3"),
    # Run with -p, no prompt form activated the skill (`/skill:name` included, unlike pi).
    mentions=MentionFacts(frozenset(), observed_in_probe("oh-my-pi 18.2.3")),
    install=AgentInstall(("omp",), "@oh-my-pi/pi-coding-agent"),
    mcp_skills=no_client_in("@oh-my-pi/pi-coding-agent 18.2.3"),
)
