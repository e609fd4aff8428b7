"""A team's repository in a real VS Code workbench (code-server + Chromium, as in
test_vscode_e2e.py): its `.skill-ls.toml` overrides, an inline suppression and fixable files give
the editor exactly the findings `skill-ls check` gives on the same files, the editor's "Suppress
CODE here" quick fix removes its finding. What `check --fix` does to the same repository is in
tests/cli/test_team_repo.py."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import EXTENSION, FIXTURES, REPO, e2e_env, run, tail

pytestmark = pytest.mark.e2e

TEAM_REPO = FIXTURES / "team-repo"
ARTIFACTS = REPO / "test-artifacts" / "vscode-e2e" / "team"
SKILLS = ".agents/skills"
# Each file with a finding it must show before its diagnostics are read: legacy-notes is under
# an override that ignores SKL453 (fresh-notes, with the same description, is not); tidy has
# fixable findings; quiet suppresses an SKL301 and an SKL403 inline, and one of its comments
# suppresses nothing (SKL903).
FILES = {
    f"{SKILLS}/legacy-notes/SKILL.md": "SKL301",
    f"{SKILLS}/fresh-notes/SKILL.md": "SKL453",
    f"{SKILLS}/tidy/SKILL.md": "SKL205",
    f"{SKILLS}/quiet/SKILL.md": "SKL903",
}
# The finding the test suppresses with the editor's quick fix.
SUPPRESS = (f"{SKILLS}/legacy-notes/SKILL.md", "SKL301")
SEVERITIES = {"error": 0, "warning": 1, "info": 2, "hint": 3}  # vscode.DiagnosticSeverity


def cli_findings(workspace: Path, home: Path) -> dict[str, list[dict[str, Any]]]:
    """`skill-ls check --format json` on the workspace, per file relative to it, in the shape of
    the extension's dump. The home is empty, as the workbench's is."""
    cmd = [sys.executable, "-m", "skill_ls", "check", "--no-cache", "--severity", "hint"]
    cmd += ["--format", "json", "."]
    env = {**e2e_env(), "HOME": str(home)}
    env.pop("XDG_CONFIG_HOME", None)
    env.pop("CODEX_HOME", None)
    result = run(cmd, cwd=workspace, env=env, timeout=120)
    assert result.returncode in (0, 1), result.stderr
    found: dict[str, list[dict[str, Any]]] = {}
    for d in json.loads(result.stdout)["diagnostics"]:
        start, end = d["range"]["start"], d["range"]["end"]
        found.setdefault(d["path"], []).append(
            {
                "message": d["message"],
                "severity": SEVERITIES[d["severity"]],
                "source": "skill-ls",
                "code": d["code"],
                "range": [start["line"], start["column"], end["line"], end["column"]],
            }
        )
    return found


def editor_findings(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    fields = ("message", "severity", "source", "code", "range")
    return sorted(({k: d[k] for k in fields} for d in found), key=json.dumps)


def test_team_repository_in_vscode(
    node: str, tools: dict[str, str], vsix: Path, tmp_path: Path
) -> None:
    # fmt: off
    cmd = [
        node, str(EXTENSION / "scripts" / "e2e.mjs"),
        "--scenario", "files",
        "--code-server", tools["CODE_SERVER"],
        "--node24", tools["NODE24"],
        "--chromium", tools["CHROMIUM"],
        "--vsix", str(vsix),
        "--workspace", str(TEAM_REPO),
        "--file", next(iter(FILES)),
        "--files", "|".join(FILES),
        "--expect-codes", "|".join(FILES.values()),
        "--suppress", ":".join(SUPPRESS),
        "--artifacts", str(ARTIFACTS),
        "--timeout", "300",
    ]
    # fmt: on
    started = time.monotonic()
    result = run(cmd, cwd=EXTENSION, env=e2e_env(), timeout=400)
    where = f"screenshots and logs: {ARTIFACTS}"
    assert result.returncode == 0, f"{result.stderr}\n{tail(result.stdout, 80)}\n({where})"
    print(f"team scenario took {time.monotonic() - started:.0f} s")
    summary = json.loads(result.stdout)
    (ARTIFACTS / "summary.json").write_text(result.stdout, encoding="utf-8")

    home = tmp_path / "home"
    home.mkdir()
    expected = cli_findings(TEAM_REPO, home)
    for file in FILES:
        assert editor_findings(summary["files"][file]) == editor_findings(expected[file]), file
    # The override holds in both: SKL453 on the fresh skill, not on the legacy one.
    legacy = {d["code"] for d in expected[f"{SKILLS}/legacy-notes/SKILL.md"]}
    fresh = {d["code"] for d in expected[f"{SKILLS}/fresh-notes/SKILL.md"]}
    assert "SKL453" in fresh and "SKL453" not in legacy, (fresh, legacy)
    quiet = {d["code"] for d in expected[f"{SKILLS}/quiet/SKILL.md"]}
    assert quiet == {"SKL903"}, quiet

    # "Suppress SKL301 here" from the light bulb: the comment goes above the key, the finding
    # goes, and the edited file gives the editor what it gives `skill-ls check`.
    file, code = SUPPRESS
    assert f"Suppress {code} here" in summary["quickFixTitles"], summary["quickFixTitles"]
    text = summary["suppressedText"]
    assert f"# skill-ls: ignore[{code}]\nowner: team-a\n" in text, text
    edited = tmp_path / "edited"
    shutil.copytree(TEAM_REPO, edited)
    (edited / file).write_text(text, encoding="utf-8")
    after = cli_findings(edited, home)
    assert code not in {d["code"] for d in after.get(file, [])}, after
    assert editor_findings(summary["afterSuppress"]) == editor_findings(after.get(file, []))
