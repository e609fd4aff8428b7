"""Rename: the skill's `name` and its folder together, with mentions in the skill's files
and beside it; and `workspace/willRenameFiles`, which keeps relative links working when a
bundled file or a skill folder moves. What changes comes from `rename_plan`; this module
finds the files, and turns the plan into a workspace edit."""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Iterable
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.gathering import context_for_path
from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot, uri_to_path
from skill_ls.server.edits import EditBuilder, request_failed
from skill_ls.server.feature_table import WILL_RENAME_OPTIONS
from skill_ls.server.instruction_diagnostics import caller_files, naming_skill
from skill_ls.server.isolation import isolated
from skill_ls.server.references import candidate_skill_files, mentions_of
from skill_ls.server.rename_plan import (
    FileEdit,
    RenamePlan,
    RenameRefused,
    called_by_name_edits,
    folder_rename_edits,
    link_edit,
    name_value,
    plan_name_rename,
)
from skill_ls.server.session import Session
from skill_ls.yamltree import YScalar

# Files in a skill folder searched for mentions of its name.
TEXT_SUFFIXES = frozenset(
    {".md", ".txt", ".py", ".sh", ".js", ".ts", ".json", ".yaml", ".yml", ".toml", ".html", ".rst"}
)
MAX_MENTION_FILES = 200
MAX_SIBLINGS = 2000


def mention_files(session: Session, skill_md: Path) -> list[Path]:
    """The files that may mention a skill's name: its SKILL.md, its text files, and the
    SKILL.md files of the skills beside it."""
    folder = skill_md.parent
    settings = session.settings_for(str(skill_md))
    files = context_for_path(skill_md, settings).skill_files or frozenset()
    found = [skill_md]
    for relative in sorted(files):
        path = folder / relative
        if path == skill_md or path.suffix.lower() not in TEXT_SUFFIXES:
            continue
        found.append(path)
        if len(found) >= MAX_MENTION_FILES:
            break
    siblings = (s for s in sorted(folder.parent.glob("*/SKILL.md")) if s.parent != folder)
    found.extend(itertools.islice(siblings, MAX_SIBLINGS))
    return found


def _add(builder: EditBuilder, edits: Iterable[FileEdit]) -> None:
    for edit in edits:
        builder.replace(edit.path, edit.range, edit.new_text)


def _name_at(
    session: Session, uri: str, position: types.Position
) -> tuple[Snapshot, YScalar] | None:
    snapshot = session.snapshot(uri)
    if snapshot is None or snapshot.path is None or not session.is_skill(snapshot):
        return None
    value = name_value(snapshot.parsed)
    if value is None:
        return None
    pos = session.mapper.from_client(snapshot.index, position)
    if not value.range.contains(pos):
        return None
    return snapshot, value


@isolated()
def prepare_rename(
    session: Session, params: types.PrepareRenameParams
) -> types.PrepareRenamePlaceholder | None:
    found = _name_at(session, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, value = found
    return types.PrepareRenamePlaceholder(
        range=session.mapper.to_client_range(snapshot.index, value.range), placeholder=value.value
    )


@isolated()
async def rename(session: Session, params: types.RenameParams) -> types.WorkspaceEdit | None:
    found = _name_at(session, params.text_document.uri, params.position)
    if found is None:
        return None
    # Reading the skill's files and its siblings' is blocking work: off the event loop.
    return await asyncio.to_thread(plan_rename, session, *found, params.new_name)


def plan_rename(
    session: Session, snapshot: Snapshot, value: YScalar, new_name: str
) -> types.WorkspaceEdit | None:
    assert snapshot.path is not None
    skill_md = snapshot.path
    flags = session.flags
    own = mention_files(session, Path(skill_md))
    try:
        plan: RenamePlan = plan_name_rename(
            skill_md,
            value,
            new_name,
            lambda: own,
            session.text_of,
            move_folder=flags.document_changes and flags.rename_files,
        )
    except RenameRefused as refused:
        raise request_failed(str(refused)) from None
    builder = EditBuilder(session)
    _add(builder, plan.edits)
    old, new = value.value, new_name.strip()
    if old and old != new:
        # The skill called by name elsewhere: CLAUDE.md, AGENTS.md, command files, other
        # skills' bodies (its own files and its siblings' were searched above).
        searched = {os.path.normpath(str(path)) for path in own}
        callers = [path for path in caller_files(session, skill_md) if path not in searched]
        keep = naming_skill(session, skill_md)
        _add(builder, called_by_name_edits(callers, session.text_of, old, new, keep))
    if plan.folder_move is not None:
        builder.rename(*plan.folder_move)
    return builder.build()


def plan_file_rename(session: Session, builder: EditBuilder, old: str, new: str) -> None:
    _add(
        builder,
        folder_rename_edits(old, new, lambda md: mention_files(session, md), session.text_of),
    )
    # Links to the moved file (or to files below the moved folder).
    for mention in mentions_of(session, old, candidate_skill_files(session, old)):
        edit = link_edit(mention.skill_md, mention.reference, old, new)
        if edit is not None:
            builder.replace(edit.path, edit.range, edit.new_text)


@isolated()
async def will_rename_files(
    session: Session, params: types.RenameFilesParams
) -> types.WorkspaceEdit | None:
    def plan() -> types.WorkspaceEdit | None:
        builder = EditBuilder(session)
        for item in params.files:
            old, new = uri_to_path(item.old_uri), uri_to_path(item.new_uri)
            if old is not None and new is not None:
                plan_file_rename(session, builder, os.path.normpath(old), os.path.normpath(new))
        return builder.build()

    return await asyncio.to_thread(plan)


def register_will_rename(server: LanguageServer, session: Session) -> None:
    """Ask for file renames (only clients that send willRenameFiles)."""
    server.feature(
        types.WORKSPACE_WILL_RENAME_FILES,
        WILL_RENAME_OPTIONS,
    )(bind(will_rename_files, session))


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)(bind(prepare_rename, session))
    server.feature(types.TEXT_DOCUMENT_RENAME)(bind(rename, session))
