"""Agent Skills spec (`agentskills`): it cannot run here, so its facts are cited from the source or
documentation its provenance names."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.listing import Listing
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="agentskills",
    name="Agent Skills spec",
    discovery=Discovery(
        project_roots=(".agents/skills",),
        user_roots=("~/.agents/skills",),
    ),
    reading=Reading(
        yaml="lenient",
        # The spec says `name` must equal the folder and the reference validator rejects a
        # mismatch, so the profile does too (the client guide lets a client warn and load).
        lenient_name=False,
        # The reference validator reads frontmatter with strictyaml (skills_ref/parser.py):
        # every scalar is a string.
        yaml_loader="strictyaml",
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="warn",
    ),
    listing=Listing(
        format="available-skills",
        hidden_when=(("disable-model-invocation", True),),
    ),
    activation=Activation(
        format="skill-content",
    ),
    notes="The agentskills.io specification and its client-implementation guide: "
    "project and user `.agents/skills` (plus the client's own folder); project beats "
    "user, first- or last-found within a scope; YAML with unquoted colons is retried; "
    "disable-model-invocation hides the skill from <available_skills>. The guide "
    "suggests bounding any deeper scan at 4-6 levels but only defines "
    "<root>/<name>/SKILL.md; it says nothing about unknown keys. As strict as the spec "
    "and its reference validator (skills-ref 0.1.1): a name that differs from its "
    "folder (after NFKC normalisation) is an error, though the guide lets clients warn "
    "and load it; names may hold lowercase letters of any script.",
    provenance=Provenance(
        "cited",
        "agentskills/agentskills/docs/client-implementation/integrating-skills.mdx "
        "(scan paths, collisions, lenient validation, <available_skills> catalog, "
        "filtering, activation), docs/specification.mdx and skills-ref 0.1.1 "
        "skills_ref/validator.py (_validate_name: NFKC, lowercase, alphanumerics and "
        "hyphens, folder match)",
    ),
)
