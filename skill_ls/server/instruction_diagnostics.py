"""An open file that agents read as instructions (CLAUDE.md, AGENTS.md, a command file):
its mentions of skills checked against the workspace index (SKL701), and nothing else; and
the SKILL.md a mention leads to, in a such a file or a skill's body. Nothing here decides
what is wrong with a mention; it only routes the document and translates the answer."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types

from skill_ls.checking.instructions import instruction_files_met
from skill_ls.clients.mention_forms import SKILL_BODIES
from skill_ls.document.mentions import Mention, mention_at
from skill_ls.server.convert import to_lsp_diagnostics
from skill_ls.server.documents import Snapshot
from skill_ls.server.session import Session
from skill_ls.workspace.mentions import mention_targets, names_skill, read_as_instructions


def is_instruction_file(session: Session, snapshot: Snapshot) -> bool:
    """Whether some agent reads the document as instructions (by its path, relative to its
    workspace folder); a SKILL.md is a skill, never one."""
    path = snapshot.path
    if path is None or not path.endswith(".md") or os.path.basename(path) == SKILL_BODIES:
        return False
    return read_as_instructions(session.skills.index_for(path).folders, path)


def instruction_diagnostics(session: Session, snapshot: Snapshot) -> list[types.Diagnostic]:
    """SKL701 for this version of the document's text."""
    path = snapshot.path
    if path is None:
        return []
    found = session.skills.index_for(path).mention_diagnostics(path, snapshot.text)
    return to_lsp_diagnostics(
        found,
        snapshot.index,
        session.mapper,
        session.flags,
        session.line_index_for,
        session.settings_for(path).docs_url,
    )


def mention_under(session: Session, snapshot: Snapshot, position: types.Position) -> Mention | None:
    """The mention at the client's `position`, if any."""
    return mention_at(snapshot.text, session.mapper.from_client(snapshot.index, position))


def mention_definitions(session: Session, snapshot: Snapshot, mention: Mention) -> list[str]:
    """The SKILL.md files the agents reading the document would load for `mention`."""
    if snapshot.path is None:
        return []
    index = session.skills.index_for(snapshot.path)
    return [path for path, _ in mention_targets(index, snapshot.path, mention)]


# How many files a rename or a references request reads for mentions, at most.
MAX_CALLER_FILES = 5000


def caller_files(session: Session, skill_md: str) -> list[str]:
    """The files that may call the skill at `skill_md` by name: the instruction files of its
    workspace folders (as `skill-ls check` meets them) and every indexed skill's SKILL.md."""
    index = session.skills.index_for(skill_md)
    found: dict[str, None] = {}
    for met in instruction_files_met([Path(folder) for folder in index.folders]):
        found[os.path.normpath(str(met))] = None
    for path in index.skill_paths().values():
        found[os.path.normpath(path)] = None
    return list(found)[:MAX_CALLER_FILES]


def naming_skill(session: Session, skill_md: str) -> Callable[[str, Mention], bool]:
    """Whether a mention in a file names the skill at `skill_md` for the agents reading
    that file (a rename or references follow those, not another skill of the same name)."""

    def keep(path: str, mention: Mention) -> bool:
        return names_skill(session.skills.index_for(path), path, mention, skill_md)

    return keep
