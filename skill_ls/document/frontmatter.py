"""Frontmatter: finding the `---` block, and reading it into fields and facts.

The common frontmatter takes the fast path (`yamltree.simple`), which reads exactly what
the full parser (`yamltree.parser`) would. When a strict read of the whole block fails,
each top-level entry is read on its own, then leniently, so one bad value leaves the other
keys checkable.
"""

from __future__ import annotations

import re

from skill_ls.diagnostics import Range
from skill_ls.document.skill_document import BOM, Field, Frontmatter, SkillDocument
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

# Frontmatter larger than this is not parsed: no real skill comes close (p99 is ~2 KiB).
MAX_FRONTMATTER_CHARS = 256 * 1024
# After a strict YAML failure, at most this many top-level entries that need the full YAML
# parser are read one by one (each costs a parser run: 50,000 tiny entries in 256 KiB took
# over a minute); simple `key: value` entries are cheap and always read.
MAX_PARSED_ENTRIES = 1000

_DELIMITER = "---"


def _is_delimiter(line: str) -> bool:
    return line.rstrip(" \t") == _DELIMITER


def split_frontmatter(doc: SkillDocument) -> None:
    """Find the `---` block: set the document's frontmatter, body and body start line."""
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


def read_frontmatter(doc: SkillDocument, fm: Frontmatter) -> None:
    """Read a closed block's YAML into the document's root, fields and facts."""
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
_TAB_INDENT = re.compile(r"[ ]*\t")


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
    # A line indented with a tab stays an error after a retry that quotes the first line's
    # value (observed: Claude Code, Codex): it is not mended.
    if any(_TAB_INDENT.match(line) for line in continuation):
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
