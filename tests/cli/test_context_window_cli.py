"""Catalog budgets that scale with the model's context window: `--context-window` and the
`contextWindow` setting, through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli


def _workspace(root: Path, skills: int = 40) -> Path:
    for number in range(skills):
        folder = root / ".claude" / "skills" / f"s{number:02d}"
        folder.mkdir(parents=True)
        description = " ".join(["words"] * 200)
        (folder / "SKILL.md").write_text(
            f"---\nname: s{number:02d}\ndescription: {description}\n---\nBody\n"
        )
    return root


def _claude_budget(*args: str) -> tuple[int, list[dict[str, object]]]:
    result = run_cli("catalog", *args, "--client", "claude-code", "--format", "json")
    assert result.returncode == 0, result.stderr
    catalog = json.loads(result.stdout)["catalogs"][0]
    return catalog["budget"], catalog["entries"]


def test_the_default_is_the_agents_default_model(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path / "ws")
    budget, entries = _claude_budget(str(workspace), "--home", str(tmp_path / "home"))
    assert budget == 30_000  # 1% of Claude Code's default 1,000,000-token window, 3 chars each
    assert not any(entry["truncated"] for entry in entries if entry["name"] == "s00")


def test_a_smaller_window_shrinks_the_budget_and_cuts_descriptions(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path / "ws")
    home = str(tmp_path / "home")
    budget, entries = _claude_budget(str(workspace), "--home", home, "--context-window", "200000")
    assert budget == 6_000
    cut = [entry["name"] for entry in entries if entry["truncated"]]
    assert len(cut) > 30


def test_the_setting_is_read_from_the_configuration_file(tmp_path: Path) -> None:
    workspace = _workspace(tmp_path / "ws", skills=2)
    (workspace / ".skill-ls.toml").write_text("contextWindow = 200000\n")
    budget, _ = _claude_budget(str(workspace), "--home", str(tmp_path / "home"))
    assert budget == 6_000


def test_a_bad_window_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("catalog", str(tmp_path), "--context-window", "lots")
    assert result.returncode == 2
    assert "not a number of tokens" in result.stderr
