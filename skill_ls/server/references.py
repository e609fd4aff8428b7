"""Where a SKILL.md's relative references point, and which SKILL.md files mention a file.

Shared by links, definition, find-references, hover and the rename of bundled files.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from skill_ls.document import Reference, parse_document
from skill_ls.files import is_within
from skill_ls.server.session import Session
from skill_ls.skill_files import is_skill_file_name

# How far up from a file we look for the SKILL.md files that may mention it.
MAX_ANCESTORS = 8
MAX_CANDIDATES = 2000


def target_path(skill_md: str, target: str) -> str | None:
    """The normalised path a reference names (None for absolute paths and URLs)."""
    written = target.replace("\\", "/")
    if written.lower().startswith("file:") or os.path.isabs(written) or not written:
        return None
    return os.path.normpath(os.path.join(os.path.dirname(skill_md), written))


def inside(folder: str, path: str) -> bool:
    """True when `path` resolves (symlinks followed) inside `folder`."""
    try:
        base = os.path.realpath(folder)
        real = os.path.realpath(path)
        return os.path.commonpath([base, real]) == base
    except (OSError, ValueError):
        return False


def resolve_reference(skill_md: str, target: str) -> str | None:
    """The file a reference names, only when it resolves inside the skill's folder."""
    path = target_path(skill_md, target)
    if path is None or not inside(os.path.dirname(skill_md), path):
        return None
    return path


@dataclass(frozen=True)
class Mention:
    skill_md: str
    reference: Reference


def candidate_skill_files(session: Session, path: str) -> list[str]:
    """SKILL.md files that may mention `path`: those of the folders above it (the skill it
    belongs to, nested or not) and of the skills beside that skill."""
    found: list[str] = []
    folder = Path(path).parent
    containing: Path | None = None
    for _ in range(MAX_ANCESTORS):
        for name in ("SKILL.md", "skill.md"):
            candidate = folder / name
            if candidate.is_file() and str(candidate) not in found:
                found.append(str(candidate))
                containing = containing or folder
        if folder.parent == folder:
            break
        folder = folder.parent
    if containing is not None:
        skills_root = containing.parent
        for skill in session.skills.skills():
            skill_path = Path(skill.path)
            if skill_path.parent.parent == skills_root and skill.path not in found:
                found.append(skill.path)
    # Open skills beside the containing skill (possibly not on disk or indexed yet).
    for snapshot in session.skill_snapshots():
        open_path = snapshot.path
        if (
            open_path is not None
            and open_path not in found
            and is_skill_file_name(os.path.basename(open_path))
            and inside(str(Path(open_path).parent.parent), path)
        ):
            found.append(open_path)
    return found[:MAX_CANDIDATES]


def mentions_of(session: Session, path: str, skill_files: list[str]) -> Iterator[Mention]:
    """References in `skill_files` that name `path` (or a file below it, for a folder)."""
    wanted = os.path.normpath(path)
    for skill_md in skill_files:
        text = session.text_of(skill_md)
        if text is None:
            continue
        document = parse_document(text, skill_md)
        for ref in document.references:
            named = target_path(skill_md, ref.target)
            if named is not None and is_within(named, wanted):
                yield Mention(skill_md, ref)
