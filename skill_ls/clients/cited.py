"""Clients that cannot run here: their facts are cited from their source or documentation
(the provenance names the file or page), and the spec's own profile."""

from __future__ import annotations

from skill_ls.clients.fields import YOI_FORBIDDEN_FIELDS
from skill_ls.clients.model import Client, Provenance

AGENTSKILLS = Client(
    id="agentskills",
    name="Agent Skills spec",
    extra_fields=frozenset(),
    unknown_fields="warn",
    yaml="lenient",
    project_roots=(".agents/skills",),
    user_roots=("~/.agents/skills",),
    catalog="available-skills",
    activation="skill-content",
    hidden_when=(("disable-model-invocation", True),),
    # The spec says `name` must equal the folder and the reference validator rejects a
    # mismatch, so the profile does too (the client guide lets a client warn and load).
    lenient_name=False,
    # The reference validator reads frontmatter with strictyaml (skills_ref/parser.py):
    # every scalar is a string.
    yaml_loader="strictyaml",
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


COPILOT = Client(
    id="copilot",
    name="Copilot Chat (VS Code)",
    extra_fields=frozenset(
        {
            "argument-hint",
            "user-invocable",
            "disable-model-invocation",
            "context",
        }
    ),
    unknown_fields="warn",
    yaml="strict",
    project_roots=(".github/skills", ".agents/skills", ".claude/skills"),
    user_roots=("~/.copilot/skills", "~/.agents/skills", "~/.claude/skills"),
    clash="first-wins",
    scope_order=("project", "extra", "user"),
    catalog="copilot-skills",
    activation="read-file",
    hidden_when=(("disable-model-invocation", True),),
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


CURSOR = Client(
    id="cursor",
    name="Cursor",
    extra_fields=frozenset({"disable-model-invocation"}),
    unknown_fields="ignore",
    yaml="strict",
    project_roots=(".agents/skills", ".cursor/skills", ".claude/skills", ".codex/skills"),
    user_roots=("~/.agents/skills", "~/.cursor/skills", "~/.claude/skills", "~/.codex/skills"),
    clash="first-wins",
    scope_order=("project", "extra", "user"),
    catalog="available-skills",
    activation="read-file",
    hidden_when=(("disable-model-invocation", True),),
    notes="Closed source; roots and fields from the docs (Claude and Codex folders are "
    "read for compatibility; Cursor also ships built-in skills such as /babysit). "
    "Undocumented, so guide defaults: clash rule (first root found, project first), "
    "scan depth, what a name/folder mismatch does, unknown keys, the catalog text and "
    "how activation reads the skill.",
    provenance=Provenance("cited", "https://cursor.com/docs/skills"),
)


GOOSE = Client(
    id="goose",
    name="Goose",
    extra_fields=frozenset(),
    unknown_fields="ignore",
    yaml="strict",
    project_roots=(".agents/skills", ".goose/skills", ".claude/skills"),
    user_roots=(
        "~/.agents/skills",
        "$XDG_CONFIG_HOME/goose/skills",
        "~/.claude/skills",
        "~/.config/agents/skills",
    ),
    nested=True,
    max_depth=8,
    skill_md_ends_walk=False,
    clash="first-wins",
    scope_order=("project", "extra", "user"),
    catalog="available-skills",
    activation="skill-content",
    loads_ignored=True,  # the walk skips only .git, .hg and .svn
    notes="Project folders, then user folders, then plugin folders, then built-in "
    "skills; the first skill loaded with a name wins (a found skill replaces a built-in "
    "one). Every folder below a root is walked, also below a SKILL.md (only .git, .hg "
    "and .svn are skipped; Goose sets no depth limit, 8 is this walker's cap). A "
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


YOI = Client(
    id="yoi",
    name="Yoi",
    extra_fields=frozenset(),
    unknown_fields="ignore",
    yaml="strict",
    project_roots=(".yoi/skills",),
    user_roots=(),
    clash="project-wins",
    scope_order=("builtin", "extra", "project"),
    has_builtin=True,
    lenient_name=False,
    forbidden_fields=frozenset(YOI_FORBIDDEN_FIELDS),
    catalog="available-skills",
    catalog_view="yoi-catalog",
    activation="skill-content",
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


INSOMNIA = Client(
    id="insomnia",
    name="insomnia",
    extra_fields=frozenset(),
    unknown_fields="warn",
    yaml="strict",
    project_roots=(".insomnia/skills",),
    user_roots=("$XDG_CONFIG_HOME/insomnia/skills",),
    clash="first-wins",
    scope_order=("project", "extra", "user"),
    lenient_name=False,
    catalog="available-skills",
    activation="skill-content",
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
