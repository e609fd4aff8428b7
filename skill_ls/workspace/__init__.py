"""The workspace: which skills each client loads, from where, and which copy wins.

    index = WorkspaceIndex(folders, settings, home=None, environ=None)  # fake HOME in tests
    index.scan(progress, cancelled)          # blocking: run it on a worker thread
    index.skills()                           # SkillEntry per real file, with placements
    index.view("claude-code")                # LoadedSkill tuple after the clash rule
    index.skill_by_name("pdf", "codex")      # the copy a client loads
    index.cross_skill_diagnostics(path)      # SKL501-SKL505 for one SKILL.md
    index.set_buffer(path, text)             # open buffers win over disk
    index.update_file(p) / add_path(p) / remove_path(p)   # watched-file events

Settings or folders changing means a new index (roots are planned once, at construction).
The queries are those of `IndexQueries` (index_queries.py), all that readers such as the
cross-skill findings depend on; index.py loads and updates it.
"""

from __future__ import annotations

import skill_ls.rules.workspace  # noqa: F401  (registers the SKL5xx codes)
from skill_ls.workspace.facts import facts_of
from skill_ls.workspace.index import Cancelled, Progress, WorkspaceIndex
from skill_ls.workspace.index_queries import IndexQueries
from skill_ls.workspace.index_records import (
    BoundHit,
    LoadedSkill,
    Placement,
    RootFolder,
    ScanReport,
    SkillEntry,
    SkillFacts,
    Status,
)
from skill_ls.workspace.prefilled_index import PrefilledIndex
from skill_ls.workspace.root_walk import WalkLimits
from skill_ls.workspace.roots import current_environment, setting_folders

__all__ = [
    "BoundHit",
    "Cancelled",
    "IndexQueries",
    "LoadedSkill",
    "Placement",
    "PrefilledIndex",
    "Progress",
    "RootFolder",
    "ScanReport",
    "SkillEntry",
    "SkillFacts",
    "Status",
    "WalkLimits",
    "WorkspaceIndex",
    "current_environment",
    "facts_of",
    "setting_folders",
]
