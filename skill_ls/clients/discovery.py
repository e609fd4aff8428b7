"""Where a client looks for skills, and what it finds there (`Client.discovery`).

Read by workspace discovery (`workspace/roots.py`, `workspace/root_walk.py`) and by
`clients.table.clients_for_path`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Variables a user root may start with, and the default each client uses when it is unset
# (`~` is the user's home folder). Workspace discovery expands roots with these.
ROOT_VARIABLES: dict[str, str] = {
    "XDG_CONFIG_HOME": "~/.config",
    "CODEX_HOME": "~/.codex",
}


def with_default_variables(pattern: str) -> str:
    """A root with its leading variable at the default the agents use when it is unset
    (`$XDG_CONFIG_HOME/x` -> `~/.config/x`); other roots as they are."""
    for variable, default in ROOT_VARIABLES.items():
        if pattern.startswith(f"${variable}/"):
            return default + pattern[len(variable) + 1 :]
    return pattern


# "none": only the project folder; "git-root": also every ancestor up to the git root;
# "git-root-else-top": the same, or every ancestor up to `/` outside a git repository.
Ancestors = Literal["none", "git-root", "git-root-else-top"]
# Which ignore files (.gitignore, .ignore, .fdignore) the client honours: "project" (from
# the project folder down) | "root" (only those in the skills root and below it).
IgnoreFilesFrom = Literal["project", "root"]
# Order of the skills found in one root: "path" (relative path, code point order) |
# "locale" (folder name as JavaScript's `localeCompare` orders it: case-insensitive first,
# punctuation before digits before letters) | "name-descending" (folder names in
# descending byte order) | "walk" (depth first, each folder's entries in code point order:
# a folder's skills before a sibling whose name extends it, "a/x" before "a-b") |
# "directory" (the order the file system lists the root's entries in, as `os.scandir` reads
# them: on ext4 a hash of each name, seeded per file system, so it differs between machines).
# "folders-files-nested" (the root's own skill folders, then its root-level `*.md` files,
# then the skills further down, each group in path order: Kimi Code CLI).
RootOrder = Literal[
    "path", "locale", "name-descending", "walk", "directory", "folders-files-nested"
]
# How a client reads a root-level `*.md` skill (`Discovery.root_markdown_skills`): "skill" (as
# a SKILL.md, named after the root folder when it has no `name`: pi) | "file" (Kimi Code
# CLI: frontmatter only where the first line is `---`; named by a non-blank string `name`,
# else after the file; described by a non-blank string `description`, else by the body's
# first non-blank line, else a placeholder; neither field's type drops it; a `SKILL.md` in
# the root is not one, nor an `X.md` beside a folder `X` that holds a SKILL.md).
RootMarkdownReading = Literal["skill", "file"]
# What a client makes of a SKILL.md directly in a root (the root itself as a skill folder):
# "ignored" (not read) | "skill" (a skill, named after the root folder when it has no
# `name`; the skills below the root load too) | "only-skill" (the root's only skill: the walk
# stops at it, as at any SKILL.md).
RootSkillMd = Literal["ignored", "skill", "only-skill"]


@dataclass(frozen=True)
class Discovery:
    # Project roots, relative to a project folder (searched in this order).
    project_roots: tuple[str, ...] = ()
    # User roots: `~` is $HOME; `$XDG_CONFIG_HOME` and `$CODEX_HOME` are expanded with the
    # client's own defaults (`ROOT_VARIABLES`).
    user_roots: tuple[str, ...] = ()
    ancestors: Ancestors = "none"
    # The project roots that are also searched in the project's ancestors (see
    # `ancestors`); None: all of them.
    ancestor_roots: tuple[str, ...] | None = None
    # Skills may sit in nested folders below a root (SKILL.md ends recursion either way).
    nested: bool = False
    max_depth: int = 1
    # False: the walk goes on below a folder holding SKILL.md and loads nested skills too.
    skill_md_ends_walk: bool = True
    # Entries whose name starts with "." are skipped below a root.
    skip_dot_entries: bool = False
    # pi, Kimi Code CLI: a root-level `*.md` file in a skills root is a skill of its own.
    root_markdown_skills: bool = False
    # Root patterns where `root_markdown_skills` holds (empty: every root).
    root_markdown_roots: tuple[str, ...] = ()
    root_markdown_reading: RootMarkdownReading = "skill"
    # With `root_markdown_reading` "file": the longest description taken from the body's
    # first line (UTF-16 units; a longer line keeps one unit less and `…`; None: whole),
    # and the description of a file with no body.
    root_markdown_line_max: int | None = None
    root_markdown_placeholder: str = ""
    root_skill_md: RootSkillMd = "ignored"
    # Which ignore files the client honours, unless it `loads_ignored`.
    ignore_files_from: IgnoreFilesFrom = "project"
    # The client loads skills that an ignore file (.gitignore, ...) covers.
    loads_ignored: bool = False
    # A project root that is also a user root (the home folder is the project or one of
    # its ancestors) is read once, as the user root (in the user scope's place).
    shared_roots_are_user: bool = False
    # The order the client reads its roots in, across scopes, where a format numbers them
    # (Codex's `### Skill roots` table, `r0`, `r1`, ...): root patterns as in
    # `project_roots`/`user_roots`, the built-ins' folder (as their `location` writes it)
    # and "extra" for the settings' extra roots. Empty: in the order skills are listed.
    root_load_order: tuple[str, ...] = ()
    root_order: RootOrder = "path"
    # A folder whose name starts with "." or is `node_modules` is not walked into, though a
    # SKILL.md directly in one is still a skill (Kimi Code CLI); see `skip_dot_entries`.
    skip_below_dot_folders: bool = False
    # False: a link to a folder below a root is passed over (Continue CLI keeps only the
    # entries its directory listing types as folders).
    follows_links: bool = True
