"""Diagnostics: pushed (publishDiagnostics) or pulled (textDocument/diagnostic), never both.

Push: each document has at most one check running. An edit during a check only marks the
document dirty; when the check ends, its result is published if still current, and the
newest version is checked next. So the newest text is checked at once, stale versions are
skipped, and an older result is never published after a newer one.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

from lsprotocol import types

from skill_ls.server.bulk import FileFindings
from skill_ls.server.checks import CheckResult
from skill_ls.server.convert import to_lsp_diagnostic, to_lsp_diagnostics
from skill_ls.server.documents import path_to_uri
from skill_ls.server.isolation import isolated
from skill_ls.server.server import SkillServer

log = logging.getLogger(__name__)

IDENTIFIER = "skill-ls"


class Publisher:
    """Checks open documents and publishes their diagnostics (push clients only)."""

    def __init__(self, server: SkillServer) -> None:
        self.server = server
        self._running: dict[str, asyncio.Task[None]] = {}
        self._dirty: set[str] = set()

    @property
    def pushing(self) -> bool:
        return not self.server.flags.pull_diagnostics

    def changed(self, uri: str) -> None:
        """A document was opened or edited, or the world around it changed."""
        if not self.pushing:
            return
        task = self._running.get(uri)
        if task is not None and not task.done():
            self._dirty.add(uri)
            return
        self._running[uri] = asyncio.ensure_future(self._check_until_current(uri))

    def world_changed(self) -> None:
        """Settings or files changed: every open skill document may have new findings."""
        if self.pushing:
            for snapshot in self.server.skill_snapshots():
                self.changed(snapshot.uri)
        elif self.server.flags.diagnostic_refresh:
            self.server.workspace_diagnostic_refresh(None)

    def closed(self, uri: str) -> None:
        task = self._running.pop(uri, None)
        if task is not None:
            task.cancel()
        self._dirty.discard(uri)
        if self.pushing:
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

    async def _check_until_current(self, uri: str) -> None:
        server = self.server
        try:
            while True:
                self._dirty.discard(uri)
                snapshot = server.documents.get(uri)
                delay = server.settings_for(snapshot.path).debounce_ms if snapshot else 0
                if snapshot is not None and delay:
                    await asyncio.sleep(delay / 1000)
                    snapshot = server.documents.get(uri)
                if snapshot is None or not server.is_skill(snapshot):
                    return
                generation = server.generation
                settings = server.settings_for(snapshot.path)
                result = await server.checks.result(snapshot, settings, generation)
                current = server.documents.get(uri)
                if current is None:
                    return
                if current is snapshot and server.generation == generation:
                    self._publish(result)
                    if uri not in self._dirty:
                        return
                # Otherwise the result is stale: check the newest version instead.
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("publishing diagnostics for %s failed", uri)
        finally:
            if self._running.get(uri) is asyncio.current_task():
                del self._running[uri]

    def _publish(self, result: CheckResult) -> None:
        snapshot = result.snapshot
        server = self.server
        items = to_lsp_diagnostics(
            result.diagnostics, snapshot.index, server.mapper, server.flags, server.index_for
        )
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=snapshot.uri, diagnostics=items, version=snapshot.version
            )
        )


@isolated(types.RelatedFullDocumentDiagnosticReport(items=[]))
async def document_diagnostic(
    ls: SkillServer, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    uri = params.text_document.uri
    snapshot = ls.snapshot(uri)
    if snapshot is None or not ls.is_skill(snapshot):
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    generation = ls.generation
    result = await ls.checks.result(snapshot, ls.settings_for(snapshot.path), generation)
    if params.previous_result_id == result.result_id and snapshot.version is not None:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result.result_id)
    items = to_lsp_diagnostics(
        result.diagnostics, snapshot.index, ls.mapper, ls.flags, ls.index_for
    )
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=result.result_id)


def _stale_entries(
    ls: SkillServer, previous: dict[str, str], skip: set[str], generation: int
) -> tuple[list[types.WorkspaceDocumentDiagnosticReport], list[tuple[str, str, str]]]:
    """Unchanged reports, and (path, uri, result id) of the skills to check again."""
    unchanged: list[types.WorkspaceDocumentDiagnosticReport] = []
    stale: list[tuple[str, str, str]] = []
    for entry in ls.index.skills():
        if entry.path in skip:
            continue
        uri = path_to_uri(entry.path)
        try:
            stat = os.stat(entry.path)
        except OSError:
            continue
        result_id = f"{generation}:{stat.st_mtime_ns}:{stat.st_size}"
        if previous.get(uri) == result_id:
            unchanged.append(
                types.WorkspaceUnchangedDocumentDiagnosticReport(
                    uri=uri, version=None, result_id=result_id
                )
            )
        else:
            stale.append((entry.path, uri, result_id))
    return unchanged, stale


def _full_reports(
    ls: SkillServer, stale: list[tuple[str, str, str]], found: list[FileFindings]
) -> list[types.WorkspaceDocumentDiagnosticReport]:
    """Add cross-skill findings and convert (a line index only for non-ASCII files)."""
    by_path = {item.path: item for item in found}
    reports: list[types.WorkspaceDocumentDiagnosticReport] = []
    for path, uri, result_id in stale:
        item = by_path.get(path)
        if item is None:
            continue
        diagnostics = sorted(
            [*item.diagnostics, *ls.index.current.cross_skill_diagnostics(path)],
            key=lambda d: (d.range.start, d.code),
        )
        # ASCII text: code points are the client's units, no line index needed.
        index = None if item.ascii else ls.index_for(path)
        items = [
            to_lsp_diagnostic(d, index, ls.mapper, ls.flags, ls.index_for) for d in diagnostics
        ]
        reports.append(
            types.WorkspaceFullDocumentDiagnosticReport(
                uri=uri, version=None, items=items, result_id=result_id
            )
        )
    return reports


@isolated(types.WorkspaceDiagnosticReport(items=[]))
async def workspace_diagnostic(
    ls: SkillServer, params: types.WorkspaceDiagnosticParams
) -> types.WorkspaceDiagnosticReport:
    """Every skill in the index that is not open, cross-skill findings included (open
    documents are pulled one by one)."""
    await ls.first_scan.wait()
    previous = {item.uri: item.value for item in params.previous_result_ids}
    skip = {snapshot.path for snapshot in ls.skill_snapshots() if snapshot.path is not None}
    generation = ls.generation
    unchanged, stale = await asyncio.to_thread(_stale_entries, ls, previous, skip, generation)
    by_root: dict[Path | None, list[str]] = {}
    for path, _, _ in stale:
        by_root.setdefault(ls.config.root_of(path), []).append(path)
    found: list[FileFindings] = []
    for root, paths in by_root.items():
        settings = ls.settings_for(str(root) if root is not None else paths[0])
        found.extend(await ls.bulk.check(paths, settings))
    full = await asyncio.to_thread(_full_reports, ls, stale, found)
    return types.WorkspaceDiagnosticReport(items=[*unchanged, *full])


def register_pull(server: SkillServer) -> None:
    """Advertise pull diagnostics; called during `initialize` for clients that pull."""
    server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier=IDENTIFIER, inter_file_dependencies=True, workspace_diagnostics=True
        ),
    )(document_diagnostic)
    server.feature(types.WORKSPACE_DIAGNOSTIC)(workspace_diagnostic)
