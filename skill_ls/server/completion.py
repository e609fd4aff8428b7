"""Completion: frontmatter keys and values, `metadata` keys, and file paths in the body.

Keys come from the field table for the clients the skill targets (required ones first);
paths come from a listing of the skill's own folder, never from outside it.
"""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.clients.fields import ALL_FIELDS, COMMON_METADATA_KEYS, FieldSpec
from skill_ls.clients.table import CLIENTS
from skill_ls.diagnostics import Position, Range
from skill_ls.document import SkillDocument
from skill_ls.rules.context import context_for_path
from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot
from skill_ls.server.isolation import isolated
from skill_ls.server.session import Session
from skill_ls.yamltree import YMapping, YScalar

TRIGGERS = [":", "/", "(", "`", " "]
MAX_PATHS = 500
# Bundled-file folders offered first, in this order.
FIRST_FOLDERS = ("scripts/", "references/", "assets/")

_KEY_PREFIX = re.compile(r"[A-Za-z0-9_-]*")
_NESTED_KEY_PREFIX = re.compile(r"[ \t]+[A-Za-z0-9_-]*")
_VALUE_PREFIX = re.compile(r"(?P<key>[A-Za-z0-9_-]+):[ \t]*(?P<value>[^\s#]*)")
_LINK_PREFIX = re.compile(r"\]\(\s*<?(?P<path>[^)\s>]*)$")
_CODE_PREFIX = re.compile(r"`(?P<path>[^`\s]*)$")
_PATH_CHARS = re.compile(r"[^)\s>`]*")
_WORD_CHARS = re.compile(r"[A-Za-z0-9_-]*")
_WORD_CHARS_SET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


def snippet_escape(text: str, in_choice: bool = False) -> str:
    escaped = text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")
    if in_choice:
        escaped = escaped.replace(",", "\\,").replace("|", "\\|")
    return escaped


class Completer:
    def __init__(self, session: Session, snapshot: Snapshot, position: Position) -> None:
        self.session = session
        self.snapshot = snapshot
        self.doc: SkillDocument = snapshot.parsed
        self.position = position
        self.line = snapshot.index.line(position.line)
        self.prefix = self.line[: position.column]
        self.snippets = session.flags.snippets
        self.markdown = session.flags.completion_markdown

    # --- where the cursor is -------------------------------------------------------------

    def frontmatter_items(self) -> list[types.CompletionItem] | None:
        if _KEY_PREFIX.fullmatch(self.prefix):
            return self.key_items()
        if _NESTED_KEY_PREFIX.fullmatch(self.prefix) and self.parent_key() == "metadata":
            return self.metadata_items()
        match = _VALUE_PREFIX.fullmatch(self.prefix)
        if match:
            start = match.start("value")
            return self.value_items(match.group("key"), start)
        return None

    def parent_key(self) -> str | None:
        """The top-level key whose block holds the cursor's (indented) line."""
        fm = self.doc.frontmatter
        assert fm is not None
        for number in range(self.position.line - 1, fm.open_line, -1):
            text = self.line_at(number)
            if text.strip() and not text[0].isspace() and not text.lstrip().startswith("#"):
                match = _KEY_PREFIX.match(text)
                key = match.group(0) if match else ""
                return key if text[len(key) : len(key) + 1] == ":" else None
        return None

    def line_at(self, number: int) -> str:
        return self.snapshot.index.line(number)

    def edit_range(self, start_column: int, token: re.Pattern[str]) -> types.Range:
        """From `start_column` to the end of the token under the cursor (client units)."""
        rest = token.match(self.line, self.position.column)
        end = rest.end() if rest else self.position.column
        rng = Range(Position(self.position.line, start_column), Position(self.position.line, end))
        return self.session.mapper.to_client_range(self.snapshot.index, rng)

    def docs(self, text: str) -> types.MarkupContent:
        kind = types.MarkupKind.Markdown if self.markdown else types.MarkupKind.PlainText
        return types.MarkupContent(kind=kind, value=text)

    # --- keys ------------------------------------------------------------------------------

    def key_items(self) -> list[types.CompletionItem]:
        clients = self.session.audience(self.snapshot)
        honoured: set[str] = set()
        for client in clients:
            honoured |= client.fields
        current = self.current_key()
        present = {key for key in self.doc.fields if key != current}
        after_colon = self.line[len(self.prefix) :].lstrip(_WORD_CHARS_SET).startswith(":")
        rng = self.edit_range(0, _WORD_CHARS)
        items = []
        for order, spec in enumerate(ALL_FIELDS.values()):
            if spec.name not in honoured or spec.name in present:
                continue
            group = "0" if spec.required else ("1" if spec.spec else "2")
            if after_colon:
                text, fmt = spec.name, types.InsertTextFormat.PlainText
            else:
                text, fmt = self.key_insert(spec)
            items.append(
                types.CompletionItem(
                    label=spec.name,
                    kind=types.CompletionItemKind.Property,
                    detail=("required · " if spec.required else "") + _type_label(spec),
                    documentation=self.docs(key_documentation(spec)),
                    sort_text=f"{group}{order:03d}",
                    filter_text=spec.name,
                    text_edit=types.TextEdit(range=rng, new_text=text),
                    insert_text_format=fmt,
                )
            )
        return items

    def skeleton_item(self) -> types.CompletionItem:
        """A whole frontmatter block, for a file that has none yet."""
        name = self.doc.folder_name or "my-skill"
        if self.snippets:
            text = (
                f"---\nname: ${{1:{snippet_escape(name)}}}\n"
                "description: ${2:What this skill does}. Use when ${3:the situation it is for}.\n"
                "---\n\n# ${4:Title}\n\n$0"
            )
            fmt = types.InsertTextFormat.Snippet
        else:
            text = f"---\nname: {name}\ndescription: \n---\n"
            fmt = types.InsertTextFormat.PlainText
        rng = self.edit_range(0, re.compile(r"-*"))
        return types.CompletionItem(
            label="---",
            kind=types.CompletionItemKind.Snippet,
            detail="frontmatter with the required fields",
            documentation=self.docs(key_documentation(ALL_FIELDS["name"])),
            text_edit=types.TextEdit(range=rng, new_text=text),
            insert_text_format=fmt,
        )

    def current_key(self) -> str | None:
        match = _KEY_PREFIX.match(self.line)
        key = match.group(0) if match else ""
        return key if key and self.line[len(key) : len(key) + 1] == ":" else None

    def key_insert(self, spec: FieldSpec) -> tuple[str, types.InsertTextFormat]:
        if not self.snippets:
            suffix = ":\n  " if spec.type in ("string-map", "map") else ": "
            return spec.name + suffix, types.InsertTextFormat.PlainText
        if spec.name == "name" and self.doc.folder_name:
            value = "${1:" + snippet_escape(self.doc.folder_name) + "}"
        elif spec.enum:
            value = "${1|" + ",".join(snippet_escape(v, True) for v in spec.enum) + "|}"
        elif spec.type == "boolean":
            value = "${1|true,false|}"
        elif spec.type == "string-map":
            value = "\n  ${1:author}: ${2:name}"
        elif spec.type == "map":
            value = "\n  $0"
        elif spec.snippet:
            value = spec.snippet
        else:
            value = "$0"
        return f"{spec.name}: {value}", types.InsertTextFormat.Snippet

    def metadata_items(self) -> list[types.CompletionItem]:
        existing: set[str] = set()
        entry = self.doc.fields.get("metadata")
        if entry is not None and isinstance(entry.value, YMapping):
            existing = {k.value for k, _ in entry.value.entries if isinstance(k, YScalar)}
        indent = len(self.prefix) - len(self.prefix.lstrip(" \t"))
        rng = self.edit_range(indent, _WORD_CHARS)
        items = []
        for order, (key, doc) in enumerate(COMMON_METADATA_KEYS):
            if key in existing:
                continue
            if self.snippets:
                text, fmt = f'{key}: "${{1}}"', types.InsertTextFormat.Snippet
            else:
                text, fmt = f"{key}: ", types.InsertTextFormat.PlainText
            items.append(
                types.CompletionItem(
                    label=key,
                    kind=types.CompletionItemKind.Field,
                    detail="metadata",
                    documentation=self.docs(doc),
                    sort_text=f"{order:03d}",
                    text_edit=types.TextEdit(range=rng, new_text=text),
                    insert_text_format=fmt,
                )
            )
        return items

    # --- values ----------------------------------------------------------------------------

    def value_items(self, key: str, start: int) -> list[types.CompletionItem]:
        spec = ALL_FIELDS.get(key)
        values: list[tuple[str, str]] = []
        if key == "name" and self.doc.folder_name:
            values.append((self.doc.folder_name, "the skill's folder name"))
        if spec is not None and spec.enum:
            values.extend((value, spec.doc) for value in spec.enum)
        if spec is not None and spec.type == "boolean":
            values.extend([("true", spec.doc), ("false", spec.doc)])
        rng = self.edit_range(start, re.compile(r"[^\s#]*"))
        return [
            types.CompletionItem(
                label=value,
                kind=types.CompletionItemKind.Value,
                detail=key,
                documentation=self.docs(doc),
                sort_text=f"{order:03d}",
                text_edit=types.TextEdit(range=rng, new_text=value),
            )
            for order, (value, doc) in enumerate(values)
        ]


def _type_label(spec: FieldSpec) -> str:
    if spec.enum:
        return " | ".join(spec.enum)
    return spec.type


def key_documentation(spec: FieldSpec) -> str:
    honour = [c.name for c in CLIENTS if spec.name in c.fields]
    text = f"**`{spec.name}`** — {spec.doc}"
    if spec.enum:
        text += "\n\nValues: " + ", ".join(f"`{v}`" for v in spec.enum)
    text += "\n\nHonoured by: " + (", ".join(honour) if honour else "no client")
    return text


def path_completions(
    session: Session, snapshot: Snapshot, position: Position, prefix: str, line: str
) -> types.CompletionList | None:
    """Files of the skill folder, inside a Markdown link target or inline code."""
    if snapshot.path is None:
        return None
    match = _LINK_PREFIX.search(prefix) or _CODE_PREFIX.search(prefix)
    if match is None:
        return None
    start = match.start("path")
    rest = _PATH_CHARS.match(line, position.column)
    end = rest.end() if rest else position.column
    rng = session.mapper.to_client_range(
        snapshot.index, Range(Position(position.line, start), Position(position.line, end))
    )
    settings = session.settings_for(snapshot.path)
    files = context_for_path(Path(snapshot.path), settings).skill_files or frozenset()
    own = Path(snapshot.path).name
    candidates = sorted(
        (f for f in files if f != own and not any(p.startswith(".") for p in f.split("/"))),
        key=_path_order,
    )
    items = [
        types.CompletionItem(
            label=relative,
            kind=types.CompletionItemKind.File,
            sort_text=f"{_path_group(relative)}{order:05d}",
            filter_text=relative,
            text_edit=types.TextEdit(range=rng, new_text=relative),
        )
        for order, relative in enumerate(candidates[:MAX_PATHS])
    ]
    return types.CompletionList(is_incomplete=len(candidates) > MAX_PATHS, items=items)


def _path_group(relative: str) -> int:
    for number, folder in enumerate(FIRST_FOLDERS):
        if relative.startswith(folder):
            return number
    return len(FIRST_FOLDERS)


def _path_order(relative: str) -> tuple[int, str]:
    return _path_group(relative), relative


@isolated()
def completion(session: Session, params: types.CompletionParams) -> types.CompletionList | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or not session.is_skill(snapshot):
        return None
    position = session.mapper.from_client(snapshot.index, params.position)
    completer = Completer(session, snapshot, position)
    doc = completer.doc
    fm = doc.frontmatter
    line = position.line
    if fm is None and line == 0 and re.fullmatch(r"-{0,3}", completer.prefix):
        return types.CompletionList(is_incomplete=False, items=[completer.skeleton_item()])
    if fm is None or (fm.close_line is not None and line > fm.close_line):
        return path_completions(session, snapshot, position, completer.prefix, completer.line)
    if line <= fm.open_line or line == fm.close_line:
        return None
    items = completer.frontmatter_items()
    if items is None:
        return None
    return types.CompletionList(is_incomplete=False, items=items)


def register(server: LanguageServer, session: Session) -> None:
    server.feature(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=TRIGGERS)
    )(bind(completion, session))
