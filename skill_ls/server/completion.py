"""Completion: frontmatter keys and values, `metadata` keys, and file paths in the body.

Keys come from the field table for the clients the skill targets (required ones first);
paths come from a listing of the skill's own folder, never from outside it.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.clients.fields import ALL_FIELDS, COMMON_METADATA_KEYS, FieldSpec
from skill_ls.clients.table import CLIENTS
from skill_ls.document import SkillDocument
from skill_ls.gathering import context_for_path
from skill_ls.server.binding import bind
from skill_ls.server.completion_context import CompletionContext, completion_context
from skill_ls.server.documents import Snapshot
from skill_ls.server.feature_table import COMPLETION_OPTIONS
from skill_ls.server.instruction_diagnostics import is_instruction_file
from skill_ls.server.isolation import isolated
from skill_ls.server.manifest_diagnostics import is_manifest
from skill_ls.server.manifest_hover_completion import manifest_completion_at
from skill_ls.server.mention_features import mention_completion
from skill_ls.server.session import Session
from skill_ls.yamltree import YMapping, YScalar

MAX_PATHS = 500
# Bundled-file folders offered first, in this order.
FIRST_FOLDERS = ("scripts/", "references/", "assets/")


def snippet_escape(text: str, in_choice: bool = False) -> str:
    escaped = text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")
    if in_choice:
        escaped = escaped.replace(",", "\\,").replace("|", "\\|")
    return escaped


class Completer:
    """The items for one completion context (where the cursor is: `completion_context`)."""

    def __init__(self, session: Session, snapshot: Snapshot, context: CompletionContext) -> None:
        self.session = session
        self.snapshot = snapshot
        self.doc: SkillDocument = snapshot.parsed
        self.context = context
        self.snippets = session.flags.snippets
        self.markdown = session.flags.completion_markdown
        self.edit_range = session.mapper.to_client_range(snapshot.index, context.edit)

    def items(self) -> list[types.CompletionItem]:
        place = self.context.place
        if place == "skeleton":
            return [self.skeleton_item()]
        if place == "key":
            return self.key_items()
        if place == "metadata-key":
            return self.metadata_items()
        if place == "value" and self.context.key is not None:
            return self.value_items(self.context.key)
        return []

    def docs(self, text: str) -> types.MarkupContent:
        kind = types.MarkupKind.Markdown if self.markdown else types.MarkupKind.PlainText
        return types.MarkupContent(kind=kind, value=text)

    # --- keys ------------------------------------------------------------------------------

    def key_items(self) -> list[types.CompletionItem]:
        clients = self.session.audience(self.snapshot)
        honoured: set[str] = set()
        for client in clients:
            honoured |= client.fields.honoured
        current = self.context.key
        present = {key for key in self.doc.fields if key != current}
        rng = self.edit_range
        items = []
        for order, spec in enumerate(ALL_FIELDS.values()):
            if spec.name not in honoured or spec.name in present:
                continue
            group = "0" if spec.required else ("1" if spec.spec else "2")
            if self.context.after_colon:
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
        return types.CompletionItem(
            label="---",
            kind=types.CompletionItemKind.Snippet,
            detail="frontmatter with the required fields",
            documentation=self.docs(key_documentation(ALL_FIELDS["name"])),
            text_edit=types.TextEdit(range=self.edit_range, new_text=text),
            insert_text_format=fmt,
        )

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
        rng = self.edit_range
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

    def value_items(self, key: str) -> list[types.CompletionItem]:
        spec = ALL_FIELDS.get(key)
        values: list[tuple[str, str]] = []
        if key == "name" and self.doc.folder_name:
            values.append((self.doc.folder_name, "the skill's folder name"))
        if spec is not None and spec.enum:
            values.extend((value, spec.doc) for value in spec.enum)
        if spec is not None and spec.type == "boolean":
            values.extend([("true", spec.doc), ("false", spec.doc)])
        rng = self.edit_range
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
    honour = [c.name for c in CLIENTS if spec.name in c.fields.honoured]
    text = f"**`{spec.name}`** — {spec.doc}"
    if spec.enum:
        text += "\n\nValues: " + ", ".join(f"`{v}`" for v in spec.enum)
    text += "\n\nHonoured by: " + (", ".join(honour) if honour else "no client")
    return text


def path_completions(
    session: Session, snapshot: Snapshot, context: CompletionContext
) -> types.CompletionList | None:
    """Files of the skill folder, inside a Markdown link target or inline code."""
    if snapshot.path is None:
        return None
    rng = session.mapper.to_client_range(snapshot.index, context.edit)
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
    if snapshot is not None and is_manifest(snapshot):
        return manifest_completion_at(session, snapshot, params.position)
    if snapshot is not None and is_instruction_file(session, snapshot):
        return mention_completion(session, snapshot, params.position)
    if snapshot is None or not session.is_skill(snapshot):
        return None
    position = session.mapper.from_client(snapshot.index, params.position)
    context = completion_context(snapshot.parsed, position)
    if context is None:
        return None
    if context.place == "path":
        return path_completions(session, snapshot, context)
    items = Completer(session, snapshot, context).items()
    return types.CompletionList(is_incomplete=False, items=items)


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_COMPLETION, COMPLETION_OPTIONS)(bind(completion, session))
