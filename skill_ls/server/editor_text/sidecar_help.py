"""Hover and completion in a skill's `agents/openai.yaml`: what a key means to Codex, and the
keys and values Codex reads where the cursor is. The words are the field table's
(`clients/openai_yaml_fields.py`); the server only translates the answers into the protocol.

Completion reads the lines above the cursor (indentation and `- ` items), not the parse, so
it works while the file is half written and not YAML yet.
"""

from __future__ import annotations

from skill_ls.clients.openai_yaml_fields import (
    FIELDS_BY_PATH,
    READER,
    SidecarField,
    children,
)
from skill_ls.clients.table import get_client
from skill_ls.diagnostics import Position, Range
from skill_ls.document.openai_yaml import MAX_SIDECAR_BYTES, parse_sidecar
from skill_ls.server.editor_text.manifest_completion import ManifestSuggestion
from skill_ls.server.editor_text.manifest_hover import ManifestHelp
from skill_ls.text import LineIndex
from skill_ls.yamltree import YMapping, YNode, YScalar, YSequence

# Lines looked at above the cursor to find the keys it is under.
MAX_LINES_UP = 2_000


def sidecar_hover(text: str, position: Position) -> ManifestHelp | None:
    """What the key at `position` means to Codex; None elsewhere or for keys it does not read."""
    if len(text) > MAX_SIDECAR_BYTES:
        return None
    document = parse_sidecar(text)
    found = _key_at(document.root, position, "")
    if found is None:
        return None
    path, key = found
    spec = FIELDS_BY_PATH.get(path)
    if spec is None:
        return None
    return ManifestHelp(_describe(spec), key.range)


def _key_at(node: YNode | None, position: Position, parent: str) -> tuple[str, YScalar] | None:
    if isinstance(node, YSequence):
        for item in node.items:
            if item.range.start <= position <= item.range.end:
                return _key_at(item, position, f"{parent}[]")
        return None
    if not isinstance(node, YMapping):
        return None
    for key, value in node.entries:
        if not isinstance(key, YScalar):
            continue
        path = f"{parent}.{key.value}" if parent else key.value
        if key.range.start <= position <= key.range.end:
            return path, key
        if value.range.start <= position <= value.range.end:
            return _key_at(value, position, path)
    return None


def _describe(spec: SidecarField) -> str:
    codex = get_client(READER).name
    lines = [f"**`{spec.path}`** ({codex}, `agents/openai.yaml`)", "", spec.doc]
    if spec.values and spec.type in ("product-list", "string"):
        lines += ["", "Values: " + ", ".join(f"`{value}`" for value in spec.values)]
    return "\n".join(lines)


def sidecar_completions(text: str, offset: int) -> list[ManifestSuggestion]:
    """Keys Codex reads where a key may go, and the values it takes after `key: `, at the
    code-point `offset`."""
    if len(text) > MAX_SIDECAR_BYTES or not 0 <= offset <= len(text):
        return []
    index = LineIndex(text)
    here = index.position(offset)
    line = index.line(here.line)[: here.column]
    body = line.lstrip(" ")
    column = len(line) - len(body)
    in_item = body.startswith("- ")
    if in_item:
        body = body[2:]
        column += 2
    if body.startswith("#"):
        return []
    lines = [index.line(number) for number in range(max(0, here.line - MAX_LINES_UP), here.line)]
    parent = _parent(lines, column, in_item)
    if parent is None:
        return []
    if ":" not in body:
        start = Position(here.line, column)
        present = _keys_above(lines, column)
        return [
            _key_item(spec, Range(start, here))
            for spec in children(parent)
            if spec.key not in present
        ]
    key, _, typed = body.partition(":")
    spec = FIELDS_BY_PATH.get(f"{parent}.{key.strip()}" if parent else key.strip())
    if spec is None or not spec.values:
        return []
    word = typed.lstrip(" [").rsplit(",", 1)[-1].lstrip(" ")
    start = Position(here.line, here.column - len(word))
    return [_value_item(spec, value, Range(start, here)) for value in spec.values]


def _indent(text: str) -> tuple[int, bool, str]:
    """(column of the key, whether the line opens a `- ` item, the text from the key on)."""
    body = text.lstrip(" ")
    column = len(text) - len(body)
    if body.startswith("- "):
        return column + 2, True, body[2:]
    return column, False, body


def _parent(lines: list[str], column: int, in_item: bool) -> str | None:
    """The dotted path of the mapping a key at `column` belongs to; None when the lines above
    do not lead to one Codex reads (a key under text, say)."""
    path: list[str] = []
    item = in_item
    for text in reversed(lines):
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key_column, opens_item, body = _indent(text)
        if key_column == column and opens_item:
            item = True
            continue
        if key_column >= column:
            continue
        if item and key_column > column - 2:
            continue
        key, colon, rest = body.partition(":")
        if not colon or rest.strip():
            return None  # a key with a value on its line holds no keys below it
        path.insert(0, key.strip() + ("[]" if item else ""))
        column = key_column
        item = opens_item
        if column == 0 and not item:
            break
    else:
        if column != 0:
            return None
    dotted = ".".join(path)
    if dotted and (FIELDS_BY_PATH.get(dotted.removesuffix("[]")) is None):
        return None
    return dotted


def _keys_above(lines: list[str], column: int) -> set[str]:
    """Keys already written at `column` in the block the cursor is in (up to its parent)."""
    found: set[str] = set()
    for text in reversed(lines):
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key_column, opens_item, body = _indent(text)
        if key_column < column:
            break
        if key_column == column:
            key, colon, _ = body.partition(":")
            if colon:
                found.add(key.strip())
            if opens_item:
                break
    return found


def _key_item(spec: SidecarField, edit: Range) -> ManifestSuggestion:
    snippet = spec.snippet or ""
    plain = snippet.replace("${1:false}", "false").replace("$1", "")
    separator = ":" if snippet.startswith("\n") else ": "
    return ManifestSuggestion(
        label=spec.key,
        kind="key",
        detail=f"{get_client(READER).name}: {spec.type}",
        documentation=spec.doc,
        text=f"{spec.key}{separator}{plain}",
        snippet=f"{spec.key}{separator}{snippet}",
        edit=edit,
    )


def _value_item(spec: SidecarField, value: str, edit: Range) -> ManifestSuggestion:
    return ManifestSuggestion(
        label=value,
        kind="value",
        detail=spec.path,
        documentation="",
        text=value,
        snippet=value,
        edit=edit,
    )
