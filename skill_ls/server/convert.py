"""Core types to lsprotocol types: diagnostics, ranges and fixes (as workspace edits).

Everything here translates; nothing decides what is wrong with a skill.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence

from lsprotocol import types

from skill_ls.diagnostics import Diagnostic, Fix, Range, Severity
from skill_ls.rules.registry import docs_url
from skill_ls.server.capabilities import ClientFlags
from skill_ls.server.documents import Snapshot, path_to_uri
from skill_ls.server.positions import PositionMapper
from skill_ls.text import LineIndex

SOURCE = "skill-ls"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}
_TAGS = {
    "unnecessary": types.DiagnosticTag.Unnecessary,
    "deprecated": types.DiagnosticTag.Deprecated,
}

# The line index of another file (for related information), or None when it can't be read.
LineIndexFor = Callable[[str], LineIndex | None]


def to_lsp_diagnostic(
    diagnostic: Diagnostic,
    index: LineIndex | None,
    mapper: PositionMapper,
    flags: ClientFlags,
    line_index_for: LineIndexFor,
    docs_base: str | None = None,
) -> types.Diagnostic:
    """`diagnostic` in the client's terms; its code links to the rule's docs under
    `docs_base` (the `docsUrl` setting; None: the docs shipped with the package)."""
    tags = [_TAGS[t] for t in diagnostic.tags if t in _TAGS] if flags.diagnostic_tags else []
    related: list[types.DiagnosticRelatedInformation] = []
    if flags.related_information:
        for item in diagnostic.related:
            related.append(
                types.DiagnosticRelatedInformation(
                    location=types.Location(
                        uri=path_to_uri(item.path),
                        range=_range_in(line_index_for(item.path), item.range, mapper),
                    ),
                    message=item.message,
                )
            )
    return types.Diagnostic(
        range=_range_in(index, diagnostic.range, mapper),
        message=diagnostic.message,
        severity=_SEVERITY[diagnostic.severity],
        code=diagnostic.code,
        code_description=(
            types.CodeDescription(href=docs_url(diagnostic.code, docs_base))
            if flags.code_description
            else None
        ),
        source=SOURCE,
        tags=tags or None,
        related_information=related or None,
    )


def _range_in(index: LineIndex | None, rng: Range, mapper: PositionMapper) -> types.Range:
    """`rng` in client units; without a line index (an ASCII or unreadable file) code
    points pass through, which is exact for ASCII text in every encoding."""
    if index is None:
        start = types.Position(line=rng.start.line, character=rng.start.column)
        end = types.Position(line=rng.end.line, character=rng.end.column)
        return types.Range(start=start, end=end)
    return mapper.to_client_range(index, rng)


def to_lsp_diagnostics(
    diagnostics: Iterable[Diagnostic],
    index: LineIndex,
    mapper: PositionMapper,
    flags: ClientFlags,
    line_index_for: LineIndexFor,
    docs_base: str | None = None,
) -> list[types.Diagnostic]:
    return [
        to_lsp_diagnostic(d, index, mapper, flags, line_index_for, docs_base) for d in diagnostics
    ]


def to_lsp_hover(
    text: str, where: Range, index: LineIndex, mapper: PositionMapper, flags: ClientFlags
) -> types.Hover:
    """A hover in the client's terms: Markdown where it takes it, its units' range."""
    kind = types.MarkupKind.Markdown if flags.hover_markdown else types.MarkupKind.PlainText
    return types.Hover(
        contents=types.MarkupContent(kind=kind, value=text),
        range=mapper.to_client_range(index, where),
    )


def created_path(snapshot: Snapshot, relative: str) -> str | None:
    """Where a fix's new file goes: inside the skill folder, or None (refused)."""
    if snapshot.path is None:
        return None
    folder = os.path.realpath(os.path.dirname(snapshot.path))
    target = os.path.realpath(os.path.join(folder, relative))
    if os.path.commonpath([folder, target]) != folder or target == folder:
        return None
    return target


def fixes_to_edit(
    fixes: Sequence[Fix],
    snapshot: Snapshot,
    mapper: PositionMapper,
    flags: ClientFlags,
) -> types.WorkspaceEdit | None:
    """One workspace edit applying `fixes` to the snapshot they were computed on.

    None when the client cannot apply it (a file to create, without resource operations).
    """
    index = snapshot.index
    edits = [
        types.TextEdit(range=mapper.to_client_range(index, edit.range), new_text=edit.new_text)
        for fix in fixes
        for edit in fix.edits
    ]
    creates: list[str] = []
    for fix in fixes:
        for create in fix.creates:
            target = created_path(snapshot, create.relative_path)
            if target is None:
                return None
            creates.append(target)
    if creates and not (flags.document_changes and flags.create_files):
        return None
    if not edits and not creates:
        return None
    if flags.document_changes:
        changes: list[types.TextDocumentEdit | types.CreateFile] = [
            types.CreateFile(
                uri=path_to_uri(target),
                options=types.CreateFileOptions(ignore_if_exists=True, overwrite=False),
            )
            for target in creates
        ]
        if edits:
            changes.append(
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=snapshot.uri, version=snapshot.version
                    ),
                    edits=list(edits),
                )
            )
        return types.WorkspaceEdit(document_changes=changes)
    return types.WorkspaceEdit(changes={snapshot.uri: edits})
