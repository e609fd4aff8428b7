"""Code actions: a quick fix for every fix the core attached to a diagnostic, "Suppress
SKLxxx here" (the comment the core writes, `rules.suppression_edits`), and a "fix all safe
problems" source action. The server never writes files: the client applies
the workspace edits."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.checking.fixing import compatible_fixes
from skill_ls.rules.suppression_edits import suppression_fix
from skill_ls.server.binding import bind
from skill_ls.server.check_cache import CheckResult
from skill_ls.server.convert import fixes_to_edit, to_lsp_diagnostic
from skill_ls.server.feature_table import CODE_ACTION_OPTIONS, FIX_ALL_KIND
from skill_ls.server.isolation import isolated
from skill_ls.server.session import Session


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    if not only:
        return True
    return any(kind == k or kind.startswith(f"{k}.") for k in only)


def _touches(diagnostic: types.Diagnostic, rng: types.Range) -> bool:
    start, end = diagnostic.range.start, diagnostic.range.end
    return (start.line, start.character) <= (rng.end.line, rng.end.character) and (
        rng.start.line,
        rng.start.character,
    ) <= (end.line, end.character)


def _same(a: types.Diagnostic, b: types.Diagnostic) -> bool:
    return str(a.code) == str(b.code) and a.range == b.range


def quick_fixes(
    session: Session, result: CheckResult, params: types.CodeActionParams, generation: int
) -> list[types.CodeAction]:
    """The quick fixes of the findings asked about; on the check worker (the suppression
    edits are tried with the check's context, `suppression_fix`)."""
    snapshot = result.snapshot
    asked = params.context.diagnostics
    settings = session.settings_for(snapshot.path)
    actions = []
    for diagnostic in result.diagnostics:
        converted = to_lsp_diagnostic(
            diagnostic,
            snapshot.index,
            session.mapper,
            session.flags,
            session.line_index_for,
            session.settings_for(snapshot.path).docs_url,
        )
        matches = any(_same(converted, a) for a in asked) if asked else False
        if not matches and not _touches(converted, params.range):
            continue
        suppress = (
            suppression_fix(
                result.document,
                diagnostic.code,
                diagnostic.range.start.line,
                session.check_cache.context(snapshot.path, settings, generation, result.document),
            )
            if settings.inline_suppressions
            else None
        )
        for number, fix in enumerate(diagnostic.fixes):
            edit = fixes_to_edit([fix], snapshot, session.mapper, session.flags)
            if edit is None:
                continue
            actions.append(
                types.CodeAction(
                    title=fix.title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[converted],
                    edit=edit,
                    is_preferred=fix.safe and number == 0,
                )
            )
        edit = (
            fixes_to_edit([suppress], snapshot, session.mapper, session.flags) if suppress else None
        )
        if suppress is not None and edit is not None:
            actions.append(
                types.CodeAction(
                    title=suppress.title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[converted],
                    edit=edit,
                    is_preferred=False,
                )
            )
    return actions


def fix_all(session: Session, result: CheckResult) -> types.CodeAction | None:
    expressible = [
        fix
        for diagnostic in result.diagnostics
        for fix in diagnostic.fixes
        if fixes_to_edit([fix], result.snapshot, session.mapper, session.flags) is not None
    ]
    fixes = compatible_fixes(expressible)
    if not fixes:
        return None
    edit = fixes_to_edit(fixes, result.snapshot, session.mapper, session.flags)
    if edit is None:
        return None
    count = len(fixes)
    return types.CodeAction(
        title=f"Fix all safe problems ({count} fix{'es' if count != 1 else ''})",
        kind=FIX_ALL_KIND,
        edit=edit,
    )


@isolated()
async def code_action(
    session: Session, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or not session.is_skill(snapshot) or not session.flags.code_action_literals:
        return None
    result = await session.check_cache.result(
        snapshot, session.settings_for(snapshot.path), session.generation
    )
    only = params.context.only
    actions: list[types.CodeAction] = []
    if _wanted(only, types.CodeActionKind.QuickFix):
        actions.extend(
            await session.check_cache.on_worker(
                quick_fixes, session, result, params, session.generation
            )
        )
    if _wanted(only, FIX_ALL_KIND):
        action = fix_all(session, result)
        if action is not None:
            actions.append(action)
    return actions


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_CODE_ACTION, CODE_ACTION_OPTIONS)(bind(code_action, session))
