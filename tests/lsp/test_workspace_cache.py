"""workspace/diagnostic keeps its results in the persistent result cache: a later session
answers from it for unchanged files, and a file changed on disk in between is checked anew,
so its report equals a session's that starts with no cache at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .support import fresh_server, scanned

pytestmark = pytest.mark.asyncio(loop_scope="session")

SKILL = "---\nname: {name}\ndescription: Does {name} things. Use when asked.\n---\n# Body\n"


async def workspace_report(root: Path, cache: Path) -> dict[str, list[tuple[str, int]]]:
    async with fresh_server("vscode", root, environ={"XDG_CACHE_HOME": str(cache)}) as client:
        await scanned(client)
        report = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(previous_result_ids=[])
        )
    found: dict[str, list[tuple[str, int]]] = {}
    for item in report.items:
        assert isinstance(item, types.WorkspaceFullDocumentDiagnosticReport)
        found[item.uri] = sorted((str(d.code), d.range.start.line) for d in item.items)
    return found


async def test_a_later_session_answers_as_a_fresh_one_after_disk_changes(tmp_path: Path) -> None:
    root = tmp_path / "project"
    paths = {}
    for name in ("alpha", "beta", "gamma"):
        path = root / ".claude" / "skills" / name / "SKILL.md"
        path.parent.mkdir(parents=True)
        path.write_text(SKILL.format(name=name if name != "gamma" else "Gamma_Bad"))
        paths[name] = path
    cache = tmp_path / "cache"
    first = await workspace_report(root, cache)
    assert list((cache / "skill-ls").glob("check-*.bin"))
    assert await workspace_report(root, cache) == first
    paths["beta"].write_text(SKILL.format(name="Beta_Bad"))
    paths["gamma"].write_text(SKILL.format(name="gamma"))
    later = await workspace_report(root, cache)
    assert later == await workspace_report(root, tmp_path / "no-cache-yet")
    assert later != first
    assert [code for code, _ in later[paths["beta"].as_uri()]].count("SKL104") == 1
    assert "SKL104" not in [code for code, _ in later[paths["gamma"].as_uri()]]
