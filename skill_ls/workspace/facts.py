"""Read what indexing needs from a skill file: the frontmatter only (never the body), plus
the sidecar flags clients hide skills by (Codex's `agents/openai.yaml`)."""

from __future__ import annotations

import os
import re
from typing import AnyStr

from skill_ls.clients.table import CLIENTS
from skill_ls.document import SkillDocument, decode_skill_bytes, parse_document
from skill_ls.files import open_regular, read_regular
from skill_ls.workspace.model import SkillFacts
from skill_ls.yamltree import YMapping, YNode, YScalar, parse_yaml

# The frontmatter of every real skill fits in this many bytes (p99 is about 2 KiB); a
# larger head is still read, up to the document model's own frontmatter limit.
HEAD_BYTES = 64 * 1024
MAX_HEAD_BYTES = 512 * 1024
SIDECAR_BYTES = 64 * 1024

# The opening `---` may follow a BOM and blank lines, as the document model allows.
_DELIMITER = re.compile(rb"^---[ \t]*\r?$", re.MULTILINE)
_LEADING = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*")
_TEXT_DELIMITER = re.compile(r"^---[ \t]*\r?$", re.MULTILINE)
_TEXT_LEADING = re.compile("\ufeff?[ \t\r\n]*")

# Every flag any client hides skills by: frontmatter keys, and `file#dotted.key` sidecars.
HIDING_FLAGS: frozenset[str] = frozenset(flag for c in CLIENTS for flag, _ in c.hidden_when)
# Files beside SKILL.md that indexing reads (their changes re-read the skill).
SIDECAR_FILES: frozenset[str] = frozenset(f.partition("#")[0] for f in HIDING_FLAGS if "#" in f)


def read_facts(path: str, text: str | None = None) -> SkillFacts:
    """Facts of the skill file at `path`, from `text` (an editor buffer) or from disk."""
    if text is not None:
        doc = parse_document(frontmatter_head(text), path)
    else:
        try:
            doc = decode_skill_bytes(_read_head(path), path)
        except OSError as exc:
            return SkillFacts(None, None, error=f"cannot read {path}: {exc.strerror or exc}")
    return facts_of(doc, os.path.dirname(path))


def facts_of(doc: SkillDocument, folder: str) -> SkillFacts:
    """Facts from a parsed document (its body is not needed)."""
    flags: dict[str, object] = {}
    for flag in HIDING_FLAGS:
        value = _sidecar_value(folder, flag) if "#" in flag else _scalar(doc, flag)
        if value is not None:
            flags[flag] = value
    name_field = doc.fields.get("name")
    name = doc.string_value("name")
    return SkillFacts(
        name=name.strip() or None if name is not None else None,
        description=doc.string_value("description"),
        when_to_use=doc.string_value("when_to_use"),
        flags=flags,
        has_frontmatter=doc.has_frontmatter,
        strict_ok=doc.strict_ok,
        lenient_ok=doc.lenient_ok,
        name_range=(name_field.value or name_field.key).range if name_field else None,
        yaml_error=doc.strict_error.message if doc.strict_error is not None else None,
    )


def frontmatter_head(text: str) -> str:
    """The text up to and including the closing `---` line (all of it when there is none)."""
    end = _head_end(text, _TEXT_DELIMITER, _TEXT_LEADING)
    return text if end is None else text[:end]


def _read_head(path: str) -> bytes:
    with open_regular(path) as handle:
        data = handle.read(HEAD_BYTES)
        while _head_end(data, _DELIMITER, _LEADING) is None and len(data) < MAX_HEAD_BYTES:
            more = handle.read(HEAD_BYTES)
            if not more:
                break
            data += more
    end = _head_end(data, _DELIMITER, _LEADING)
    return data if end is None else data[:end]


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


def _scalar(doc: SkillDocument, key: str) -> object | None:
    entry = doc.fields.get(key)
    if entry is None or not isinstance(entry.value, YScalar):
        return None
    return _plain_value(entry.value)


def _plain_value(node: YScalar) -> object:
    if node.kind == "bool":
        return node.value.lower() == "true"
    return node.value


def _sidecar_value(folder: str, flag: str) -> object | None:
    """`agents/openai.yaml#policy.allow_implicit_invocation` → that value, if set."""
    relative, _, dotted = flag.partition("#")
    try:
        data = read_regular(os.path.join(folder, relative), SIDECAR_BYTES)
        text = data.decode("utf-8", errors="replace")
    except OSError:
        return None
    node: YNode | None = parse_yaml(text).root
    for part in dotted.split("."):
        if not isinstance(node, YMapping):
            return None
        node = node.get(part)
    return _plain_value(node) if isinstance(node, YScalar) else None
