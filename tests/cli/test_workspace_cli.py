"""`skill-ls skills | catalog | activate | schema` run as real subprocesses, on the
repository's examples/ and on the client fixture with a fake home folder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from tests.cli.support import run_cli

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
CLIENTS_FIXTURE = REPO / "tests" / "fixtures" / "workspaces" / "clients"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(CLIENTS_FIXTURE, root)
    (root / "project" / ".git").mkdir()
    return root


@pytest.fixture
def empty_home(tmp_path: Path) -> str:
    home = tmp_path / "empty-home"
    home.mkdir()
    return str(home)


def test_skills_text_on_examples(empty_home: str) -> None:
    result = run_cli("skills", str(EXAMPLES), "--home", empty_home)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "pdf-tools  loaded  project  .agents/skills/pdf-tools/SKILL.md" in out
    assert "pdf-tools  shadowed  project  .gemini/skills/pdf-tools/SKILL.md" in out
    assert "shadowed by .agents/skills/pdf-tools/SKILL.md in: gemini-cli" in out
    assert "skipped by copilot: Copilot Chat (VS Code) reads YAML strictly" in out


def test_skills_json_on_examples(empty_home: str) -> None:
    result = run_cli("skills", str(EXAMPLES), "--home", empty_home, "--format", "json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["schema"] == "skill-ls/skills/v1"
    names = sorted({skill["name"] for skill in document["skills"]})
    assert {"pdf-tools", "release-notes", "code-review", "changelog"} <= set(names)
    skill = next(s for s in document["skills"] if s["relativePath"] == "pdf-tools/SKILL.md")
    assert {"path", "realPath", "root", "scope", "status", "placements", "shadowedBy"} <= set(skill)


def test_skills_for_one_client_with_fake_home(workspace: Path) -> None:
    home = str(workspace / "home")
    result = run_cli(
        "skills", str(workspace / "project"), "--client", "claude-code", "--home", home
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "deploy  loaded  user  ~/.claude/skills/deploy/SKILL.md" in lines
    assert any(
        line.startswith("deploy  shadowed  project  .claude/skills/deploy/SKILL.md  (uses ~/")
        for line in lines
    )


def test_catalog_one_client_is_exact_text(workspace: Path) -> None:
    home = str(workspace / "home")
    result = run_cli("catalog", str(workspace / "project"), "-c", "gemini-cli", "--home", home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# Available Agent Skills\n\nYou have access to")
    # Gemini CLI's two built-ins come first, then the user root.
    assert "</skill>\n  <skill>\n    <name>gemini-user</name>" in result.stdout
    assert result.stdout.endswith("</available_skills>\n")
    assert "characters" in result.stderr and "tokens (estimate)" in result.stderr


def test_catalog_every_client_and_json(empty_home: str) -> None:
    text = run_cli("catalog", str(EXAMPLES), "--home", empty_home)
    assert text.returncode == 0, text.stderr
    assert "== claude-code (claude-listing)" in text.stdout
    assert "== yoi (available-skills): no skills, no catalog section ==" in text.stdout
    result = run_cli("catalog", str(EXAMPLES), "--home", empty_home, "--format", "json")
    document = json.loads(result.stdout)
    by_client = {c["client"]: c for c in document["catalogs"]}
    assert by_client["codex"]["text"].startswith("<skills_instructions>")
    assert by_client["claude-code"]["budget"] == 30_000  # 1% of 1,000,000 tokens x 3
    assert by_client["yoi"]["text"] == ""
    assert document["yoi"]["client"] == "yoi"


def test_activate(empty_home: str) -> None:
    result = run_cli("activate", "pdf-tools", str(EXAMPLES), "--home", empty_home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith('<skill_content name="pdf-tools">\n# PDF tools')
    assert "<file>scripts/extract.py</file>" in result.stdout
    claude = run_cli(
        "activate",
        "code-review",
        str(EXAMPLES),
        "--client",
        "claude-code",
        "--arguments",
        "HEAD~1",
        "--home",
        empty_home,
    )
    assert claude.returncode == 0, claude.stderr
    assert claude.stdout.startswith("Base directory for this skill: ")
    as_json = run_cli(
        "activate", "pdf-tools", str(EXAMPLES), "--format", "json", "--home", empty_home
    )
    assert json.loads(as_json.stdout)["format"] == "skill-content"


def test_schema() -> None:
    result = run_cli("schema", "--client", "claude-code")
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert "effort" in schema["properties"]
    default = json.loads(run_cli("schema").stdout)
    assert default["x-skill-ls"]["client"] == "agentskills"


@pytest.mark.parametrize(
    "args",
    [
        ("catalog", "--client", "nope"),
        ("skills", "--client", "nope"),
        ("schema", "--client", "nope"),
        ("activate", "pdf-tools", "--client", "nope"),
    ],
)
def test_unknown_client_exits_2(args: tuple[str, ...]) -> None:
    result = run_cli(*args, cwd=EXAMPLES)
    assert result.returncode == 2
    assert "invalid choice: 'nope'" in result.stderr and "claude-code" in result.stderr
    assert result.stdout == ""


def test_unknown_or_unloaded_skill_exits_2(empty_home: str) -> None:
    unknown = run_cli("activate", "no-such-skill", str(EXAMPLES), "--home", empty_home)
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "unknown skill 'no-such-skill'" in unknown.stderr
    unloaded = run_cli(
        "activate", "release-notes", str(EXAMPLES), "-c", "copilot", "--home", empty_home
    )
    assert unloaded.returncode == 2
    assert "Copilot Chat (VS Code) does not load skill 'release-notes'" in unloaded.stderr
    assert "skipped" in unloaded.stderr


def test_path_that_is_not_a_folder_exits_2(tmp_path: Path) -> None:
    result = run_cli("skills", str(tmp_path / "missing"))
    assert result.returncode == 2 and "not a folder" in result.stderr
