"""Kimi Code CLI (`kimi-code`), observed in the client lab (`clientlab/`): every fact was seen
in the real agent at the version its provenance names, and `tests/lab/` replays it byte
for byte."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import shown_as_written
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="kimi-code",
    name="Kimi Code CLI",
    discovery=Discovery(
        # Project: .kimi-code/skills and .agents/skills at the git root; user:
        # ~/.kimi-code/skills ($KIMI_CODE_HOME/skills) and ~/.agents/skills.
        project_roots=(".kimi-code/skills", ".agents/skills"),
        user_roots=("~/.kimi-code/skills", "~/.agents/skills"),
        # Every folder below a root until one holds SKILL.md (a folder holding one is not
        # entered); a dot folder or node_modules is not entered, but a SKILL.md directly
        # in one is still a skill. Its walk stops nine folders below a root.
        nested=True,
        max_depth=9,
        # A `*.md` directly in a root is a skill of its own, named after the file.
        root_markdown_skills=True,
        loads_ignored=True,
    ),
    reading=Reading(
        # js-yaml 4 (`load`): a YAML error drops the skill.
        yaml="strict",
        yaml_loader="js-yaml",
        # A SKILL.md needs a non-blank `name` and `description` string.
        name_required=True,
    ),
    fields=FieldSupport(
        extra=frozenset({"disable-model-invocation", "when_to_use", "arguments"}),
        unknown="ignore",
    ),
    clashes=Clashes(
        # Project over user over extra over built-in.
        clash="first-wins",
        scope_order=("project", "user", "extra"),
        builtin_position="last",
    ),
    listing=Listing(
        hidden_when=(("disable-model-invocation", True),),
        format="kimi-skill-listing",
    ),
    activation=Activation(
        format="kimi-skill-loaded",
        argument_placeholders="kimi-code",
        hidden_refusal=(
            'Skill "{name}" can only be triggered by the user (model invocation is disabled).'
        ),
    ),
    notes="",
    provenance=Provenance("observed", "Kimi Code CLI 2.1.0"),
    markup=shown_as_written("Kimi Code CLI 2.1.0"),
    install=AgentInstall(("kimi",), "@moonshot-ai/kimi-code"),
)
