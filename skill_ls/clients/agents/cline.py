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
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="cline",
    name="Cline CLI",
    discovery=Discovery(
        project_roots=(".clinerules/skills", ".cline/skills", ".agents/skills"),
        user_roots=("~/.cline/skills", "~/.agents/skills"),
        nested=False,
        max_depth=1,
        loads_ignored=True,
    ),
    reading=Reading(
        yaml="strict",
        yaml_loader="yaml-1.2-core",
        bad_frontmatter="ignore",
    ),
    fields=FieldSupport(extra=frozenset({"disabled", "enabled"}), unknown="ignore"),
    clashes=Clashes(
        clash="last-wins",
        scope_order=("project", "user"),
        clash_keeps_place=True,
    ),
    listing=Listing(
        hidden_when=(("disabled", True), ("enabled", False)),
        format="available-skills",
    ),
    activation=Activation(format="skill-content"),
    notes="",
    provenance=Provenance("observed", "Cline CLI 3.0.65"),
    install=AgentInstall(("cline",), "cline"),
)
