"""The pre-commit hook (`.pre-commit-hooks.yaml`), proven the way a user meets it:
`pre-commit try-repo` on a fixture repository clones this one (its working tree, as
pre-commit does for try-repo), installs the hook into an environment of its own from the
package index and runs it on the files staged."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PRE_COMMIT = Path(sys.executable).parent / "pre-commit"
BAD = "---\nname: bad\ndescription: Use it when: the build breaks\n---\n\n# Bad\n"
GOOD = (
    "---\nname: good\ndescription: Formats release notes from merged pull requests. Use it "
    "when preparing a release.\n---\n\n# Good\n"
)


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One pre-commit cache for the module: the hook's environment is built once."""
    return tmp_path_factory.mktemp("pre-commit-home")


def _try_repo(project: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(home),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(REPO), "skill-ls", "--all-files"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    project = tmp_path / "project"
    for relative, text in files.items():
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        (project / relative).write_text(text)
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    return project


def test_the_hook_fails_on_a_skill_an_agent_drops(tmp_path: Path, home: Path) -> None:
    project = _project(
        tmp_path,
        {".claude/skills/bad/SKILL.md": BAD, ".claude/skills/good/SKILL.md": GOOD, "x.md": BAD},
    )
    done = _try_repo(project, home)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "skill-ls check" in done.stdout and "Failed" in done.stdout
    assert ".claude/skills/bad/SKILL.md:3:" in done.stdout and "SKL003" in done.stdout
    # Only SKILL.md files are handed to it.
    assert "x.md" not in done.stdout


def test_the_hook_passes_clean_skills(tmp_path: Path, home: Path) -> None:
    project = _project(tmp_path, {".claude/skills/good/SKILL.md": GOOD})
    done = _try_repo(project, home)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "skill-ls check" in done.stdout and "Passed" in done.stdout
