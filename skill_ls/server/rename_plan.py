"""What a rename changes, as plain data (paths, code-point ranges, new text; no LSP types):
the skill's `name` with its mentions and its folder, and the links that follow a moved
file or folder. Files are read through the `text_of` the caller passes (open buffers win).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.diagnostics import Range
from skill_ls.document import Reference, SkillDocument, parse_document
from skill_ls.document.mentions import Mention, find_mentions
from skill_ls.files import is_within
from skill_ls.server.references import target_path
from skill_ls.text import LineIndex
from skill_ls.yamltree import YScalar

MAX_MENTION_BYTES = 512 * 1024
_BAD_NAME = re.compile(r"[/\\\0]|^\.{1,2}$|^\s*$")
_NAME_CHARS = "A-Za-z0-9_-"

TextOf = Callable[[str], str | None]
# Whether a mention found in a file (its path, the mention) is one to follow.
MentionFilter = Callable[[str, Mention], bool]


class RenameRefused(Exception):
    """A rename that cannot be done; the message is for the user."""


@dataclass(frozen=True)
class FileEdit:
    path: str
    range: Range
    new_text: str


@dataclass
class RenamePlan:
    edits: list[FileEdit] = field(default_factory=list)
    # (old, new) folder paths, when the folder moves too.
    folder_move: tuple[str, str] | None = None


def name_value(doc: SkillDocument) -> YScalar | None:
    """The `name` value, when it is a plain or quoted scalar a rename can rewrite."""
    entry = doc.fields.get("name")
    if entry is None or not isinstance(entry.value, YScalar) or entry.recovered:
        return None
    if entry.value.style not in ("", "'", '"'):
        return None
    return entry.value


def quoted(scalar: YScalar, text: str) -> str:
    """`text` written in the scalar's own quoting style."""
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


def mention_edits(files: Iterable[Path], text_of: TextOf, old: str, new: str) -> list[FileEdit]:
    """Mentions of `old` in `files` rewritten to `new` (a SKILL.md's body only: its
    frontmatter is the `name` itself, edited on its own)."""
    edits: list[FileEdit] = []
    for path in files:
        text = text_of(str(path))
        if text is None or len(text) > MAX_MENTION_BYTES or "\0" in text:
            continue
        first_line = 0
        if path.name.lower() == "skill.md":
            first_line = parse_document(text, str(path)).body_start_line
        edits.extend(FileEdit(str(path), rng, new) for rng in mention_ranges(text, old, first_line))
    return edits


def skill_mentions(
    files: Iterable[str], text_of: TextOf, name: str, keep: MentionFilter
) -> list[tuple[str, Mention]]:
    """The mentions of the skill `name` (`/name`, `$name`, `/skill:name`; a plugin's skill
    is mentioned by its plugin's name too, and is left alone) in `files`: the instruction
    files and skill bodies that call it; those `keep` takes (the ones that name this skill
    for the agents reading the file, not another skill of the same name)."""
    found: list[tuple[str, Mention]] = []
    for path in files:
        text = text_of(path)
        if text is None or len(text) > MAX_MENTION_BYTES or "\0" in text or name not in text:
            continue
        found.extend(
            (path, mention)
            for mention in find_mentions(text)
            if mention.form != "plugin" and mention.name == name and keep(path, mention)
        )
    return found


def called_by_name_edits(
    files: Iterable[str], text_of: TextOf, old: str, new: str, keep: MentionFilter
) -> list[FileEdit]:
    """The mentions of the skill `old` in `files` (`skill_mentions`) renamed to `new`."""
    return [
        FileEdit(path, mention.name_range, new)
        for path, mention in skill_mentions(files, text_of, old, keep)
    ]


def check_new_name(new_name: str) -> None:
    if _BAD_NAME.search(new_name):
        raise RenameRefused(f"{new_name!r} cannot be a skill name (it names the folder)")


def plan_name_rename(
    skill_md: str,
    value: YScalar,
    new_name: str,
    mention_files: Callable[[], list[Path]],
    text_of: TextOf,
    move_folder: bool,
) -> RenamePlan:
    """Rename a skill: its `name`, mentions of the old name, and (when `move_folder`) its
    folder. Raises `RenameRefused` for a bad name or a folder that already exists."""
    new = new_name.strip()
    check_new_name(new)
    old = value.value
    folder = Path(skill_md).parent
    plan = RenamePlan([FileEdit(skill_md, value.range, quoted(value, new))])
    if old and old != new:
        plan.edits.extend(mention_edits(mention_files(), text_of, old, new))
    if folder.name != new:
        target = folder.parent / new
        if target.exists():
            raise RenameRefused(f"cannot rename the folder: {target} already exists")
        if move_folder:
            plan.folder_move = (str(folder), str(target))
    return plan


def folder_rename_edits(
    old: str, new: str, mention_files: Callable[[Path], list[Path]], text_of: TextOf
) -> list[FileEdit]:
    """A skill folder moved from `old` to `new`: its `name` follows when it matched the
    folder's name, and so do the mentions of it."""
    skill_md = Path(old) / "SKILL.md"
    if not (os.path.isdir(old) and skill_md.is_file()):
        return []
    doc = parse_document(text_of(str(skill_md)) or "", str(skill_md))
    value = name_value(doc)
    old_name, new_name = os.path.basename(old), os.path.basename(new)
    if value is None or value.value != old_name or old_name == new_name:
        return []
    edits = [FileEdit(str(skill_md), value.range, quoted(value, new_name))]
    return edits + mention_edits(mention_files(skill_md), text_of, old_name, new_name)


def _relative(from_folder: str, target: str, written: str) -> str:
    relative = os.path.relpath(target, from_folder).replace(os.sep, "/")
    if written.startswith("./") and not relative.startswith("../"):
        relative = "./" + relative
    return relative


def _moved(path: str, old: str, new: str) -> str:
    if path == old:
        return new
    return os.path.join(new, os.path.relpath(path, old))


def link_edit(skill_md: str, reference: Reference, old: str, new: str) -> FileEdit | None:
    """A link of `skill_md` to `old` (or below it) rewritten for its move to `new`; None
    when the link does not need to change."""
    named = target_path(skill_md, reference.target)
    if named is None or (is_within(skill_md, old) and is_within(named, old)):
        return None  # moving together: the relative link still holds
    relinked = _relative(os.path.dirname(skill_md), _moved(named, old, new), reference.target)
    return FileEdit(skill_md, reference.range, relinked)
