"""What a hover says, as plain text and a code-point range (no LSP types): a key's docs and
which clients honour it; a reference's target and first lines; on `description`, the key's
docs followed by whatever preview the caller supplies (each target client's catalog entry).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from skill_ls.clients.describe import provenance_line
from skill_ls.clients.fields import ALL_FIELDS
from skill_ls.clients.table import CLIENTS
from skill_ls.diagnostics import Position, Range
from skill_ls.document import Reference, SkillDocument
from skill_ls.server.documents import read_text
from skill_ls.server.references import resolve_reference
from skill_ls.workspace.markdown import code, fenced

PREVIEW_LINES = 10
PREVIEW_BYTES = 64 * 1024
# A folder's hover lists this many entries.
MAX_FOLDER_ENTRIES = 20
_FENCE_LANGUAGES = {
    ".py": "python",
    ".sh": "bash",
    ".md": "markdown",
    ".json": "json",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".js": "javascript",
    ".ts": "typescript",
    ".toml": "toml",
    ".txt": "text",
    ".html": "html",
    ".css": "css",
}


@dataclass(frozen=True)
class HoverText:
    text: str  # Markdown
    range: Range


def key_hover(key: str) -> str:
    spec = ALL_FIELDS.get(key)
    if spec is None:
        return (
            f"**`{key}`** is not a field any client reads. Custom data belongs under "
            "`metadata`.\n\n" + _client_lines(key)
        )
    text = f"**`{key}`**{' (required)' if spec.required else ''} — {spec.doc}"
    if spec.enum:
        text += "\n\nValues: " + ", ".join(f"`{value}`" for value in spec.enum)
    return text + "\n\n" + _client_lines(key)


def _client_lines(key: str) -> str:
    honour = [f"{c.name} ({provenance_line(c)})" for c in CLIENTS if key in c.fields.honoured]
    ignore = [
        c.name for c in CLIENTS if key not in c.fields.honoured and c.fields.unknown == "ignore"
    ]
    warn = [
        c.name for c in CLIENTS if key not in c.fields.honoured and c.fields.unknown != "ignore"
    ]
    lines = [f"- Honoured by: {', '.join(honour) if honour else 'no client'}"]
    if ignore:
        lines.append(f"- Ignored by: {', '.join(ignore)}")
    if warn:
        lines.append(f"- Reported as unknown by: {', '.join(warn)}")
    return "\n".join(lines)


def reference_hover(skill_md: str | None, target: str) -> str:
    """What a relative reference of `skill_md` points at (never a file outside its folder)."""
    if skill_md is None:
        return code(target)
    path = resolve_reference(skill_md, target)
    if path is None:
        return f"{code(target)} points outside the skill folder; agents may not be able to read it."
    if not os.path.exists(path):
        return f"{code(target)} does not exist in the skill folder."
    if os.path.isdir(path):
        try:
            entries = sorted(os.listdir(path))
        except OSError:
            entries = []
        shown = "\n".join(f"- {code(name)}" for name in entries[:MAX_FOLDER_ENTRIES])
        extra = len(entries) - MAX_FOLDER_ENTRIES
        more = f"\n- … {extra} more" if extra > 0 else ""
        return f"{code(target + '/')} (folder, {len(entries)} entries)\n\n{shown}{more}"
    text = read_text(path, PREVIEW_BYTES)
    size = _size(path)
    if text is None:
        return f"{code(target)} cannot be read."
    if "\0" in text[:8192]:
        return f"{code(target)} (binary file, {size:,} bytes)"
    lines = text.splitlines()
    language = _FENCE_LANGUAGES.get(Path(path).suffix.lower(), "")
    head = "\n".join(lines[:PREVIEW_LINES])
    total = f"{len(lines):,} lines" if len(text) < PREVIEW_BYTES else "large file"
    return f"{code(target)} ({total}, {size:,} bytes)\n\n{fenced(head, language)}"


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def find_reference(doc: SkillDocument, pos: Position) -> Reference | None:
    for ref in doc.references:
        if ref.range.contains(pos):
            return ref
    return None


def hover_at(
    doc: SkillDocument, skill_md: str | None, pos: Position, description_preview: Callable[[], str]
) -> HoverText | None:
    """The hover at `pos`; `description_preview` is asked only on the `description` field
    (it renders catalogs, so it is not worth computing elsewhere)."""
    for key, entry in doc.fields.items():
        value_range = entry.value.range if entry.value is not None else None
        on_key = entry.key.range.contains(pos)
        on_value = value_range is not None and value_range.contains(pos)
        if key == "description" and (on_key or on_value):
            preview = description_preview()
            text = key_hover(key) + ("\n\n---\n\n" + preview if preview else "")
            return HoverText(text, entry.key.range if on_key else (value_range or entry.key.range))
        if on_key:
            return HoverText(key_hover(key), entry.key.range)
    ref = find_reference(doc, pos)
    if ref is not None:
        return HoverText(reference_hover(skill_md, ref.target), ref.range)
    return None
