"""The SKILL.md document model: frontmatter, YAML nodes with positions, body, references.

`parse_document` never raises on user input. Everything odd about a file becomes a fact
on the `SkillDocument`, and the rules in `skill_ls.rules` decide what to report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from skill_ls.diagnostics import Range
from skill_ls.files import read_regular

# Re-exported: the document model's references live in their own module.
from skill_ls.references import FENCE as FENCE
from skill_ls.references import Reference as Reference
from skill_ls.references import find_references
from skill_ls.references import prose_lines as prose_lines
from skill_ls.text import LineIndex
from skill_ls.yamltree import (
    NOT_PRINTABLE,
    ParseResult,
    YamlError,
    YamlFacts,
    YMapping,
    YNode,
    YScalar,
    only_simple_entries,
    parse_simple,
    parse_yaml,
)

BOM = "\ufeff"
# Frontmatter larger than this is not parsed: no real skill comes close (p99 is ~2 KiB).
MAX_FRONTMATTER_CHARS = 256 * 1024
# After a strict YAML failure, at most this many top-level entries that need the full YAML
# parser are read one by one (each costs a parser run: 50,000 tiny entries in 256 KiB took
# over a minute); simple `key: value` entries are cheap and always read.
MAX_PARSED_ENTRIES = 1000
# Files bigger than this are read only this far (the document says it was cut).
MAX_FILE_BYTES = 16 * 1024 * 1024


@dataclass
class Field:
    """A top-level frontmatter entry."""

    key: YScalar
    value: YNode | None
    # True when only the lenient reading could read it (strict YAML failed on it).
    recovered: bool = False


@dataclass
class Frontmatter:
    open_line: int
    close_line: int | None  # None: never closed
    first_line: int  # first YAML line
    yaml_text: str


@dataclass
class DecodeProblem:
    message: str
    range: Range


@dataclass
class SkillDocument:
    text: str
    path: str | None
    index: LineIndex
    has_bom: bool = False
    line_endings: str = "none"  # "lf" | "crlf" | "cr" | "mixed" | "none"
    crlf_lines: list[int] = field(default_factory=list)
    leading_blank_lines: int = 0
    frontmatter: Frontmatter | None = None
    root: YNode | None = None
    fields: dict[str, Field] = field(default_factory=dict)
    # The first error a strict YAML loader reports for the whole frontmatter.
    strict_error: YamlError | None = None
    # Errors even the lenient, entry-by-entry reading could not get past.
    unreadable: list[YamlError] = field(default_factory=list)
    unreadable_keys: set[str] = field(default_factory=set)
    facts: YamlFacts = field(default_factory=YamlFacts)
    tabs: list[Range] = field(default_factory=list)
    dashes_in_values: list[Range] = field(default_factory=list)
    oversized_frontmatter: bool = False
    body: str = ""
    body_start_line: int = 0
    references: list[Reference] = field(default_factory=list)
    decode_problem: DecodeProblem | None = None
    nul_bytes: list[Range] = field(default_factory=list)

    @property
    def has_frontmatter(self) -> bool:
        return self.frontmatter is not None and self.frontmatter.close_line is not None

    @property
    def strict_ok(self) -> bool:
        """True when a strict YAML loader reads the frontmatter as written."""
        return self.has_frontmatter and self.strict_error is None and not self.oversized_frontmatter

    @property
    def lenient_ok(self) -> bool:
        """True when a lenient loader (retrying `key: a: b` as a quoted string) reads it."""
        return self.has_frontmatter and not self.unreadable and not self.oversized_frontmatter

    def string_value(self, key: str) -> str | None:
        """The value of a top-level key when it is a string scalar (after the lenient read)."""
        entry = self.fields.get(key)
        if entry is None or not isinstance(entry.value, YScalar):
            return None
        if entry.value.kind != "string":
            return None
        return entry.value.value

    @property
    def folder_name(self) -> str | None:
        if self.path is None:
            return None
        return Path(self.path).parent.name

    @property
    def body_lines(self) -> int:
        return max(self.index.line_count - self.body_start_line, 0)


_DELIMITER = "---"


def _is_delimiter(line: str) -> bool:
    return line.rstrip(" \t") == _DELIMITER


def parse_document(text: str, path: str | None = None) -> SkillDocument:
    """Read SKILL.md text into a `SkillDocument`; never raises on user input."""
    index = LineIndex(text)
    doc = SkillDocument(text=text, path=path, index=index)
    doc.has_bom = text.startswith(BOM)
    _record_line_endings(doc)
    _record_nul_bytes(doc)
    _split_frontmatter(doc)
    if doc.frontmatter is not None and doc.frontmatter.close_line is not None:
        _read_frontmatter(doc, doc.frontmatter)
    doc.references = find_references(doc)
    return doc


def _record_line_endings(doc: SkillDocument) -> None:
    text = doc.text
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    kinds = [name for name, count in (("lf", lf), ("crlf", crlf), ("cr", cr)) if count]
    doc.line_endings = kinds[0] if len(kinds) == 1 else ("mixed" if kinds else "none")
    if crlf:
        starts = doc.index.line_starts
        ends = doc.index.line_ends
        doc.crlf_lines = [n for n in range(len(starts) - 1) if text.startswith("\r\n", ends[n])][
            :10_000
        ]


def _record_nul_bytes(doc: SkillDocument) -> None:
    start = doc.text.find("\0")
    while start != -1 and len(doc.nul_bytes) < 100:
        doc.nul_bytes.append(doc.index.range(start, start + 1))
        start = doc.text.find("\0", start + 1)


def _split_frontmatter(doc: SkillDocument) -> None:
    index = doc.index
    first = 0
    # Clients that tolerate blank lines before `---` are few; we find the block anyway so
    # that the rest of the file can still be checked, and report the blank lines.
    while first < index.line_count and index.line(first).lstrip(BOM).strip() == "":
        first += 1
        if first > 1000:
            break
    opening = index.line(first).lstrip(BOM) if first < index.line_count else ""
    if not _is_delimiter(opening):
        doc.body = doc.text[1:] if doc.has_bom else doc.text
        doc.body_start_line = 0
        return
    doc.leading_blank_lines = first
    close = None
    for number in range(first + 1, index.line_count):
        if _is_delimiter(index.line(number)):
            close = number
            break
    yaml_start = index.line_starts[first + 1] if first + 1 < index.line_count else len(doc.text)
    if close is None:
        doc.frontmatter = Frontmatter(first, None, first + 1, "")
        doc.body = doc.text[yaml_start:]
        doc.body_start_line = first + 1
        return
    yaml_end = index.line_starts[close]
    doc.frontmatter = Frontmatter(first, close, first + 1, doc.text[yaml_start:yaml_end])
    body_start = index.line_starts[close + 1] if close + 1 < index.line_count else len(doc.text)
    doc.body = doc.text[body_start:]
    doc.body_start_line = min(close + 1, index.line_count)


def _read_frontmatter(doc: SkillDocument, fm: Frontmatter) -> None:
    if len(fm.yaml_text) > MAX_FRONTMATTER_CHARS:
        doc.oversized_frontmatter = True
        return
    _record_text_facts(doc, fm)
    if only_simple_entries(fm.yaml_text):
        result = parse_simple(fm.yaml_text, fm.first_line)
    else:
        result = parse_yaml(fm.yaml_text, fm.first_line)
    doc.facts = result.facts
    if result.error is None:
        doc.root = result.root
        if isinstance(result.root, YMapping):
            _collect_fields(doc, result.root, recovered=False)
        elif result.root is not None and not _is_null(result.root):
            doc.unreadable.append(
                YamlError("frontmatter is not a mapping of keys to values", result.root.range)
            )
        return
    doc.strict_error = result.error
    # The entries, read one by one, give every fact; the failed whole read gave a part.
    doc.facts = YamlFacts()
    _read_entry_by_entry(doc, fm)


def _is_null(node: YNode) -> bool:
    return isinstance(node, YScalar) and node.kind == "null"


def _collect_fields(doc: SkillDocument, mapping: YMapping, recovered: bool) -> None:
    for key, value in mapping.entries:
        if isinstance(key, YScalar) and key.value not in doc.fields:
            doc.fields[key.value] = Field(key, value, recovered)


def _add_entry(doc: SkillDocument, entry: Field) -> None:
    """Add an entry read on its own; a key seen in an earlier entry is a duplicate."""
    first = doc.fields.get(entry.key.value)
    if first is None:
        doc.fields[entry.key.value] = entry
    else:
        doc.facts.duplicate_keys.append((entry.key.value, entry.key.range, first.key.range))


# Lines as YAML and the line index see them: only CR, LF and CRLF end a line (str.splitlines
# also splits at U+2028, form feeds and more, which may sit inside a value).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


def _split_lines(text: str, keepends: bool = False) -> list[str]:
    lines = _LINE.findall(text)
    return lines if keepends else [line.rstrip("\r\n") for line in lines]


def _record_text_facts(doc: SkillDocument, fm: Frontmatter) -> None:
    for offset, line in enumerate(_split_lines(fm.yaml_text)):
        number = fm.first_line + offset
        column = line.find("\t")
        if column != -1 and len(doc.tabs) < 1000:
            doc.tabs.append(Range.of(number, column, number, column + 1))
        column = line.find(_DELIMITER)
        if column != -1 and len(doc.dashes_in_values) < 1000:
            doc.dashes_in_values.append(Range.of(number, column, number, column + 3))


# A top-level entry starts at column 0 with something that is not a comment or list item.
_ENTRY_START = re.compile(r"[^\s#\-]|-[^\s-]")
_LENIENT_ENTRY = re.compile(r"(?P<key>[^\s#:'\"\[\]{}][^:]*?):(?:[ \t]+(?P<value>.*))?$")


def _read_entry_by_entry(doc: SkillDocument, fm: Frontmatter) -> None:
    """After a strict failure: read each top-level entry on its own, then leniently.

    This is what lets one bad value leave the other keys checkable, and it tells what a
    lenient loader (one that retries an unquoted `key: a: b` as a string) would load.
    """
    lines = _split_lines(fm.yaml_text, keepends=True)
    chunks: list[tuple[int, list[str]]] = []
    for offset, line in enumerate(lines):
        if line.strip() and _ENTRY_START.match(line):
            chunks.append((offset, [line]))
        elif chunks:
            chunks[-1][1].append(line)
    parsed = 0
    for offset, chunk_lines in chunks:
        first_line = fm.first_line + offset
        chunk = "".join(chunk_lines)
        result: ParseResult
        if only_simple_entries(chunk):
            result = parse_simple(chunk, first_line)
        elif parsed == MAX_PARSED_ENTRIES:
            doc.unreadable.append(
                YamlError(
                    f"frontmatter has more than {MAX_PARSED_ENTRIES:,} entries that are "
                    "not plain `key: value` lines; not read further",
                    Range.point(first_line, 0),
                )
            )
            break
        else:
            parsed += 1
            result = parse_yaml(chunk, first_line)
        _merge_facts(doc.facts, result.facts)
        if result.error is None and isinstance(result.root, YMapping):
            for key, value in result.root.entries:
                if isinstance(key, YScalar):
                    _add_entry(doc, Field(key, value))
            continue
        recovered = _lenient_entry(doc, chunk_lines, first_line)
        if recovered is None:
            error = result.error or YamlError(
                "entry is not a `key: value` pair", Range.point(first_line, 0)
            )
            doc.unreadable.append(error)
            match = _LENIENT_ENTRY.match(chunk_lines[0].rstrip("\r\n"))
            if match:
                doc.unreadable_keys.add(match.group("key").strip())
        else:
            _add_entry(doc, recovered)


_VALUE_INDICATOR = re.compile(r":(?:[ \t]|$)")


def _lenient_entry(doc: SkillDocument, chunk_lines: list[str], first_line: int) -> Field | None:
    """Read `key: any text` as a plain string, joining indented continuation lines."""
    head = chunk_lines[0].rstrip("\r\n")
    match = _LENIENT_ENTRY.match(head)
    if not match or match.group("value") is None:
        return None
    raw_value = match.group("value")
    if not raw_value.strip() or raw_value.lstrip()[0] in "'\"|>[{&*!%@`":
        return None
    continuation = [line.rstrip("\r\n") for line in chunk_lines[1:]]
    if any(line and not line[0].isspace() for line in continuation):
        return None
    parts = [raw_value.strip()] + [line.strip() for line in continuation if line.strip()]
    # Lenient loaders retry a value that holds a mapping indicator (`: `) as a quoted
    # string; quoting does not help any other error, nor characters YAML forbids.
    if not any(_VALUE_INDICATOR.search(part) for part in parts) or any(
        NOT_PRINTABLE.search(part) for part in parts
    ):
        return None
    key_text = match.group("key")
    key = YScalar(key_text, "", Range.of(first_line, 0, first_line, len(key_text)))
    value_col = match.start("value")
    last_line = first_line
    last_col = len(head)
    for extra, line in enumerate(continuation, start=1):
        if line.strip():
            last_line, last_col = first_line + extra, len(line.rstrip())
    value_range = Range.of(first_line, value_col, last_line, last_col)
    return Field(key, YScalar(" ".join(parts), "", value_range), recovered=True)


def _merge_facts(into: YamlFacts, more: YamlFacts) -> None:
    into.anchors.extend(more.anchors)
    into.aliases.extend(more.aliases)
    into.tags.extend(more.tags)
    into.flow.extend(more.flow)
    into.duplicate_keys.extend(more.duplicate_keys)
    into.extra_documents = into.extra_documents or more.extra_documents


# --- Reading files ------------------------------------------------------------------------


def decode_skill_bytes(data: bytes, path: str | None = None) -> SkillDocument:
    """Decode file bytes (UTF-8 expected) and parse; bad bytes become a fact, not a crash."""
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
    doc = parse_document(text, path)
    if problem is not None:
        # The replacement character, or an empty range in an empty (UTF-16) text.
        doc.decode_problem = DecodeProblem(
            problem, doc.index.range(bad_offset, min(bad_offset + 1, len(text)))
        )
    return doc


def load_document(path: Path) -> SkillDocument:
    """Read a SKILL.md from disk; raises OSError only (the caller reports it).

    Only regular files are read: opening a FIFO named SKILL.md (or a symlink to one, or to
    /dev/stdin) would block forever, and a device such as /dev/zero never ends. The open
    does not block, and anything but a regular file is refused before reading.
    """
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
    return decode_skill_bytes(data, str(path))
