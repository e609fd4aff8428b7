"""Inline suppressions in the editor: pushed and pulled diagnostics leave suppressed findings
out (open buffers and the workspace pull alike), "Suppress SKLxxx here" writes the comment
that removes the finding, and the `inlineSuppressions` setting turns them off."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .support import (
    RecordingClient,
    diagnostics_for,
    expected_findings,
    found,
    fresh_server,
    make_skill,
    open_doc,
    replace_all,
    scanned,
)
from .test_code_actions import actions_at, apply, text_edits

pytestmark = pytest.mark.asyncio(loop_scope="session")

DESC = "description: Extracts text from PDF files. Use when the user mentions PDFs."


def suppressed_text(eol: str = "\n") -> str:
    # SKL106 (name and folder differ) suppressed; SKL301 (unknown `version`) reported; the
    # SKL204 directive suppresses nothing (SKL903).
    lines = [
        "---",
        "# skill-ls: ignore[SKL106, SKL204]",
        "name: other",
        DESC,
        "version: 1.0",
        "---",
        "",
        "# PDF",
        "",
        "Read it.",
    ]
    return eol.join(lines) + eol


async def test_open_buffers_leave_suppressed_findings_out(client: RecordingClient) -> None:
    text = suppressed_text()
    path = make_skill(client.root, "")
    uri = open_doc(client, path, text)
    shown = found(await diagnostics_for(client, uri))
    assert shown == [("SKL301", 4, 0), ("SKL903", 1, 27)]
    assert shown == [f for f in expected_findings(path, text) if not f[0].startswith("SKL5")]


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
async def test_suppress_here_removes_the_finding(client: RecordingClient, eol: str) -> None:
    text = suppressed_text(eol)
    path = make_skill(client.root, "")
    uri = open_doc(client, path, text)
    unknown = next(d for d in await diagnostics_for(client, uri) if d.code == "SKL301")
    actions = await actions_at(client, uri, unknown.range, [unknown], ["quickfix"])
    suppress = next(a for a in actions if a.title == "Suppress SKL301 here")
    assert suppress.kind == types.CodeActionKind.QuickFix and not suppress.is_preferred
    fixed = apply(text, text_edits(suppress, uri))
    assert f"{DESC}{eol}# skill-ls: ignore[SKL301]{eol}version: 1.0{eol}" in fixed
    replace_all(client, uri, fixed, 2)
    crlf = [("SKL202", 0, 0)] if eol == "\r\n" else []  # CRLF line breaks, reported as such
    assert found(await diagnostics_for(client, uri, 2)) == [*crlf, ("SKL903", 1, 27)]


async def test_the_unused_code_has_its_removal_fix(client: RecordingClient) -> None:
    text = suppressed_text()
    path = make_skill(client.root, "")
    uri = open_doc(client, path, text)
    unused = next(d for d in await diagnostics_for(client, uri) if d.code == "SKL903")
    assert list(unused.tags or ()) == [types.DiagnosticTag.Unnecessary]
    actions = await actions_at(client, uri, unused.range, [unused], ["quickfix"])
    assert [a.title for a in actions] == ["Remove SKL204 from the suppression"]
    fixed = apply(text, text_edits(actions[0], uri))
    assert fixed == text.replace(", SKL204]", "]")


def project(root: Path) -> Path:
    folder = root / ".claude" / "skills" / "pdf"
    folder.mkdir(parents=True)
    path = folder / "SKILL.md"
    path.write_text(suppressed_text(), encoding="utf-8")
    return path


@pytest.mark.parametrize("setting", [True, False])
async def test_the_workspace_pull_agrees_and_the_setting_turns_them_off(
    tmp_path: Path, setting: bool
) -> None:
    path = project(tmp_path / "ws")
    cache = tmp_path / "cache"
    expected = (
        [("SKL301", 4, 0), ("SKL903", 1, 27)] if setting else [("SKL106", 2, 6), ("SKL301", 4, 0)]
    )
    async with fresh_server(
        "vscode",
        tmp_path / "ws",
        settings={"inlineSuppressions": setting},
        environ={"XDG_CACHE_HOME": str(cache)},
    ) as client:
        await scanned(client)
        for _ in range(2):  # the second pull answers from the result cache
            report = await client.workspace_diagnostic_async(
                types.WorkspaceDiagnosticParams(previous_result_ids=[])
            )
            [item] = [i for i in report.items if i.uri == path.as_uri()]
            assert isinstance(item, types.WorkspaceFullDocumentDiagnosticReport)
            assert found(item.items) == expected
        uri = open_doc(client, path)
        assert found(await diagnostics_for(client, uri)) == expected
        unknown = next(d for d in await diagnostics_for(client, uri) if d.code == "SKL301")
        actions = await actions_at(client, uri, unknown.range, [unknown], ["quickfix"])
        titles = [a.title for a in actions]
        assert ("Suppress SKL301 here" in titles) is setting
