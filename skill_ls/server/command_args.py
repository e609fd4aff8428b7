"""What a command's arguments name, checked: a string argument, and the skill a URI, path
or name means (only a skill the server knows). Shared by the commands and the previews.

Commands are callable by anything that can call an editor command, so a bad argument is an
error the client shows, and a path is taken only when it is a skill the server knows.
"""

from __future__ import annotations

import os
from typing import Any

from pygls.exceptions import JsonRpcInvalidParams

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.server.documents import uri_to_path
from skill_ls.server.edits import request_failed
from skill_ls.server.session import Session
from skill_ls.skill_files import is_skill_file_name
from skill_ls.workspace.bundles import bundle_skill_paths


def argument(args: tuple[Any, ...], position: int, what: str) -> str:
    if len(args) <= position or not isinstance(args[position], str) or not args[position]:
        raise JsonRpcInvalidParams(f"argument {position + 1} must be {what}")
    return str(args[position])


def is_known_skill(session: Session, path: str) -> bool:
    """Whether `path` is a skill file the server knows: an open skill document, a skill of
    the workspace index, or a skill of a plugin or extension in the workspace folders.

    Commands are callable by anything that can call an editor command (in VS Code, any
    extension and any command link), so a path they are given is taken only when known."""
    normal = os.path.normpath(path)
    open_doc = session.documents.by_path(normal)
    if open_doc is not None and session.is_skill(open_doc):
        return True
    real = os.path.realpath(normal)
    if real in session.skills.skill_paths():
        return True
    if not is_skill_file_name(os.path.basename(real)):
        return False
    for index in session.skills.indexes:
        audience = [CLIENTS_BY_ID[cid] for cid in index.audience]
        paths = bundle_skill_paths(index.folders, audience)
        if any(os.path.realpath(found) == real for found in paths):
            return True
    return False


def not_known(value: str) -> Exception:
    return request_failed(
        f"{value} is not a skill the server knows (a skill of the workspace or an open SKILL.md)"
    )


def skill_md_for(session: Session, value: str) -> str:
    """A SKILL.md path from a document URI, a path (file or folder) or a skill name; only
    a skill the server knows (`is_known_skill`), else an error and nothing is read."""
    path = uri_to_path(value) if ":" in value and not os.path.isabs(value) else value
    if path is not None and os.path.isabs(path):
        path = os.path.normpath(path)
        if is_known_skill(session, path):
            return path
        for name in ("SKILL.md", "skill.md"):  # a skill's folder
            candidate = os.path.join(path, name)
            if is_known_skill(session, candidate):
                return candidate
        raise not_known(path)
    entry = session.skills.by_name(value)
    if entry is None:
        for snapshot in session.skill_snapshots():
            if snapshot.path and snapshot.parsed.string_value("name") == value:
                return snapshot.path
        raise request_failed(f"no skill named {value!r} in the workspace")
    return entry.path
