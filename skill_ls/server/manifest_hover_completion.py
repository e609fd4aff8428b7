"""Hover and completion in an open plugin, extension or marketplace manifest, or a skill's
`agents/openai.yaml`: the answers come from `workspace.manifest_hover`,
`workspace.manifest_completion` and `workspace.sidecar_help`; this only translates them into
the protocol."""

from __future__ import annotations

from lsprotocol import types

from skill_ls.rules.openai_yaml_context import is_sidecar
from skill_ls.server.convert import to_lsp_hover
from skill_ls.server.documents import Snapshot
from skill_ls.server.editor_text.manifest_completion import manifest_completions
from skill_ls.server.editor_text.manifest_hover import manifest_hover
from skill_ls.server.editor_text.sidecar_help import sidecar_completions, sidecar_hover
from skill_ls.server.session import Session

_KINDS = {
    "key": types.CompletionItemKind.Property,
    "folder": types.CompletionItemKind.Folder,
    "value": types.CompletionItemKind.Value,
}


def manifest_hover_at(
    session: Session, snapshot: Snapshot, position: types.Position
) -> types.Hover | None:
    if snapshot.path is None:
        return None
    where = session.mapper.from_client(snapshot.index, position)
    if is_sidecar(snapshot.path):
        found = sidecar_hover(snapshot.text, where)
    else:
        found = manifest_hover(snapshot.path, snapshot.text, where)
    if found is None:
        return None
    return to_lsp_hover(found.text, found.range, snapshot.index, session.mapper, session.flags)


def manifest_completion_at(
    session: Session, snapshot: Snapshot, position: types.Position
) -> types.CompletionList | None:
    if snapshot.path is None:
        return None
    offset = snapshot.index.offset(session.mapper.from_client(snapshot.index, position))
    if is_sidecar(snapshot.path):
        found = sidecar_completions(snapshot.text, offset)
    else:
        found = manifest_completions(snapshot.path, snapshot.text, offset)
    if not found:
        return None
    snippets = session.flags.snippets
    markdown = session.flags.completion_markdown
    doc_kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    items = [
        types.CompletionItem(
            label=item.label,
            kind=_KINDS[item.kind],
            detail=item.detail,
            documentation=types.MarkupContent(kind=doc_kind, value=item.documentation)
            if item.documentation
            else None,
            sort_text=f"{order:04d}",
            filter_text=item.label,
            text_edit=types.TextEdit(
                range=session.mapper.to_client_range(snapshot.index, item.edit),
                new_text=item.snippet if snippets else item.text,
            ),
            insert_text_format=types.InsertTextFormat.Snippet
            if snippets
            else types.InsertTextFormat.PlainText,
        )
        for order, item in enumerate(found)
    ]
    return types.CompletionList(is_incomplete=False, items=items)
