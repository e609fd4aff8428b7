"""workspace/executeCommand: the views editors get only from the server (skills, clients,
one skill's findings, a skill's files) plus a rescan. Previews are in `preview.py`.

Arguments arrive positionally and are checked (`command_args.py`); a bad argument is an
error the client shows, never a crash.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pygls.lsp.server import LanguageServer

from skill_ls.checking import FileResult
from skill_ls.clients.table import CLIENTS
from skill_ls.files import is_within
from skill_ls.report_formats import json_report
from skill_ls.server import scan
from skill_ls.server.binding import bind_command
from skill_ls.server.command_args import argument, skill_md_for
from skill_ls.server.documents import path_to_uri, read_text
from skill_ls.server.editor import EditorPort
from skill_ls.server.edits import request_failed
from skill_ls.server.events import ChecksStale
from skill_ls.server.feature_table import (
    LINT_SKILL,
    LIST_CLIENTS,
    LIST_SKILLS,
    READ_RESOURCE,
    RELOAD_WORKSPACE,
)
from skill_ls.server.session import Session
from skill_ls.skill_files import is_skill_file_name
from skill_ls.workspace import SkillEntry

MAX_RESOURCE_BYTES = 1024 * 1024


def skill_json(entry: SkillEntry) -> dict[str, Any]:
    item: dict[str, Any] = {
        "name": entry.name,
        "description": entry.description,
        "path": entry.path,
        "scope": entry.scope,
        "clients": list(entry.clients),
        "status": entry.status.value,
    }
    if entry.shadowed_by:
        item["shadowedBy"] = list(entry.shadowed_by)
    return item


def list_clients(session: Session, *args: Any) -> dict[str, Any]:
    return {"clients": [{"id": client.id, "name": client.name} for client in CLIENTS]}


def list_skills(session: Session, *args: Any) -> dict[str, Any]:
    return {"skills": [skill_json(entry) for entry in session.skills.skills()]}


async def lint_skill(session: Session, *args: Any) -> Any:
    """One skill's findings, in the `skill-ls check --format json` schema."""
    path = skill_md_for(session, argument(args, 0, "a document URI, a path or a skill name"))
    open_doc = session.documents.by_path(path)
    snapshot = open_doc if open_doc is not None else session.snapshot(path_to_uri(path))
    if snapshot is None:
        raise request_failed(f"cannot read {path}")
    result = await session.check_cache.result(
        snapshot, session.settings_for(path), session.generation
    )
    file_result = FileResult(Path(path), result.document, list(result.diagnostics))
    return json_report([file_result])


def read_resource(session: Session, *args: Any) -> dict[str, Any]:
    """A file of a skill, by skill name and path relative to its folder; nothing outside."""
    name = argument(args, 0, "a skill name")
    relative = argument(args, 1, "a path relative to the skill folder")
    folder = os.path.dirname(skill_md_for(session, name))
    target = os.path.normpath(os.path.join(folder, relative.replace("\\", "/")))
    # Resolved, symlinks included: the file read is the real one, inside the real folder.
    real_folder = os.path.realpath(folder)
    real = os.path.realpath(target)
    if os.path.isabs(relative) or not is_within(real, real_folder) or real == real_folder:
        raise request_failed(f"{relative!r} is not a file inside the folder of skill {name!r}")
    if not os.path.isfile(real):
        raise request_failed(f"{relative!r} does not exist in skill {name!r}")
    size = os.path.getsize(real)
    text = read_text(real, MAX_RESOURCE_BYTES)
    if text is None:
        raise request_failed(f"cannot read {relative!r}")
    binary = "\0" in text[:8192]
    return {
        "skill": name,
        "path": target,
        "relativePath": os.path.relpath(target, folder).replace(os.sep, "/"),
        "size": size,
        "binary": binary,
        "truncated": size > MAX_RESOURCE_BYTES,
        "text": "" if binary else text,
        "isSkillFile": is_skill_file_name(os.path.basename(target)),
    }


async def reload_workspace(session: Session, editor: EditorPort, *args: Any) -> dict[str, Any]:
    if session.config.reload_files():
        session.events.publish(ChecksStale())
    session.notify_settings_problems(editor)
    count = await scan.scan_workspace(session, editor)
    return {"skills": count}


def register(server: LanguageServer, session: Session, editor: EditorPort) -> None:
    server.command(LIST_CLIENTS)(bind_command(list_clients, session))
    server.command(LIST_SKILLS)(bind_command(list_skills, session))
    server.command(LINT_SKILL)(bind_command(lint_skill, session))
    server.command(READ_RESOURCE)(bind_command(read_resource, session))
    server.command(RELOAD_WORKSPACE)(bind_command(reload_workspace, session, editor))
