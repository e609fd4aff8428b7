"""Yoi (`yoi`): it cannot run here, so its facts are cited from the source or
documentation its provenance names."""

from __future__ import annotations

from skill_ls.clients.activation import Activation
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.fields import YOI_FORBIDDEN_FIELDS
from skill_ls.clients.listing import Listing
from skill_ls.clients.model import Client
from skill_ls.clients.provenance import Provenance
from skill_ls.clients.reading import Reading

CLIENT = Client(
    id="yoi",
    name="Yoi",
    discovery=Discovery(
        project_roots=(".yoi/skills",),
        user_roots=(),
    ),
    reading=Reading(
        yaml="strict",
        lenient_name=False,
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="ignore",
        forbidden=frozenset(YOI_FORBIDDEN_FIELDS),
    ),
    clashes=Clashes(
        clash="project-wins",
        scope_order=("builtin", "extra", "project"),
        has_builtin=True,
    ),
    listing=Listing(
        format="available-skills",
        view="yoi-catalog",
    ),
    activation=Activation(
        format="skill-content",
    ),
    notes="The Workspace backend reads skills as imports of "
    "`.yoi/skills/<name>/SKILL.md` in the workspace config (a file that is not "
    "imported is not listed) plus one built-in skill (agent-skills), which a workspace "
    "skill of the same name overrides (recorded in `overrides`). A name that differs "
    "from the skill id, an invalid name, an empty description or a workflow field "
    "(model_invocation, user_invocable, prompt, ...) is an error diagnostic and "
    "activation is refused; other extra keys are accepted without a warning "
    "(allowed-tools warns that it is a hint only). Activation commits the SKILL.md "
    "body to history; the catalog text the model sees is not confirmed here.",
    provenance=Provenance(
        "cited",
        "HareK02/yoi/crates/workspace-server/src/skills.rs (merged_skills, parse_skill: "
        "builtin override, skill_name_mismatch, workflow_authority fields)",
    ),
)
