"""Reading SKILL.md files from disk: the one place the core opens them.

Only regular files are read, without blocking (`skill_ls.files`); bytes that are not UTF-8
become a fact of the document, not an error.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import AnyStr

from skill_ls.document.parse import parse_document
from skill_ls.document.skill_document import DecodeProblem, SkillDocument
from skill_ls.files import open_regular, read_regular

# Files bigger than this are read only this far (the document says it was cut).
MAX_FILE_BYTES = 16 * 1024 * 1024
# The frontmatter of every real skill fits in this many bytes (p99 is about 2 KiB); a
# larger head is still read, up to the document model's own frontmatter limit.
HEAD_BYTES = 64 * 1024
MAX_HEAD_BYTES = 512 * 1024

# The opening `---` may follow a BOM and blank lines, as the document model allows.
_DELIMITER = re.compile(rb"^---[ \t]*\r?$", re.MULTILINE)
_LEADING = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*")
_TEXT_DELIMITER = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)
_TEXT_LEADING = re.compile("\ufeff?[ \t\r\n]*")


def decode_skill_bytes(data: bytes, path: str | None = None) -> SkillDocument:
    """Decode file bytes (UTF-8 expected) and parse; bad bytes become a fact, not a crash."""
    text, problem, bad_offset = decode_skill_text(data)
    doc = parse_document(text, path)
    if problem is not None:
        # The replacement character, or an empty range in an empty (UTF-16) text.
        doc.decode_problem = DecodeProblem(
            problem, doc.index.range(bad_offset, min(bad_offset + 1, len(text)))
        )
    return doc


def decode_skill_text(data: bytes) -> tuple[str, str | None, int]:
    """The text of a SKILL.md's bytes as the document model reads it, what is wrong with
    the bytes (None: nothing) and the offset in the text of the first bad byte."""
    problem: str | None = None
    bad_offset = 0
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            text = data.decode("utf-16", errors="replace")
        problem = "file is UTF-16; agents read SKILL.md as UTF-8 and will not find its frontmatter"
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad_offset = len(data[: exc.start].decode("utf-8", errors="replace"))
            text = data.decode("utf-8", errors="replace")
            problem = f"invalid UTF-8 (byte 0x{data[exc.start]:02x} at byte offset {exc.start})"
    return text, problem, bad_offset


def load_document(path: Path) -> SkillDocument:
    """Read a SKILL.md from disk; raises OSError only (the caller reports it).

    Only regular files are read: opening a FIFO named SKILL.md (or a symlink to one, or to
    /dev/stdin) would block forever, and a device such as /dev/zero never ends. The open
    does not block, and anything but a regular file is refused before reading.
    """
    return decode_skill_bytes(read_skill_bytes(path), str(path))


def read_skill_text(path: str | Path, keep_line_ends: bool = False) -> str:
    """A SKILL.md's text as an agent reads it into the model's context: UTF-8 with bad
    bytes replaced, CRLF and CR read as LF unless `keep_line_ends`; regular files only, cut
    where `load_document` cuts. Raises OSError only."""
    text = read_skill_bytes(path).decode("utf-8", errors="replace")
    return text if keep_line_ends else text.replace("\r\n", "\n").replace("\r", "\n")


def read_skill_bytes(path: str | Path) -> bytes:
    """The bytes `load_document` parses: at most `MAX_FILE_BYTES` of a regular file, cut
    at a character boundary; raises OSError only."""
    data = read_regular(path, MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        data = data[:MAX_FILE_BYTES]
        # Cut at a character boundary, not inside a multi-byte UTF-8 sequence.
        keep = len(data)
        while keep > len(data) - 4 and keep > 0 and data[keep - 1] & 0xC0 == 0x80:
            keep -= 1
        if keep > 0 and data[keep - 1] >= 0xC0:
            keep -= 1
        data = data[:keep]
    return data


# --- The head only: what indexing reads -----------------------------------------------------


def load_head(path: str) -> tuple[SkillDocument, str]:
    """The document of a SKILL.md's head (see `frontmatter_head`), read from disk, and the
    text read after it (the start of the body, possibly cut mid-line); raises OSError only.

    Indexing needs the frontmatter and the body's first lines, never the whole body.
    """
    head, after = _read_head(path)
    return decode_skill_bytes(head, path), after.decode("utf-8", errors="replace")


def parse_head(text: str, path: str | None = None) -> tuple[SkillDocument, str]:
    """Like `load_head`, for text already in memory (an editor buffer)."""
    head = frontmatter_head(text)
    return parse_document(head, path), text[len(head) :]


def frontmatter_head(text: str) -> str:
    """The text up to and including the closing `---` line (all of it when there is none)."""
    end = _head_end(text, _TEXT_DELIMITER, _TEXT_LEADING)
    return text if end is None else text[:end]


def _read_head(path: str) -> tuple[bytes, bytes]:
    """The file's head (see `frontmatter_head`), and what was read after it."""
    with open_regular(path) as handle:
        data = handle.read(HEAD_BYTES)
        while _head_end(data, _DELIMITER, _LEADING) is None and len(data) < MAX_HEAD_BYTES:
            more = handle.read(HEAD_BYTES)
            if not more:
                break
            data += more
    end = _head_end(data, _DELIMITER, _LEADING)
    return (data, b"") if end is None else (data[:end], data[end:])


def _head_end(
    data: AnyStr, delimiter: re.Pattern[AnyStr], leading: re.Pattern[AnyStr]
) -> int | None:
    """Offset just after the closing delimiter line, or None (no frontmatter block)."""
    opening = delimiter.search(data)
    if opening is None or leading.fullmatch(data[: opening.start()]) is None:
        return None
    closing = delimiter.search(data, opening.end())
    if closing is None:
        return None
    end = closing.end()
    return end + 1 if data[end : end + 1] in (b"\n", "\n") else end
