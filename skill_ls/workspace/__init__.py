"""The workspace: which skills each client loads, from where, and which copy wins."""

from __future__ import annotations

import skill_ls.rules.workspace  # noqa: F401  (registers the SKL5xx codes)
from skill_ls.workspace.index import Cancelled, Progress, WorkspaceIndex
from skill_ls.workspace.model import (
    BoundHit,
    LoadedSkill,
    Placement,
    RootFolder,
    ScanReport,
    SkillEntry,
    SkillFacts,
    Status,
)
from skill_ls.workspace.walker import WalkLimits

__all__ = [
    "BoundHit",
    "Cancelled",
    "LoadedSkill",
    "Placement",
    "Progress",
    "RootFolder",
    "ScanReport",
    "SkillEntry",
    "SkillFacts",
    "Status",
    "WalkLimits",
    "WorkspaceIndex",
]
