"""Copilot Chat (VS Code) (`copilot`): it cannot run here, so its facts are cited from the source or
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
    id="copilot",
    name="Copilot Chat (VS Code)",
    discovery=Discovery(
        project_roots=(".github/skills", ".agents/skills", ".claude/skills"),
        user_roots=("~/.copilot/skills", "~/.agents/skills", "~/.claude/skills"),
    ),
    reading=Reading(
        yaml="strict",
    ),
    fields=FieldSupport(
        extra=frozenset(
            {
                "argument-hint",
                "user-invocable",
                "disable-model-invocation",
                "context",
            }
        ),
        unknown="warn",
    ),
    clashes=Clashes(
        clash="first-wins",
        scope_order=("project", "extra", "user"),
    ),
    listing=Listing(
        format="copilot-skills",
        hidden_when=(("disable-model-invocation", True),),
    ),
    activation=Activation(
        format="read-file",
    ),
    notes="Workspace skills sort before personal ones, then plugin and extension "
    "skills; within a scope the folders keep their listed order; a later duplicate "
    "name is skipped ('duplicate-name'). Only <root>/<name>/SKILL.md is read. Since "
    "microsoft/vscode#304316 (March 2026) the folder name is the skill's id: a "
    "frontmatter name that differs is replaced by the folder name (the editor marks "
    "it); older releases skipped such a skill as 'name-mismatch'.",
    provenance=Provenance(
        "cited",
        "microsoft/vscode/src/vs/workbench/contrib/chat/common/promptSyntax/service/"
        "promptsServiceImpl.ts (computeSkillDiscoveryInfo: priority sort, duplicate-name, "
        "folder name as id) with config/promptFileLocations.ts "
        "(DEFAULT_SKILL_SOURCE_FOLDERS), utils/promptFilesLocator.ts "
        "(findAgentSkillsInFolder: one level), computeAutomaticInstructions.ts (<skills> "
        "catalog, read_file activation) and languageProviders/promptValidator.ts "
        "(skill attributes)",
    ),
)
