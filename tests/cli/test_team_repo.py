"""The team repository of the VS Code end-to-end test (tests/extension/fixtures/team-repo: a
`.skill-ls.toml` with overrides, an inline suppression, fixable files) from the command line:
`check --diff` changes no byte; `check --fix` then `check` leaves only the findings no fix
mends."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.cli.support import REPO, run_cli

TEAM_REPO = REPO / "tests" / "extension" / "fixtures" / "team-repo"
SKILLS = ".agents/skills"


def files_of(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_diff_then_fix_leaves_only_the_unfixable(tmp_path: Path) -> None:
    workspace = tmp_path / "team-repo"
    shutil.copytree(TEAM_REPO, workspace)
    home = tmp_path / "home"
    home.mkdir()
    before = files_of(workspace)

    diff = run_cli("check", "--no-cache", "--diff", ".", cwd=workspace, home=home)
    assert '+description: "Tidies the tables of a markdown file.' in diff.stdout, diff.stdout
    assert files_of(workspace) == before

    fixed = run_cli("check", "--no-cache", "--fix", ".", cwd=workspace, home=home)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    after = run_cli("check", "--no-cache", "--format", "json", ".", cwd=workspace, home=home)
    left = sorted((d["path"], d["code"]) for d in json.loads(after.stdout)["diagnostics"])
    assert left == [(f"{SKILLS}/fresh-notes/SKILL.md", "SKL453")], left
