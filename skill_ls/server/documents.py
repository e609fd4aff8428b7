"""Open documents: text snapshots per version, edited incrementally the LSP way.

pygls keeps its own copy of open documents, but splits lines with `str.splitlines`, which
also breaks at U+2028, form feeds and other characters LSP does not treat as line breaks.
Clients compute positions with LSP's rule (`\\r\\n`, `\\n`, `\\r`), so edits are applied here,
over the core's `LineIndex`. Snapshots are immutable: checks on worker threads read one
while the editor keeps typing.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from skill_ls.clients.table import root_markdown_clients
from skill_ls.document import MAX_FILE_BYTES, SkillDocument, parse_document
from skill_ls.files import read_regular
from skill_ls.server.positions import PositionMapper
from skill_ls.text import LineIndex

SKILL_FILE = "SKILL.md"
# Unopened files read for hovers, references and related information stop here.
MAX_READ_BYTES = MAX_FILE_BYTES


def uri_to_path(uri: str) -> str | None:
    """The file-system path of a `file:` URI (None for `untitled:` and other schemes)."""
    try:
        return to_fs_path(uri)
    except (ValueError, TypeError):
        return None


def path_to_uri(path: str | os.PathLike[str]) -> str:
    return str(from_fs_path(os.fspath(path)))


def is_skill_path(path: str | None, target_clients: Sequence[str] = ()) -> bool:
    """True for a file the server checks: `SKILL.md` (any case), or a root-level `*.md`
    skill of a client that has those (pi, Kimi Code CLI), when that client is a target or
    no targets are set."""
    if path is None:
        return False
    if os.path.basename(path).lower() == SKILL_FILE.lower():
        return True
    loading = root_markdown_clients(path)
    if not target_clients:
        return bool(loading)
    return any(client.id in target_clients for client in loading)


def read_text(path: str | os.PathLike[str], limit: int = MAX_READ_BYTES) -> str | None:
    """A regular file's text (UTF-8, bad bytes replaced), or None."""
    try:
        if not os.path.isfile(path):
            return None
        data = read_regular(path, limit)
    except OSError:
        return None
    return data.decode("utf-8", errors="replace")


def skill_folder(path: str) -> Path:
    """The folder a skill's references are relative to."""
    return Path(path).parent


_ORDER = itertools.count()


@dataclass(eq=False)
class Snapshot:
    """One version of an open document; never mutated once made."""

    uri: str
    path: str | None
    version: int | None
    text: str
    language_id: str = ""
    _index: LineIndex | None = field(default=None, repr=False)
    _parsed: SkillDocument | None = field(default=None, repr=False)
    # Where this snapshot stands in the order snapshots were made (the order the editor's
    # changes arrived in): unlike `version`, it never goes backwards, whatever a client sends.
    order: int = field(default_factory=lambda: next(_ORDER), repr=False)

    @property
    def index(self) -> LineIndex:
        if self._index is None:
            self._index = LineIndex(self.text)
        return self._index

    @property
    def parsed(self) -> SkillDocument:
        """The document model for this version (parsed once, on first use)."""
        if self._parsed is None:
            self.adopt(parse_document(self.text, self.path))
        assert self._parsed is not None
        return self._parsed

    def adopt(self, parsed: SkillDocument) -> None:
        """Keep a parse made elsewhere (a check on a worker thread) of this very text, and
        its line index: building one is the costliest step of a keystroke on long files."""
        if parsed.text is not self.text:
            return
        if self._parsed is None:
            self._parsed = parsed
        if self._index is None:
            self._index = parsed.index

    def edited(
        self,
        changes: Sequence[types.TextDocumentContentChangeEvent],
        version: int | None,
        mapper: PositionMapper,
    ) -> Snapshot:
        text = self.text
        index: LineIndex | None = self.index
        for change in changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                if index is None:
                    index = LineIndex(text)
                rng = mapper.from_client_range(index, change.range)
                start = index.offset(rng.start)
                end = index.offset(rng.end)
                text = text[:start] + change.text + text[end:]
            else:
                text = change.text
            # The new text's index is built only when needed (usually by the check's parse).
            index = None
        return Snapshot(self.uri, self.path, version, text, self.language_id, index)


class DocumentStore:
    """The open documents, by URI as the client spelled it, and by path."""

    def __init__(self) -> None:
        self._by_uri: dict[str, Snapshot] = {}
        self._uri_by_path: dict[str, str] = {}

    def open(self, item: types.TextDocumentItem) -> Snapshot:
        path = uri_to_path(item.uri)
        snapshot = Snapshot(item.uri, path, item.version, item.text, item.language_id)
        self._by_uri[item.uri] = snapshot
        if path is not None:
            self._uri_by_path[os.path.normpath(path)] = item.uri
        return snapshot

    def change(
        self, params: types.DidChangeTextDocumentParams, mapper: PositionMapper
    ) -> Snapshot | None:
        current = self._by_uri.get(params.text_document.uri)
        if current is None:
            return None
        updated = current.edited(params.content_changes, params.text_document.version, mapper)
        self._by_uri[current.uri] = updated
        return updated

    def close(self, uri: str) -> Snapshot | None:
        snapshot = self._by_uri.pop(uri, None)
        if snapshot is not None and snapshot.path is not None:
            self._uri_by_path.pop(os.path.normpath(snapshot.path), None)
        return snapshot

    def get(self, uri: str) -> Snapshot | None:
        return self._by_uri.get(uri)

    def by_path(self, path: str | os.PathLike[str]) -> Snapshot | None:
        uri = self._uri_by_path.get(os.path.normpath(os.fspath(path)))
        return self._by_uri.get(uri) if uri is not None else None

    def __iter__(self) -> Iterator[Snapshot]:
        return iter(list(self._by_uri.values()))

    def __len__(self) -> int:
        return len(self._by_uri)
