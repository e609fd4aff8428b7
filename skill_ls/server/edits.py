"""Building workspace edits over several files, in the form the client accepts."""

from __future__ import annotations

from dataclasses import dataclass, field

from lsprotocol import types
from pygls.exceptions import JsonRpcException

from skill_ls.diagnostics import Range
from skill_ls.server.documents import path_to_uri
from skill_ls.server.session import Session

REQUEST_FAILED = -32803


def request_failed(message: str) -> JsonRpcException:
    """An error the client shows to the user (LSP's RequestFailed)."""
    return JsonRpcException(message=message, code=REQUEST_FAILED)


@dataclass
class EditBuilder:
    session: Session
    _edits: dict[str, list[types.TextEdit]] = field(default_factory=dict)
    _versions: dict[str, int | None] = field(default_factory=dict)
    _renames: list[types.RenameFile] = field(default_factory=list)
    _seen: set[tuple[str, int, int, int, int]] = field(default_factory=set)

    def replace(self, path: str, rng: Range, new_text: str) -> None:
        """Replace a code-point range of a file (the open buffer when there is one)."""
        open_doc = self.session.documents.by_path(path)
        uri = open_doc.uri if open_doc is not None else path_to_uri(path)
        key = (uri, rng.start.line, rng.start.column, rng.end.line, rng.end.column)
        if key in self._seen:
            return
        line_index = open_doc.index if open_doc is not None else self.session.line_index_for(path)
        if line_index is None:
            return
        self._seen.add(key)
        self._versions[uri] = open_doc.version if open_doc is not None else None
        self._edits.setdefault(uri, []).append(
            types.TextEdit(
                range=self.session.mapper.to_client_range(line_index, rng), new_text=new_text
            )
        )

    def rename(self, old: str, new: str) -> None:
        self._renames.append(
            types.RenameFile(
                old_uri=path_to_uri(old),
                new_uri=path_to_uri(new),
                options=types.RenameFileOptions(overwrite=False, ignore_if_exists=False),
            )
        )

    @property
    def empty(self) -> bool:
        return not self._edits and not self._renames

    def build(self) -> types.WorkspaceEdit | None:
        if self.empty:
            return None
        flags = self.session.flags
        if flags.document_changes:
            changes: list[types.TextDocumentEdit | types.RenameFile] = [
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=uri, version=self._versions.get(uri)
                    ),
                    edits=list(edits),
                )
                for uri, edits in self._edits.items()
            ]
            # Text edits name files by their old paths, so renames come last.
            if flags.rename_files:
                changes.extend(self._renames)
            return types.WorkspaceEdit(document_changes=changes)
        if not self._edits:
            return None
        return types.WorkspaceEdit(changes={uri: list(e) for uri, e in self._edits.items()})
