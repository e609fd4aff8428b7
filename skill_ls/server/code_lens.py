"""textDocument/codeLens: above a SKILL.md's frontmatter, which agents load the skill, which
skip it and why, and where another copy wins. The verdicts come from the workspace index
(`workspace/verdicts.py`); this module only places the line and names the command that
opens the preview.

Before the first workspace scan ends the index knows no file: a lens asked for then waits
for the scan (bounded), and past that says the workspace is still being read, never that no
agent reads the file; the scan's end asks clients that can to refresh their lenses
(`IndexChanged`, in `wiring.py`).
"""

from __future__ import annotations

import asyncio
import contextlib

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.server.binding import bind
from skill_ls.server.documents import Snapshot
from skill_ls.server.isolation import isolated
from skill_ls.server.session import Session
from skill_ls.workspace.installed_agents import behaving_otherwise, newer_than_observed
from skill_ls.workspace.verdicts import agent_verdicts, bundle_verdicts

# The VS Code extension's command (other editors show the lens as text).
OPEN_PREVIEW = "skillLs.showActivationPreview"
NOT_INDEXED = "No agent reads this file: it is not in a skill folder of the target agents"
STILL_READING = "Reading the workspace's skill folders: who loads this skill shows when that ends"
# How long a lens asked for during the first scan waits for it (then STILL_READING).
FIRST_SCAN_WAIT_S = 2.0


@isolated(default=[])
async def code_lens(session: Session, params: types.CodeLensParams) -> list[types.CodeLens]:
    snapshot = _skill_snapshot(session, params.text_document.uri)
    if snapshot is None:
        return []
    if not session.first_scan.is_set() and session.skills.entry(snapshot[1]) is None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(session.first_scan.wait(), FIRST_SCAN_WAIT_S)
        # The document may have changed or closed meanwhile: judge what it is now.
        snapshot = _skill_snapshot(session, params.text_document.uri)
        if snapshot is None:
            return []
    return [_lens(session, *snapshot)]


def _skill_snapshot(session: Session, uri: str) -> tuple[Snapshot, str] | None:
    """The skill document at `uri` with its path, if it is one."""
    snapshot = session.snapshot(uri)
    if snapshot is None or snapshot.path is None or not session.is_skill(snapshot):
        return None
    return snapshot, snapshot.path


def _lens(session: Session, snapshot: Snapshot, path: str) -> types.CodeLens:
    if snapshot.version is not None:
        # An open buffer: judge what is typed, not what the last check of it saw (the
        # index learns a buffer when its diagnostics are computed, which may come later).
        session.skills.set_buffer(path, snapshot.text, snapshot.order)
    audience = session.audience(snapshot)
    verdicts = agent_verdicts(session.skills.index_for(path), path, audience)
    if verdicts is not None:
        # Said plainly where the user's agent is newer than what the verdicts were seen in,
        # or a version the lab saw behave otherwise.
        notes = [*newer_than_observed(audience), *behaving_otherwise(audience)]
        title = " · ".join([verdicts.summary(), *notes])
    else:
        # Not in an agent's own folders: a plugin's or an extension's skill is judged as the
        # agents that install the bundle will list it.
        targets = session.settings_for(path).target_clients
        in_bundle = bundle_verdicts(path, snapshot.text, tuple(CLIENTS_BY_ID[c] for c in targets))
        if in_bundle is not None:
            title = in_bundle.summary()
        elif not session.first_scan.is_set():
            title = STILL_READING  # the index does not know the workspace's files yet
        else:
            title = NOT_INDEXED
    frontmatter = snapshot.parsed.frontmatter
    line = frontmatter.open_line if frontmatter is not None else 0
    start = types.Position(line=line, character=0)
    return types.CodeLens(
        range=types.Range(start=start, end=start),
        command=types.Command(title=title, command=OPEN_PREVIEW, arguments=[snapshot.uri]),
    )


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_CODE_LENS)(bind(code_lens, session))
