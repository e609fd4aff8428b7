"""Rename: the skill's `name` and its folder together, with mentions in the skill's files
and beside it; and `workspace/willRenameFiles`, which keeps relative links working when a
bundled file or a skill folder moves."""

from __future__ import annotations

import asyncio
import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.diagnostics import Range
from skill_ls.document import SkillDocument, parse_document
from skill_ls.rules.context import context_for_path
from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot, uri_to_path
from skill_ls.server.edits import EditBuilder, request_failed
from skill_ls.server.isolation import isolated
from skill_ls.server.references import candidate_skill_files, mentions_of, target_path
from skill_ls.server.session import Session
from skill_ls.text import LineIndex
from skill_ls.yamltree import YScalar

# Files in a skill folder searched for mentions of its name.
TEXT_SUFFIXES = frozenset(
    {".md", ".txt", ".py", ".sh", ".js", ".ts", ".json", ".yaml", ".yml", ".toml", ".html", ".rst"}
)
MAX_MENTION_FILES = 200
MAX_SIBLINGS = 2000
MAX_MENTION_BYTES = 512 * 1024
_BAD_NAME = re.compile(r"[/\\\0]|^\.{1,2}$|^\s*$")
_NAME_CHARS = "A-Za-z0-9_-"


def name_value(doc: SkillDocument) -> YScalar | None:
    entry = doc.fields.get("name")
    if entry is None or not isinstance(entry.value, YScalar) or entry.recovered:
        return None
    if entry.value.style not in ("", "'", '"'):
        return None
    return entry.value


def quoted(scalar: YScalar, text: str) -> str:
    if scalar.style == '"':
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if scalar.style == "'":
        return "'" + text.replace("'", "''") + "'"
    return text


def mention_ranges(text: str, name: str, first_line: int = 0) -> Iterator[Range]:
    """Where `name` is mentioned in `text`. A hyphenated name counts as a whole word; a
    one-word name only as a slash command, in backticks or as a path segment, so that
    renaming `pdf` leaves the word "pdf" in prose alone."""
    index = LineIndex(text)
    pattern = re.compile(rf"(?<![{_NAME_CHARS}]){re.escape(name)}(?![{_NAME_CHARS}])")
    distinctive = "-" in name
    for match in pattern.finditer(text):
        start, end = match.span()
        before = text[start - 1] if start else ""
        after = text[end] if end < len(text) else ""
        if not distinctive and before not in "/`\\" and after not in "/`\\":
            continue
        rng = index.range(start, end)
        if rng.start.line >= first_line:
            yield rng


def _mention_files(folder: Path, skill_md: Path, session: Session) -> list[Path]:
    files = (
        context_for_path(skill_md, session.settings_for(str(skill_md))).skill_files or frozenset()
    )
    found = [skill_md]
    for relative in sorted(files):
        path = folder / relative
        if path == skill_md or path.suffix.lower() not in TEXT_SUFFIXES:
            continue
        found.append(path)
        if len(found) >= MAX_MENTION_FILES:
            break
    # The SKILL.md files of skills beside this one may name it too.
    siblings = (s for s in sorted(folder.parent.glob("*/SKILL.md")) if s.parent != folder)
    found.extend(itertools.islice(siblings, MAX_SIBLINGS))
    return found


def add_mentions(
    session: Session, builder: EditBuilder, skill_md: Path, old: str, new: str
) -> None:
    for path in _mention_files(skill_md.parent, skill_md, session):
        text = session.text_of(str(path))
        if text is None or len(text) > MAX_MENTION_BYTES or "\0" in text:
            continue
        first_line = 0
        if path.name.lower() == "skill.md":
            first_line = parse_document(text, str(path)).body_start_line
        for rng in mention_ranges(text, old, first_line):
            builder.replace(str(path), rng, new)


def check_new_name(new_name: str) -> None:
    if _BAD_NAME.search(new_name):
        raise request_failed(f"{new_name!r} cannot be a skill name (it names the folder)")


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
    new = new_name.strip()
    check_new_name(new)
    old = value.value
    skill_md = Path(snapshot.path)
    folder = skill_md.parent
    builder = EditBuilder(session)
    builder.replace(snapshot.path, value.range, quoted(value, new))
    if old and old != new:
        add_mentions(session, builder, skill_md, old, new)
    if folder.name != new:
        target = folder.parent / new
        if target.exists():
            raise request_failed(f"cannot rename the folder: {target} already exists")
        if session.flags.document_changes and session.flags.rename_files:
            builder.rename(str(folder), str(target))
    return builder.build()


def _relative(from_folder: str, target: str, written: str) -> str:
    relative = os.path.relpath(target, from_folder).replace(os.sep, "/")
    if written.startswith("./") and not relative.startswith("../"):
        relative = "./" + relative
    return relative


def _moved(path: str, old: str, new: str) -> str:
    if path == old:
        return new
    return os.path.join(new, os.path.relpath(path, old))


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def plan_file_rename(session: Session, builder: EditBuilder, old: str, new: str) -> None:
    # A skill folder renamed: its `name` follows when it matched the folder.
    skill_md = Path(old) / "SKILL.md"
    if os.path.isdir(old) and skill_md.is_file():
        text = session.text_of(str(skill_md)) or ""
        doc = parse_document(text, str(skill_md))
        value = name_value(doc)
        old_name, new_name = os.path.basename(old), os.path.basename(new)
        if value is not None and value.value == old_name and old_name != new_name:
            builder.replace(str(skill_md), value.range, quoted(value, new_name))
            add_mentions(session, builder, skill_md, old_name, new_name)
    # Links to the moved file (or to files below the moved folder).
    for mention in mentions_of(session, old, candidate_skill_files(session, old)):
        skill_folder = os.path.dirname(mention.skill_md)
        named = target_path(mention.skill_md, mention.reference.target)
        if named is None or (_under(mention.skill_md, old) and _under(named, old)):
            continue  # moving together: the relative link still holds
        new_target = _moved(named, old, new)
        builder.replace(
            mention.skill_md,
            mention.reference.range,
            _relative(skill_folder, new_target, mention.reference.target),
        )


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
        types.FileOperationRegistrationOptions(
            filters=[
                types.FileOperationFilter(
                    scheme="file", pattern=types.FileOperationPattern(glob="**/*")
                )
            ]
        ),
    )(bind(will_rename_files, session))


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)(bind(prepare_rename, session))
    server.feature(types.TEXT_DOCUMENT_RENAME)(bind(rename, session))
