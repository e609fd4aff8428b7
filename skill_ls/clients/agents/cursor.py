"""Cursor (`cursor`): it cannot run here, so its facts are cited from the source or
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
    id="cursor",
    name="Cursor",
    discovery=Discovery(
        project_roots=(".agents/skills", ".cursor/skills", ".claude/skills", ".codex/skills"),
        user_roots=("~/.agents/skills", "~/.cursor/skills", "~/.claude/skills", "~/.codex/skills"),
    ),
    reading=Reading(
        yaml="strict",
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
        format="available-skills",
        hidden_when=(("disable-model-invocation", True),),
    ),
    activation=Activation(
        format="read-file",
    ),
    notes="Closed source; roots and fields from the docs (Claude and Codex folders are "
    "read for compatibility; Cursor also ships built-in skills such as /babysit). "
    "Undocumented, so guide defaults: clash rule (first root found, project first), "
    "scan depth, what a name/folder mismatch does, unknown keys, the catalog text and "
    "how activation reads the skill.",
    provenance=Provenance("cited", "https://cursor.com/docs/skills"),
)
