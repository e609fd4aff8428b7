"""Goose (`goose`): it cannot run here, so its facts are cited from the source or
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
    id="goose",
    name="Goose",
    discovery=Discovery(
        project_roots=(".agents/skills", ".goose/skills", ".claude/skills"),
        user_roots=(
            "~/.agents/skills",
            "$XDG_CONFIG_HOME/goose/skills",
            "~/.claude/skills",
            "~/.config/agents/skills",
        ),
        nested=True,
        max_depth=64,  # Goose sets no depth limit: as deep as skill-ls walks
        skill_md_ends_walk=False,
        loads_ignored=True,  # the walk skips only .git, .hg and .svn
    ),
    reading=Reading(
        yaml="strict",
    ),
    fields=FieldSupport(
        extra=frozenset(),
        unknown="ignore",
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
    notes="Project folders, then user folders, then plugin folders, then built-in "
    "skills; the first skill loaded with a name wins (a found skill replaces a built-in "
    "one). Every folder below a root is walked, also below a SKILL.md (only .git, .hg "
    "and .svn are skipped; Goose sets no depth limit, 64 is this walker's cap). A "
    "missing name drops the skill; the name is never compared with the folder; extra "
    "keys are ignored (argument-hint/arguments are read from `metadata`). The model "
    "sees a bullet list '• name - description' in the skills extension's instructions "
    "and activates with load_skill(name), which returns '# Loaded Skill: ...' with the "
    "body and supporting files; neither format has a renderer here. Older docs listed "
    "user folders first with 'later directory wins'.",
    provenance=Provenance(
        "cited",
        "aaif-goose/goose/crates/goose/src/skills/mod.rs (all_skill_dirs, "
        "scan_skills_from_dir, discover_skills; formerly block/goose) and "
        "crates/goose/src/skills/client.rs (instructions list, load_skill tool)",
    ),
)
