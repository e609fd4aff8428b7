"""Diagnostics: pushed (publishDiagnostics) or pulled (textDocument/diagnostic), never both.

Push: each document has at most one check running (the session's `PushQueue`). An edit
during a check only marks the document dirty; when the check ends, its result is published
if still current, and the newest version is checked next. So the newest text is checked at
once, stale versions are skipped, and an older result is never published after a newer one.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Generator
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.checking.batches import FileFindings
from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.server.binding import bind
from skill_ls.server.check_cache import CheckResult
from skill_ls.server.convert import to_lsp_diagnostic, to_lsp_diagnostics
from skill_ls.server.documents import SKILL_FILE, Snapshot, is_skill_path, path_to_uri
from skill_ls.server.editor import EditorPort
from skill_ls.server.feature_table import DIAGNOSTIC_OPTIONS
from skill_ls.server.instruction_diagnostics import instruction_diagnostics, is_instruction_file
from skill_ls.server.isolation import isolated
from skill_ls.server.manifest_diagnostics import is_manifest, manifest_diagnostics
from skill_ls.server.no_threads import off_the_loop
from skill_ls.server.session import Session
from skill_ls.workspace.bundles import bundle_skill_paths
from skill_ls.workspace.index import SLICE

log = logging.getLogger(__name__)

Checker = Callable[[Session, Snapshot], list[types.Diagnostic]]


def _other_check(session: Session, snapshot: Snapshot | None) -> Checker | None:
    """How a checked document that is no skill is checked: a manifest or sidecar, or a file
    agents read as instructions (its mentions only); None for a skill or anything else."""
    if snapshot is None:
        return None
    if is_manifest(snapshot):
        return manifest_diagnostics
    if is_instruction_file(session, snapshot):
        return instruction_diagnostics
    return None


def _pushing(session: Session) -> bool:
    return not session.flags.pull_diagnostics


def document_changed(session: Session, editor: EditorPort, uri: str) -> None:
    """A document was opened or edited, or the world around it changed (push clients)."""
    if not _pushing(session):
        return
    pushes = session.pushes
    task = pushes.running.get(uri)
    if task is not None and not task.done():
        pushes.dirty.add(uri)
        return
    pushes.running[uri] = asyncio.ensure_future(_check_until_current(session, editor, uri))


def recheck_open_documents(session: Session, editor: EditorPort) -> None:
    """Settings or files changed: every open skill document may have new findings."""
    if _pushing(session):
        for snapshot in session.skill_snapshots():
            document_changed(session, editor, snapshot.uri)
        # Instruction files' mentions resolve against the skills, which changed.
        for snapshot in list(session.documents):
            if is_instruction_file(session, snapshot):
                document_changed(session, editor, snapshot.uri)
    elif session.flags.diagnostic_refresh:
        editor.refresh_diagnostics()
    if session.flags.code_lens_refresh:
        # The agents' verdicts above each SKILL.md depend on the other skills too.
        editor.refresh_code_lenses()


def document_closed(session: Session, editor: EditorPort, uri: str) -> None:
    """Stop the document's check; a push client's problems for it are cleared."""
    pushes = session.pushes
    task = pushes.running.pop(uri, None)
    if task is not None:
        task.cancel()
    pushes.dirty.discard(uri)
    if _pushing(session):
        editor.publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


async def _check_until_current(session: Session, editor: EditorPort, uri: str) -> None:
    pushes = session.pushes
    try:
        while True:
            pushes.dirty.discard(uri)
            snapshot = session.documents.get(uri)
            delay = session.settings_for(snapshot.path).debounce_ms if snapshot else 0
            if snapshot is not None and delay:
                await asyncio.sleep(delay / 1000)
                snapshot = session.documents.get(uri)
            other = _other_check(session, snapshot)
            if snapshot is not None and other is not None:
                items = await asyncio.to_thread(other, session, snapshot)
                if session.documents.get(uri) is snapshot:
                    editor.publish_diagnostics(
                        types.PublishDiagnosticsParams(
                            uri=uri, diagnostics=items, version=snapshot.version
                        )
                    )
                if uri not in pushes.dirty:
                    return
                continue
            if snapshot is None or not session.is_skill(snapshot):
                return
            generation = session.generation
            settings = session.settings_for(snapshot.path)
            result = await session.check_cache.result(snapshot, settings, generation)
            current = session.documents.get(uri)
            if current is None:
                return
            if current is snapshot and session.generation == generation:
                _publish(session, editor, result)
                if uri not in pushes.dirty:
                    return
            # Otherwise the result is stale: check the newest version instead.
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("publishing diagnostics for %s failed", uri)
    finally:
        if pushes.running.get(uri) is asyncio.current_task():
            del pushes.running[uri]


def _lsp_items(session: Session, result: CheckResult) -> list[types.Diagnostic]:
    """A check's findings in the client's terms, linked to the docs its settings name."""
    snapshot = result.snapshot
    return to_lsp_diagnostics(
        result.diagnostics,
        snapshot.index,
        session.mapper,
        session.flags,
        session.line_index_for,
        session.settings_for(snapshot.path).docs_url,
    )


def _publish(session: Session, editor: EditorPort, result: CheckResult) -> None:
    snapshot = result.snapshot
    items = _lsp_items(session, result)
    editor.publish_diagnostics(
        types.PublishDiagnosticsParams(
            uri=snapshot.uri, diagnostics=items, version=snapshot.version
        )
    )


@isolated(types.RelatedFullDocumentDiagnosticReport(items=[]))
async def document_diagnostic(
    session: Session, params: types.DocumentDiagnosticParams
) -> types.DocumentDiagnosticReport:
    uri = params.text_document.uri
    snapshot = session.snapshot(uri)
    other = _other_check(session, snapshot)
    if snapshot is not None and other is not None:
        items = await asyncio.to_thread(other, session, snapshot)
        return types.RelatedFullDocumentDiagnosticReport(items=items)
    if snapshot is None or not session.is_skill(snapshot):
        return types.RelatedFullDocumentDiagnosticReport(items=[])
    generation = session.generation
    settings = session.settings_for(snapshot.path)
    result = await session.check_cache.result(snapshot, settings, generation)
    if params.previous_result_id == result.result_id and snapshot.version is not None:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result.result_id)
    items = _lsp_items(session, result)
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=result.result_id)


def _stale_entries(
    session: Session, previous: dict[str, str], skip: set[str], generation: int
) -> Generator[
    None, None, tuple[list[types.WorkspaceDocumentDiagnosticReport], list[tuple[str, str, str]]]
]:
    """Unchanged reports, and (path, uri, result id) of the skills to check again (in
    slices of SLICE files)."""
    unchanged: list[types.WorkspaceDocumentDiagnosticReport] = []
    stale: list[tuple[str, str, str]] = []
    paths = session.skills.skill_paths()
    # The skills of the plugins and extensions in the workspace, which no agent's own
    # folders hold: checked as the agents that install the bundle will read them.
    for index in session.skills.indexes:
        audience = [CLIENTS_BY_ID[cid] for cid in index.audience]
        for path in bundle_skill_paths(index.folders, audience):
            paths.setdefault(os.path.realpath(path), path)
    for count, path in enumerate(paths.values(), 1):
        if count % SLICE == 0:
            yield
        if path in skip:
            continue
        if not path.endswith(SKILL_FILE) and not is_skill_path(
            path, session.settings_for(path).target_clients
        ):
            continue  # a root-level `*.md` that no target agent loads
        uri = path_to_uri(path)
        try:
            stat = os.stat(path)
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
            stale.append((path, uri, result_id))
    return unchanged, stale


def _full_reports(
    session: Session, stale: list[tuple[str, str, str]], found: list[FileFindings]
) -> Generator[None, None, list[types.WorkspaceDocumentDiagnosticReport]]:
    """Add cross-skill findings and convert (a line index only for non-ASCII files), in
    slices of SLICE files."""
    by_path = {item.path: item for item in found}
    reports: list[types.WorkspaceDocumentDiagnosticReport] = []
    for count, (path, uri, result_id) in enumerate(stale, 1):
        if count % SLICE == 0:
            yield
        item = by_path.get(path)
        if item is None:
            continue
        diagnostics = sorted(
            [*item.diagnostics, *session.skills.index_for(path).cross_skill_diagnostics(path)],
            key=lambda d: (d.range.start, d.code),
        )
        # ASCII text: code points are the client's units, no line index needed.
        line_index = None if item.ascii else session.line_index_for(path)
        docs_base = session.settings_for(path).docs_url
        items = [
            to_lsp_diagnostic(
                d, line_index, session.mapper, session.flags, session.line_index_for, docs_base
            )
            for d in diagnostics
        ]
        reports.append(
            types.WorkspaceFullDocumentDiagnosticReport(
                uri=uri, version=None, items=items, result_id=result_id
            )
        )
    return reports


@isolated(types.WorkspaceDiagnosticReport(items=[]))
async def workspace_diagnostic(
    session: Session, params: types.WorkspaceDiagnosticParams
) -> types.WorkspaceDiagnosticReport:
    """Every skill in the index that is not open, cross-skill findings included (open
    documents are pulled one by one)."""
    await session.first_scan.wait()
    previous = {item.uri: item.value for item in params.previous_result_ids}
    skip = {s.path for s in session.skill_snapshots() if s.path is not None}
    generation = session.generation
    unchanged, stale = await off_the_loop(_stale_entries(session, previous, skip, generation))
    by_root: dict[Path | None, list[str]] = {}
    for path, _, _ in stale:
        by_root.setdefault(session.config.root_of(path), []).append(path)
    found: list[FileFindings] = []
    for root, paths in by_root.items():
        settings = session.settings_for(str(root) if root is not None else paths[0])
        found.extend(await session.bulk.check(paths, settings))
    full = await off_the_loop(_full_reports(session, stale, found))
    return types.WorkspaceDiagnosticReport(items=[*unchanged, *full])


def register_pull(server: LanguageServer, session: Session) -> None:
    """Advertise pull diagnostics; called during `initialize` for clients that pull."""
    server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        DIAGNOSTIC_OPTIONS,
    )(bind(document_diagnostic, session))
    server.feature(types.WORKSPACE_DIAGNOSTIC)(bind(workspace_diagnostic, session))
