"""insomnia (`insomnia`): it cannot run here, so its facts are cited from the source or
documentation its provenance names."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.listing import Listing
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="insomnia",
    name="insomnia",
    discovery=Discovery(
        project_roots=(".insomnia/skills",),
        user_roots=("$XDG_CONFIG_HOME/insomnia/skills",),
    ),
    reading=Reading(
        yaml="strict",
        lenient_name=False,
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="warn",
    ),
    clashes=Clashes(
        clash="first-wins",
        scope_order=("project", "extra", "user"),
    ),
    listing=Listing(
        format="available-skills",
    ),
    activation=Activation(
        format="skill-content",
    ),
    notes="insomnia is Yoi's earlier name (May 2026). Skills load only from the "
    "manifest's `[skills] directories`, in order; the two roots here are the ones its "
    "design ticket named, not defaults in code. Only <root>/<name>/SKILL.md is read. A "
    "skill whose name differs from its folder, or that breaks the name/description "
    "rules, is skipped with a warning; unknown keys warn and are ignored. The first "
    "skill with a slug wins and a Workflow of the same slug shadows it. Skills become "
    "Workflows (/<name>); the catalog text is not confirmed here.",
    provenance=Provenance(
        "cited",
        "HareK02/yoi@9d709c64 crates/memory/src/skill.rs (parse_skill_md, "
        "load_skills_from_dir), crates/memory/src/workflow.rs (merge_skill) and "
        "crates/pod/src/pod.rs (ingest_skills)",
    ),
)
