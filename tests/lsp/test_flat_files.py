"""A `*.md` file directly in a skill root, in the editor: Kimi Code CLI loads it as a skill
of its own (named after the file, frontmatter optional), so the server checks what its text
says and whether each agent loads it, not the shape of a frontmatter it does not need; with
targets that do not load such files, the server leaves it alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .support import diagnostics_for, fresh_server, open_doc, replace_all, scanned

KEY = "AKIAQ7R2T9XK4M1ZB8WD"


def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    skills = root / ".agents" / "skills"
    skills.mkdir(parents=True)
    (root / ".git").mkdir()
    (skills / "notes.md").write_text("Summarise the notes.\n\nKeep it short.\n", "utf-8")
    return root


@pytest.mark.parametrize("profile", ["vscode", "minimal"])
async def test_a_flat_file_is_checked_for_what_it_says(profile: str, tmp_path: Path) -> None:
    root = project(tmp_path)
    settings = {"targetClients": ["kimi-code", "codex"]}
    async with fresh_server(profile, root, settings=settings) as client:
        await scanned(client)
        uri = open_doc(client, root / ".agents" / "skills" / "notes.md")
        assert await diagnostics_for(client, uri) == []  # no frontmatter, no `name`: fine
        replace_all(client, uri, f"Call it with {KEY}.\n", 2)
        assert [str(d.code) for d in await diagnostics_for(client, uri, 2)] == ["SKL461"]
        replace_all(client, uri, "---\ndescription: Has an unquoted: colon\n---\nBody.\n", 3)
        [dropped] = await diagnostics_for(client, uri, 3)
        assert str(dropped.code) == "SKL506"
        assert dropped.message.startswith("Kimi Code CLI does not load this skill")


async def test_targets_that_load_no_flat_file_leave_it_alone(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / ".agents" / "skills" / "notes.md").write_text(f"Key {KEY}.\n", "utf-8")
    async with fresh_server("vscode", root, settings={"targetClients": ["codex"]}) as client:
        await scanned(client)
        uri = open_doc(client, root / ".agents" / "skills" / "notes.md")
        assert await diagnostics_for(client, uri) == []


@pytest.mark.parametrize(
    ("targets", "pulled"), [(["kimi-code", "codex"], True), (["codex"], False)]
)
async def test_the_workspace_pull_takes_flat_files_a_target_loads(
    targets: list[str], pulled: bool, tmp_path: Path
) -> None:
    root = project(tmp_path)
    notes = root / ".agents" / "skills" / "notes.md"
    notes.write_text(f"Key {KEY}.\n", "utf-8")
    async with fresh_server("vscode", root, settings={"targetClients": targets}) as client:
        await scanned(client)
        report = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(previous_result_ids=[])
        )
        by_uri = {item.uri: item for item in report.items}
        assert (notes.as_uri() in by_uri) == pulled
        if pulled:
            item = by_uri[notes.as_uri()]
            assert isinstance(item, types.WorkspaceFullDocumentDiagnosticReport)
            assert [str(d.code) for d in item.items] == ["SKL461"]
