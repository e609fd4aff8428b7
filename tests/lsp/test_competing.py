"""Competing skills (SKL509) in the editor: on both skills of the pair, pushed or pulled, and
gone from the other skill once one description is edited to say something else."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from lsprotocol import types

from .support import (
    RecordingClient,
    diagnostics_for,
    fresh_server,
    open_doc,
    replace_all,
    scanned,
    wait_until,
)

TOOLS = (
    "---\nname: pdf-tools\ndescription: Extract text and tables from PDF files, fill PDF forms "
    "and merge documents.\n---\n\nBody.\n"
)
HELPER = (
    "---\nname: pdf-helper\ndescription: Extracts tables and text from PDF documents, fills "
    "forms, merges PDF files.\n---\n\nBody.\n"
)
ROTATE = "---\nname: pdf-helper\ndescription: Rotate scanned pages upright.\n---\n\nBody.\n"
SETTINGS = {"targetClients": ["claude-code"]}


def pair(root: Path) -> tuple[Path, Path]:
    paths = []
    for name, text in (("pdf-tools", TOOLS), ("pdf-helper", HELPER)):
        path = root / ".claude" / "skills" / name / "SKILL.md"
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def competing(diagnostics: Sequence[types.Diagnostic]) -> list[tuple[str, int, str]]:
    return [
        (d.message.split(" are listed")[0], d.range.start.line, d.related_information[0].message)
        for d in diagnostics
        if d.code == "SKL509" and d.related_information
    ]


async def pulled_report(
    client: RecordingClient, path: Path, previous: str | None = None
) -> types.WorkspaceFullDocumentDiagnosticReport:
    """The workspace pull's full report of `path` (`previous`: its last result id)."""
    ids = [] if previous is None else [types.PreviousResultId(uri=path.as_uri(), value=previous)]
    report = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=ids)
    )
    [item] = [item for item in report.items if item.uri == path.as_uri()]
    assert isinstance(item, types.WorkspaceFullDocumentDiagnosticReport)
    return item


async def pulled(client: RecordingClient, path: Path) -> list[types.Diagnostic]:
    return list((await pulled_report(client, path)).items)


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_both_skills_of_the_pair_show_it(profile: str, tmp_path: Path) -> None:
    tools, helper = pair(tmp_path)
    async with fresh_server(profile, tmp_path, settings=SETTINGS) as client:
        await scanned(client)
        found = await diagnostics_for(client, open_doc(client, tools))
        assert competing(found) == [
            ("`pdf-tools` and `pdf-helper`", 2, "the description of `pdf-helper`")
        ]
        if client.pulls:
            other = await pulled(client, helper)
        else:
            other = await diagnostics_for(client, open_doc(client, helper))
        assert competing(other) == [
            ("`pdf-helper` and `pdf-tools`", 2, "the description of `pdf-tools`")
        ]


async def test_editing_one_description_clears_it_on_the_other(tmp_path: Path) -> None:
    tools, helper = pair(tmp_path)
    async with fresh_server("vscode", tmp_path, settings=SETTINGS) as client:
        await scanned(client)
        uri = open_doc(client, helper)
        assert len(competing(await diagnostics_for(client, uri))) == 1
        first = await pulled_report(client, tools)
        assert len(competing(list(first.items))) == 1
        replace_all(client, uri, ROTATE, 2)
        # The editor pulls the edited document, then the workspace again with the result
        # ids it holds: the other skill's file did not change, its findings did.
        assert competing(await diagnostics_for(client, uri, 2)) == []
        again = await pulled_report(client, tools, first.result_id)
        assert competing(list(again.items)) == []


async def test_an_open_pair_is_pushed_again_when_one_description_changes(tmp_path: Path) -> None:
    tools, helper = pair(tmp_path)
    async with fresh_server("minimal", tmp_path, settings=SETTINGS) as client:
        await scanned(client)
        tools_uri, uri = open_doc(client, tools), open_doc(client, helper)
        assert len(competing(await diagnostics_for(client, tools_uri))) == 1
        assert len(competing(await diagnostics_for(client, uri))) == 1
        replace_all(client, uri, ROTATE, 2)
        assert competing(await diagnostics_for(client, uri, 2)) == []
        # The other document did not change: its findings are pushed again all the same.
        await wait_until(lambda: not competing(client.published[tools_uri][-1].diagnostics))
