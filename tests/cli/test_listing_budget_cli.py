"""SKL508 through the real command line: `check` reports the skills Claude Code's listing
budget cuts, with the figures `catalog` shows for the same workspace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skill_ls.render.claude import HEADER
from tests.cli.support import run_cli

COUNT = 60


def _workspace(root: Path) -> Path:
    """60 skills under .claude/skills with long descriptions (the later, the longer)."""
    project = root / "project"
    (project / ".git").mkdir(parents=True)
    (project / ".skill-ls.toml").write_text('targetClients = ["claude-code"]\n')
    for number in range(COUNT):
        folder = project / ".claude" / "skills" / f"skill-{number:02d}"
        folder.mkdir(parents=True)
        description = "Handles task " + "x" * (480 + number) + "."
        (folder / "SKILL.md").write_text(
            f"---\nname: skill-{number:02d}\ndescription: {description}\n---\n\n# Body\n"
        )
    return project


def _catalog(project: Path, home: Path, *args: str) -> dict[str, Any]:
    result = run_cli(
        "catalog", str(project), "--client", "claude-code", "--format", "json", *args, home=home
    )
    assert result.returncode == 0, result.stderr
    catalog: dict[str, Any] = json.loads(result.stdout)["catalogs"][0]
    return catalog


def test_check_reports_the_skills_catalog_shows_cut(tmp_path: Path) -> None:
    project = _workspace(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    result = run_cli("check", "--no-cache", "--format", "json", str(project), home=home)
    assert result.returncode == 0, result.stderr  # warnings only
    report = json.loads(result.stdout)
    found = [d for d in report["diagnostics"] if d["code"] == "SKL508"]

    catalog = _catalog(project, home)
    cut = [e["name"] for e in catalog["entries"] if e["truncated"]]
    assert cut == [f"skill-{number:02d}" for number in range(44, COUNT)]
    assert sorted(Path(d["path"]).parent.name for d in found) == cut

    # The figures: what the listing takes in full (under a window too large to cut it),
    # against the budget `catalog` reports, for every entry it lists.
    whole = _catalog(project, home, "--context-window", "100000000")
    assert not any(e["truncated"] for e in whole["entries"])
    used = whole["characters"] - len(HEADER)
    budget = catalog["budget"]
    expected = (
        f"Claude Code lists this skill without its description: the "
        f"{len(catalog['entries'])} skills it lists take {used:,} characters against its "
        f"budget of {budget:,} (1% of a 1,000,000-token context) \u2014 {used - budget:,} "
        "over; shorten descriptions (the longest here: skill-59, skill-58, skill-57) or move "
        "detail into the body"
    )
    assert {d["message"] for d in found} == {expected}
    assert {d["severity"] for d in found} == {"warning"}
    assert report["summary"]["warnings"] == len(cut)


def test_a_larger_window_in_the_settings_clears_it(tmp_path: Path) -> None:
    project = _workspace(tmp_path)
    (project / ".skill-ls.toml").write_text(
        'targetClients = ["claude-code"]\ncontextWindow = 2000000\n'
    )
    home = tmp_path / "home"
    home.mkdir()
    result = run_cli("check", "--no-cache", "--format", "json", str(project), home=home)
    assert result.returncode == 0, result.stderr
    assert [d["code"] for d in json.loads(result.stdout)["diagnostics"]] == []
    assert not any(e["truncated"] for e in _catalog(project, home)["entries"])
