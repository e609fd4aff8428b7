"""The workspace: scans with progress (completion answered meanwhile), watched files,
cross-skill findings, and workspace/diagnostic for pull clients."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from .support import (
    RecordingClient,
    codes,
    diagnostics_for,
    fresh_server,
    open_doc,
    scanned,
    wait_until,
)

PROFILES = ["vscode", "minimal"]
WATCHED = types.WORKSPACE_DID_CHANGE_WATCHED_FILES


def watched_globs(registration: types.Registration) -> list[Any]:
    """The glob patterns of a file-watcher registration."""
    options = registration.register_options
    assert options is not None
    return [watcher["globPattern"] for watcher in options["watchers"]]


TWIN = "---\nname: twin\ndescription: Does twin things. Use when asked.\n---\n# Twin\n"


def twins(root: Path) -> tuple[Path, Path]:
    first = root / ".claude" / "skills" / "twin" / "SKILL.md"
    second = root / ".agents" / "skills" / "twin" / "SKILL.md"
    for path in (first, second):
        path.parent.mkdir(parents=True)
        path.write_text(TWIN, encoding="utf-8")
    return first, second


async def check_workspace_diagnostic(client: RecordingClient, first: Path, second: Path) -> None:
    """workspace/diagnostic: skills not open, with result ids for unchanged files."""
    watchers = [r for r in client.registrations if r.method == WATCHED]
    globs = watched_globs(watchers[0])
    assert "**/SKILL.md" in globs and "**/skills/**" in globs
    report = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=[])
    )
    by_uri = {item.uri: item for item in report.items}
    assert first.as_uri() not in by_uri  # open documents are pulled one by one
    other = by_uri[second.as_uri()]
    assert isinstance(other, types.WorkspaceFullDocumentDiagnosticReport)
    assert any(str(d.code).startswith("SKL50") for d in other.items)
    again = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(
            previous_result_ids=[types.PreviousResultId(uri=other.uri, value=other.result_id or "")]
        )
    )
    unchanged = {item.uri: item for item in again.items}[second.as_uri()]
    assert isinstance(unchanged, types.WorkspaceUnchangedDocumentDiagnosticReport)


@pytest.mark.parametrize("profile", PROFILES)
async def test_cross_skill_clash_with_related_copy(profile: str, tmp_path: Path) -> None:
    first, second = twins(tmp_path)
    async with fresh_server(profile, tmp_path) as client:
        await scanned(client)
        watchers = [r for r in client.registrations if r.method == WATCHED]
        # Only clients that allow dynamic registration are asked to watch files.
        assert len(watchers) == (1 if profile == "vscode" else 0)
        uri = open_doc(client, first)
        found = await diagnostics_for(client, uri)
        clash = [d for d in found if str(d.code).startswith("SKL50")]
        assert clash, codes(found)
        related = [r for d in clash for r in d.related_information or []]
        assert any(r.location.uri == second.as_uri() for r in related)
        assert all(r.location.range.start.line == 1 for r in related)
        if client.pulls:
            await check_workspace_diagnostic(client, first, second)


async def test_completion_answered_during_a_scan_then_all_checked(tmp_path: Path) -> None:
    skills = tmp_path / ".claude" / "skills"
    for number in range(1000):
        folder = skills / f"skill-{number}"
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(
            f"---\nname: skill-{number}\ndescription: Does {number}. Use when asked.\n---\n",
            encoding="utf-8",
        )
    editing = tmp_path / "mine" / "SKILL.md"
    editing.parent.mkdir()
    editing.write_text("---\n\n---\n", encoding="utf-8")
    async with fresh_server("vscode", tmp_path) as client:
        await wait_until(lambda: bool(client.progress_reports))
        uri = open_doc(client, editing)
        started = time.monotonic()
        result = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=1, character=0),
            )
        )
        answered = time.monotonic() - started

        def ended() -> bool:
            return any(
                isinstance(r, types.WorkDoneProgressEnd)
                for reports in client.progress_reports.values()
                for r in reports
            )

        scan_still_running = not ended()
        assert isinstance(result, types.CompletionList) and len(result.items) > 0
        assert scan_still_running, "the scan ended before completion was asked: grow the workspace"
        assert answered < 1.0
        await scanned(client)
        token, reports = next(iter(client.progress_reports.items()))
        assert str(token).startswith("skill-ls-scan")
        assert isinstance(reports[0], types.WorkDoneProgressBegin)
        assert any(isinstance(r, types.WorkDoneProgressReport) for r in reports)
        assert isinstance(reports[-1], types.WorkDoneProgressEnd)
        listed = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.listSkills", arguments=[])
        )
        assert len(listed["skills"]) == 1000
        # Every skill checked (in worker processes: this many are not checked on a thread).
        report = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(previous_result_ids=[])
        )
        assert len(report.items) == 1000
        assert all(isinstance(i, types.WorkspaceFullDocumentDiagnosticReport) for i in report.items)


async def test_extra_roots_are_indexed_and_watched(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    extra = tmp_path / "collection"
    folder = extra / "shared"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: shared\ndescription: Shared. Use when asked.\n---\n", encoding="utf-8"
    )
    settings = {"extraRoots": [str(extra)]}
    async with fresh_server("vscode", workspace, settings=settings) as client:
        await scanned(client)
        listed = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.listSkills", arguments=[])
        )
        assert listed is not None
        shared = next(s for s in listed["skills"] if s["name"] == "shared")
        assert shared["scope"] == "extra"
        watchers = [r for r in client.registrations if r.method == WATCHED]
        patterns = watched_globs(watchers[-1])
        assert {"baseUri": extra.as_uri(), "pattern": "**/*"} in patterns


async def test_the_disk_root_and_the_home_folder_are_never_extra_roots(tmp_path: Path) -> None:
    # A repository's `extra-roots = ["/", "~"]` scanned the whole disk on every rescan and
    # asked the editor to watch file:/// recursively.
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    home = tmp_path / "home"
    (home / "mine" / "kept").mkdir(parents=True)
    (home / "mine" / "kept" / "SKILL.md").write_text(
        "---\nname: kept\ndescription: Kept. Use when asked.\n---\n", encoding="utf-8"
    )
    (workspace / ".skill-ls.toml").write_text(
        f'extra-roots = ["/", "~", "{tmp_path}", "../..", "~/mine"]\n', encoding="utf-8"
    )
    async with fresh_server("vscode", workspace, environ={"HOME": str(home)}) as client:
        await scanned(client)
        listed = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="skill-ls.listSkills", arguments=[])
        )
        assert listed is not None
        assert [s["name"] for s in listed["skills"] if s["scope"] == "extra"] == ["kept"]
        watchers = [r for r in client.registrations if r.method == WATCHED]
        bases = {p["baseUri"] for p in watched_globs(watchers[-1]) if isinstance(p, dict)}
        assert bases == {(home / "mine").as_uri()}
        await wait_until(lambda: bool(client.messages))
        assert any("extra-roots" in m.message and "'/'" in m.message for m in client.messages)
