"""Which function renders each format a client row names: the row's `listing.format`,
`listing.view` and `activation.format` are typed ids (`clients.listing`, `clients.activation`),
and these maps are the one place a renderer is registered (a test holds them complete)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skill_ls.clients.activation import ActivationFormat
from skill_ls.clients.listing import CatalogFormat, CatalogView
from skill_ls.clients.model import Client
from skill_ls.render.activation import ActivationSource, read_file, skill_content
from skill_ls.render.claude import claude_base_directory, claude_listing
from skill_ls.render.cline import cline_catalog, cline_command
from skill_ls.render.codex import codex_instructions, codex_skill
from skill_ls.render.continue_cli import continue_catalog, continue_skill
from skill_ls.render.copilot_cli import copilot_cli_activation, copilot_cli_catalog
from skill_ls.render.droid import droid_catalog, droid_skill
from skill_ls.render.gemini import gemini_activated, gemini_catalog
from skill_ls.render.kimi import kimi_catalog, kimi_skill_loaded
from skill_ls.render.oh_my_pi import omp_catalog, omp_read
from skill_ls.render.opencode import opencode_catalog, opencode_skill_content
from skill_ls.render.pi import pi_catalog, pi_read
from skill_ls.render.qwen import qwen_base_directory, qwen_catalog
from skill_ls.render.rendering import Rendering
from skill_ls.render.xml_catalogs import available_skills, copilot_skills
from skill_ls.render.yoi import yoi_catalog
from skill_ls.workspace import LoadedSkill, WorkspaceIndex

CatalogRenderer = Callable[[Sequence[LoadedSkill], Client], Rendering]
ActivationRenderer = Callable[[ActivationSource, str], Rendering]

# "none" (an upload target) has no renderer: it has no catalog and activates nothing.
CATALOGS: dict[CatalogFormat, CatalogRenderer] = {
    "available-skills": available_skills,
    "pi-available-skills": pi_catalog,
    "claude-listing": claude_listing,
    "codex-instructions": codex_instructions,
    "copilot-skills": copilot_skills,
    "opencode-available-skills": opencode_catalog,
    "copilot-cli-available-skills": copilot_cli_catalog,
    "gemini-available-skills": gemini_catalog,
    "qwen-available-skills": qwen_catalog,
    "droid-available-skills": droid_catalog,
    "kimi-skill-listing": kimi_catalog,
    "cline-skills": cline_catalog,
    "continue-skills-tool": continue_catalog,
    "omp-skills": omp_catalog,
}

ACTIVATIONS: dict[ActivationFormat, ActivationRenderer] = {
    "skill-content": skill_content,
    "claude-base-directory": claude_base_directory,
    "gemini-activated": gemini_activated,
    "codex-skill": codex_skill,
    "opencode-skill-content": opencode_skill_content,
    "read-file": read_file,
    "pi-read": pi_read,
    "copilot-cli-skill-context": copilot_cli_activation,
    "qwen-base-directory": qwen_base_directory,
    "droid-skill": droid_skill,
    "kimi-skill-loaded": kimi_skill_loaded,
    "cline-command": cline_command,
    "continue-skill": continue_skill,
    "omp-read": omp_read,
}

# Structured catalog views, besides the prompt text.
CATALOG_VIEWS: dict[CatalogView, Callable[[WorkspaceIndex], dict[str, Any]]] = {
    "yoi-catalog": yoi_catalog,
}
