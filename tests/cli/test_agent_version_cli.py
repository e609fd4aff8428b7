"""`--agent-version ID=VERSION`: judge by an older version of an agent where the lab saw it
behave otherwise (`Client.older`). pi before 0.63.1 (lab record pi-0.60.0) loads a `*.md` file
directly in `.agents/skills` as a skill, and a SKILL.md directly in a root beside the root's
other skills; the newest observed pi does neither."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli


def _workspace(root: Path) -> Path:
    skills = root / ".agents" / "skills"
    (skills / "control").mkdir(parents=True)
    (root / ".git").mkdir()
    (skills / "control" / "SKILL.md").write_text("---\nname: control\ndescription: C.\n---\n")
    (skills / "flat.md").write_text("---\nname: flat\ndescription: A flat file.\n---\nBody.\n")
    return root


def _listed(root: Path, home: Path, *version: str) -> list[str]:
    args = ["catalog", str(root), "--client", "pi", "--home", str(home), "--format", "json"]
    result = run_cli(*version, *args)
    assert result.returncode == 0, result.stderr
    return [entry["name"] for entry in json.loads(result.stdout)["catalogs"][0]["entries"]]


def test_an_older_version_is_judged_by_its_own_row(tmp_path: Path) -> None:
    root, home = _workspace(tmp_path / "ws"), tmp_path / "home"
    assert _listed(root, home) == ["control"]
    assert _listed(root, home, "--agent-version", "pi=0.60.0") == ["control", "flat"]
    # After the command too, and as `=`; a version at or past the change: the newest row.
    assert _listed(root, home, "--agent-version=pi=0.59.1") == ["control", "flat"]
    assert _listed(root, home, "--agent-version", "pi=9.0.0") == ["control"]


def test_the_choice_reaches_the_check(tmp_path: Path) -> None:
    root, home = _workspace(tmp_path / "ws"), tmp_path / "home"
    (root / ".agents" / "skills" / "flat.md").write_text("Only text, no frontmatter.\n")
    base = ["check", str(root / ".agents" / "skills" / "flat.md"), "--client", "pi"]
    newest = run_cli(*base, home=home)
    older = run_cli("--agent-version", "pi=0.60.0", *base, home=home)
    assert "SKL001" not in newest.stdout
    assert "SKL001" in older.stdout, older.stdout


def test_a_wrong_choice_is_a_usage_error(tmp_path: Path) -> None:
    unknown = run_cli("--agent-version", "nobody=1.0", "clients")
    assert unknown.returncode == 2 and "unknown agent 'nobody'" in unknown.stderr
    malformed = run_cli("--agent-version", "pi=latest", "clients")
    assert malformed.returncode == 2 and "expected ID=VERSION" in malformed.stderr


def test_the_clients_listing_names_the_older_behaviours() -> None:
    text = run_cli("clients", "--format", "markdown").stdout
    assert "older versions that behave otherwise" in text
    assert "(observed in 0.60.0)" in text
