"""textDocument/codeLens: above a SKILL.md's frontmatter, which agents load the skill, which
skip it and why, and where another copy wins. The verdicts come from the workspace index
(`workspace/verdicts.py`); this module only places the line and names the command that
opens the preview.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.server.binding import bind
from skill_ls.server.isolation import isolated
from skill_ls.server.session import Session
from skill_ls.workspace.verdicts import agent_verdicts, bundle_verdicts

# The VS Code extension's command (other editors show the lens as text).
OPEN_PREVIEW = "skillLs.showActivationPreview"
NOT_INDEXED = "No agent reads this file: it is not in a skill folder of the target agents"


@isolated(default=[])
def code_lens(session: Session, params: types.CodeLensParams) -> list[types.CodeLens]:
    snapshot = session.snapshot(params.text_document.uri)
    if snapshot is None or snapshot.path is None or not session.is_skill(snapshot):
        return []
    if snapshot.version is not None:
        # An open buffer: judge what is typed, not what the last check of it saw (the
        # index learns a buffer when its diagnostics are computed, which may come later).
        session.skills.set_buffer(snapshot.path, snapshot.text, snapshot.order)
    verdicts = agent_verdicts(
        session.skills.index_for(snapshot.path), snapshot.path, session.audience(snapshot)
    )
    if verdicts is not None:
        title = verdicts.summary()
    else:
        # Not in an agent's own folders: a plugin's or an extension's skill is judged as the
        # agents that install the bundle will list it.
        targets = session.settings_for(snapshot.path).target_clients
        in_bundle = bundle_verdicts(
            snapshot.path, snapshot.text, tuple(CLIENTS_BY_ID[c] for c in targets)
        )
        title = in_bundle.summary() if in_bundle is not None else NOT_INDEXED
    frontmatter = snapshot.parsed.frontmatter
    line = frontmatter.open_line if frontmatter is not None else 0
    start = types.Position(line=line, character=0)
    return [
        types.CodeLens(
            range=types.Range(start=start, end=start),
            command=types.Command(title=title, command=OPEN_PREVIEW, arguments=[snapshot.uri]),
        )
    ]


def register(server: LanguageServer, session: Session) -> None:
    server.feature(types.TEXT_DOCUMENT_CODE_LENS)(bind(code_lens, session))
