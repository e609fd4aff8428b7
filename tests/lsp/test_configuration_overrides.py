"""`[[overrides]]` in the server: an open document is judged by the settings its path gets,
and the workspace pull gives the findings `skill-ls check` gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from lsprotocol import types

from .support import diagnostics_for, fresh_server, open_doc, scanned

REPO = Path(__file__).resolve().parents[2]

SKILL = """---
name: {name}
description: Extracts text from PDF files. Use when the user mentions PDFs.
---

# Body

Read [the guide](references/guide.md).
"""

PDF = "Extracts text from PDF files. Use when the user mentions PDFs."
# Skills of other names say what they do in words of their own (the same description under
# several names is SKL509).
OWN_DESCRIPTIONS = {
    "new": "Drafts release notes from merged pull requests. Use when a release is cut.",
    "cur": "Formats SQL queries and explains their plans. Use when the user pastes a query.",
}

CONFIG = """
extra-roots = ["legacy", "drafts", "main"]

[[overrides]]
files = ["legacy/**"]
ignore = ["SKL403"]

[[overrides]]
files = ["drafts/*/SKILL.md"]
rules = { SKL403 = "error" }
"""

SEVERITY = {1: "error", 2: "warning", 3: "info", 4: "hint"}


def project(root: Path) -> dict[str, Path]:
    skills = {}
    for folder in ("legacy/old", "drafts/new", "main/cur"):
        (root / folder).mkdir(parents=True)
        skills[folder] = root / folder / "SKILL.md"
        name = folder.split("/")[1]
        text = SKILL.format(name=name).replace(PDF, OWN_DESCRIPTIONS.get(name, PDF))
        skills[folder].write_text(text, encoding="utf-8")
    (root / ".skill-ls.toml").write_text(CONFIG, encoding="utf-8")
    (root / ".git").mkdir()
    return skills


def cli_findings(root: Path) -> dict[str, list[tuple[str, str, int]]]:
    result = subprocess.run(
        [sys.executable, "-m", "skill_ls", "check", "--no-cache", "-f", "json", "."],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    found: dict[str, list[tuple[str, str, int]]] = {}
    for d in json.loads(result.stdout)["diagnostics"]:
        uri = (root / d["path"]).as_uri()
        found.setdefault(uri, []).append((d["code"], d["severity"], d["range"]["start"]["line"]))
    return {uri: sorted(items) for uri, items in found.items()}


def lsp_findings(diagnostics: Sequence[types.Diagnostic]) -> list[tuple[str, str, int]]:
    return sorted(
        (str(d.code), SEVERITY[int(d.severity or 1)], d.range.start.line) for d in diagnostics
    )


async def test_open_documents_and_the_workspace_pull_follow_overrides(tmp_path: Path) -> None:
    skills = project(tmp_path)
    expected = cli_findings(tmp_path)
    assert expected == {
        skills["drafts/new"].as_uri(): [("SKL403", "error", 7)],
        skills["main/cur"].as_uri(): [("SKL403", "warning", 7)],
    }
    cache = tmp_path.parent / f"{tmp_path.name}-cache"
    async with fresh_server("vscode", tmp_path, environ={"XDG_CACHE_HOME": str(cache)}) as client:
        await scanned(client)
        report = await client.workspace_diagnostic_async(
            types.WorkspaceDiagnosticParams(previous_result_ids=[])
        )
        pulled = {}
        for item in report.items:
            assert isinstance(item, types.WorkspaceFullDocumentDiagnosticReport)
            if item.items:
                pulled[item.uri] = lsp_findings(item.items)
        assert pulled == expected
        assert {item.uri for item in report.items} >= {p.as_uri() for p in skills.values()}
        for folder, path in skills.items():
            uri = open_doc(client, path)
            assert lsp_findings(await diagnostics_for(client, uri)) == expected.get(uri, []), folder
