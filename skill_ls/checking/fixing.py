"""The fixes the validator attaches, applied to a SKILL.md's text and written back safely.

The editor offers the same fixes as quick fixes (`server/code_actions.py`); here they are
applied in rounds, as `skill-ls check --fix` does: each round takes, per finding, its first
fix that edits the file alone (safe ones, or any with `unsafe`), drops those that overlap a
fix already taken, applies the rest and checks the new text again, until no fix applies or
`MAX_ROUNDS` is reached. A fix that creates a file changes more than the SKILL.md and is
never applied here.

Writing (`write_fixed`) replaces only a regular file, under the folders it was allowed,
whose bytes and status are still those that were read, through a temporary file in the same
folder (fsync, `os.replace`, the original's permission bits).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.checking.route import check_document
from skill_ls.diagnostics import Diagnostic, Fix, TextEdit
from skill_ls.document import MAX_FILE_BYTES, SkillDocument, decode_skill_bytes, parse_document
from skill_ls.files import is_within, open_regular
from skill_ls.gathering import FolderFacts, context_for_path
from skill_ls.rules.context import CheckContext
from skill_ls.settings import Settings
from skill_ls.text import LineIndex

# Rounds of fixing one file (a fix may make another applicable, or two overlap).
MAX_ROUNDS = 10


def _overlaps(a: TextEdit, b: TextEdit) -> bool:
    # Two insertions at one point also clash: their order would be up to the client.
    if a.range.start == b.range.start:
        return True
    return a.range.start < b.range.end and b.range.start < a.range.end


def compatible_fixes(fixes: Iterable[Fix], unsafe: bool = False) -> list[Fix]:
    """Safe fixes (any fix with `unsafe`), first come first served, dropping any that would
    overlap one taken."""
    taken: list[Fix] = []
    edits: list[TextEdit] = []
    created: set[str] = set()
    for fix in fixes:
        if not (fix.safe or unsafe) or not (fix.edits or fix.creates):
            continue
        if any(_overlaps(new, old) for new in fix.edits for old in edits):
            continue
        if any(create.relative_path in created for create in fix.creates):
            continue
        taken.append(fix)
        edits.extend(fix.edits)
        created.update(create.relative_path for create in fix.creates)
    return taken


def file_fixes(diagnostics: Iterable[Diagnostic], unsafe: bool = False) -> list[Fix]:
    """Per finding, its first fix that only edits the file's text (safe unless `unsafe`),
    and of those the ones that do not overlap: what one round applies."""
    chosen: list[Fix] = []
    for diagnostic in diagnostics:
        for fix in diagnostic.fixes:
            if fix.edits and not fix.creates and (fix.safe or unsafe):
                chosen.append(fix)
                break
    return compatible_fixes(chosen, unsafe)


def apply_fixes(text: str, fixes: Sequence[Fix]) -> str:
    """The text with the fixes' edits applied at once (positions relative to `text`, in
    code points; edits at one point go in the order given)."""
    index = LineIndex(text)
    spans: list[tuple[int, int, int, str]] = []
    for edit in (edit for fix in fixes for edit in fix.edits):
        start, end = index.offset(edit.range.start), index.offset(edit.range.end)
        spans.append((start, max(start, end), len(spans), edit.new_text))
    spans.sort()
    out = text
    for start, end, _, new_text in reversed(spans):
        out = out[:start] + new_text + out[end:]
    return out


@dataclass
class FixedText:
    """Text after fixing, how many fixes were applied, and its document and findings."""

    text: str
    fixed: int
    document: SkillDocument
    diagnostics: list[Diagnostic]


def fix_text(
    document: SkillDocument,
    context: CheckContext,
    unsafe: bool = False,
    rounds: int = MAX_ROUNDS,
) -> FixedText:
    """Apply fixes to a parsed document in rounds (see the module's docstring); `context`
    as `check_document` takes it (each round's text makes its own lookups)."""
    text = document.text
    diagnostics = check_document(document, context).diagnostics
    fixed = 0
    for _ in range(rounds):
        fixes = file_fixes(diagnostics, unsafe)
        if not fixes:
            break
        new = apply_fixes(text, fixes)
        if new == text:
            break
        text, fixed = new, fixed + len(fixes)
        document = parse_document(text, document.path)
        diagnostics = check_document(document, context).diagnostics
    return FixedText(text, fixed, document, diagnostics)


@dataclass
class FileFix:
    """A SKILL.md as read, and what fixing made of it."""

    path: Path
    real: str
    original: bytes
    status: os.stat_result
    result: FixedText
    new: bytes = field(init=False)

    def __post_init__(self) -> None:
        self.new = self.result.text.encode("utf-8", "surrogatepass")

    @property
    def changed(self) -> bool:
        return self.new != self.original


def fix_file(
    path: Path,
    settings: Settings,
    unsafe: bool = False,
    folders: dict[str, FolderFacts] | None = None,
) -> tuple[FileFix | None, str | None]:
    """The file's fixes (None and the reason where it is not fixed: it cannot be read, is
    not a regular file, is too large to be read whole, or is not valid UTF-8). `settings`
    are the folder's: the file's own (its overrides applied) decide which rules fix it."""
    settings = settings.for_path(path)
    real = os.path.realpath(path)
    try:
        with open_regular(real) as handle:
            status = os.fstat(handle.fileno())
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        return None, f"cannot be read ({error.strerror or error})"
    if len(data) > MAX_FILE_BYTES:
        return None, "too large to be read whole"
    document = decode_skill_bytes(data, str(path))
    if document.decode_problem is not None:
        return None, "not valid UTF-8"
    context = context_for_path(path, settings, known=folders)
    return FileFix(path, real, data, status, fix_text(document, context, unsafe)), None


def allowed_target(real: str, roots: Iterable[str]) -> bool:
    """Whether a file's real path lies under one of `roots` (paths given, resolved): a file
    reached through a symbolic link that leads out of them is not written."""
    return any(is_within(real, os.path.realpath(root)) for root in roots)


def _same_status(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino, a.st_size, a.st_mtime_ns, a.st_ctime_ns) == (
        b.st_dev,
        b.st_ino,
        b.st_size,
        b.st_mtime_ns,
        b.st_ctime_ns,
    )


def _unchanged(fix: FileFix) -> str | None:
    """None when the file on disk is still the regular file that was read; else why not."""
    try:
        now = os.lstat(fix.real)
    except OSError as error:
        return f"it is gone ({error.strerror or error})"
    if not stat.S_ISREG(now.st_mode):
        return "it is not a regular file"
    if not _same_status(now, fix.status):
        return "it changed on disk while it was checked"
    try:
        with open_regular(fix.real) as handle:
            if handle.read(len(fix.original) + 1) != fix.original:
                return "it changed on disk while it was checked"
    except OSError as error:
        return f"it cannot be read ({error.strerror or error})"
    return None


def write_fixed(fix: FileFix) -> str | None:
    """Replace the file with its fixed bytes, atomically; None when written, else why not
    (the file changed on disk, is not a regular file or not writable, or the write failed:
    the original is then left as it was)."""
    problem = _unchanged(fix)
    if problem is not None:
        return problem
    if not os.access(fix.real, os.W_OK):
        return "it is not writable"
    folder = os.path.dirname(fix.real)
    try:
        descriptor, temporary = tempfile.mkstemp(
            prefix=f".{os.path.basename(fix.real)}.", suffix=".fix", dir=folder
        )
    except OSError as error:
        return f"cannot write beside it ({error.strerror or error})"
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(fix.new)
            handle.flush()
            os.fchmod(handle.fileno(), stat.S_IMODE(fix.status.st_mode))
            os.fsync(handle.fileno())
        # Checked again just before the file is replaced: an edit made meanwhile wins.
        problem = _unchanged(fix)
        if problem is not None:
            os.unlink(temporary)
            return problem
        os.replace(temporary, fix.real)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return f"cannot be written ({error.strerror or error})"
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)
    return None


def _sync_folder(folder: str) -> None:
    """Make the rename durable where the platform can (a folder opened for fsync)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        descriptor = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
