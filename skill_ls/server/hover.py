"""Hover: a key's docs and which clients honour it; a reference's target and first lines;
on `description`, what each target client's catalog shows for this skill."""

from __future__ import annotations

import os
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.clients.describe import provenance_line
from skill_ls.clients.fields import ALL_FIELDS
from skill_ls.clients.table import CLIENTS, Client
from skill_ls.diagnostics import Position, Range
from skill_ls.document import Reference, SkillDocument
from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot, read_text
from skill_ls.server.isolation import isolated
from skill_ls.server.preview import description_preview
from skill_ls.server.references import resolve_reference
from skill_ls.server.session import Session

PREVIEW_LINES = 10
PREVIEW_BYTES = 64 * 1024
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
    honour = [f"{c.name} ({provenance_line(c)})" for c in CLIENTS if key in c.fields]
    ignore = [c.name for c in CLIENTS if key not in c.fields and c.unknown_fields == "ignore"]
    warn = [c.name for c in CLIENTS if key not in c.fields and c.unknown_fields != "ignore"]
    lines = [f"- Honoured by: {', '.join(honour) if honour else 'no client'}"]
    if ignore:
        lines.append(f"- Ignored by: {', '.join(ignore)}")
    if warn:
        lines.append(f"- Reported as unknown by: {', '.join(warn)}")
    return "\n".join(lines)


def reference_hover(snapshot: Snapshot, ref: Reference) -> str:
    if snapshot.path is None:
        return f"`{ref.target}`"
    target = resolve_reference(snapshot.path, ref.target)
    if target is None:
        return f"`{ref.target}` points outside the skill folder; agents may not be able to read it."
    if not os.path.exists(target):
        return f"`{ref.target}` does not exist in the skill folder."
    if os.path.isdir(target):
        try:
            entries = sorted(os.listdir(target))
        except OSError:
            entries = []
        shown = "\n".join(f"- `{name}`" for name in entries[:20])
        more = f"\n- … {len(entries) - 20} more" if len(entries) > 20 else ""
        return f"`{ref.target}/` (folder, {len(entries)} entries)\n\n{shown}{more}"
    text = read_text(target, PREVIEW_BYTES)
    size = _size(target)
    if text is None:
        return f"`{ref.target}` cannot be read."
    if "\0" in text[:8192]:
        return f"`{ref.target}` (binary file, {size:,} bytes)"
    lines = text.splitlines()
    language = _FENCE_LANGUAGES.get(Path(target).suffix.lower(), "")
    head = "\n".join(lines[:PREVIEW_LINES])
    fence = "````" if "```" in head else "```"
    total = f"{len(lines):,} lines" if len(text) < PREVIEW_BYTES else "large file"
    return f"`{ref.target}` ({total}, {size:,} bytes)\n\n{fence}{language}\n{head}\n{fence}"


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


def hover_at(session: Session, snapshot: Snapshot, pos: Position) -> tuple[str, Range] | None:
    doc = snapshot.parsed
    for key, entry in doc.fields.items():
        value_range = entry.value.range if entry.value is not None else None
        on_key = entry.key.range.contains(pos)
        on_value = value_range is not None and value_range.contains(pos)
        if key == "description" and (on_key or on_value):
            clients: tuple[Client, ...] = session.audience(snapshot)
            preview = description_preview(session, snapshot, clients)
            text = key_hover(key) + ("\n\n---\n\n" + preview if preview else "")
            return text, entry.key.range if on_key else (value_range or entry.key.range)
        if on_key:
            return key_hover(key), entry.key.range
    ref = find_reference(doc, pos)
    if ref is not None:
        return reference_hover(snapshot, ref), ref.range
    return None


@isolated()
def hover(session: Session, params: types.HoverParams) -> types.Hover | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or not session.is_skill(snapshot):
        return None
    pos = session.mapper.from_client(snapshot.index, params.position)
    found = hover_at(session, snapshot, pos)
    if found is None:
        return None
    text, rng = found
    kind = types.MarkupKind.Markdown if session.flags.hover_markdown else types.MarkupKind.PlainText
    return types.Hover(
        contents=types.MarkupContent(kind=kind, value=text),
        range=session.mapper.to_client_range(snapshot.index, rng),
    )


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_HOVER)(bind(hover, session))
