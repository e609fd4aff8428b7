"""The GitHub Action (`action.yml`): its steps run the way the runner runs them, on a
fixture workspace. The runner's own actions (setup-python, cache) are not run here: a
`python` on PATH stands for setup-python, and the cache folder is checked as the folder
actions/cache would save. The action's checkout is a copy of the tracked files, as the
runner's checkout of a tag would be; installing it takes the dependencies from the package
index, as a runner's would."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

REPO = Path(__file__).resolve().parents[2]
ACTION = YAML(typ="safe").load((REPO / "action.yml").read_text(encoding="utf-8"))
BAD = "---\nname: bad\ndescription: Use it when: the build breaks\n---\n\n# Bad\n"
# Only a warning: the description says what, not when.
VAGUE = "---\nname: vague\ndescription: Helps.\n---\n\n# Vague\n"


@dataclass
class Runner:
    """One job's runner: its temp folder, the action's checkout and the files it reads back."""

    temp: Path
    action_path: Path
    workspace: Path
    path_dir: Path
    prepare_outputs: dict[str, str] = field(default_factory=dict)

    def env(self, step_env: dict[str, str]) -> dict[str, str]:
        output = self.temp / "output"
        output.write_text("")
        return {
            "PATH": f"{self.path_dir}{os.pathsep}{os.environ['PATH']}",
            "HOME": str(self.temp / "home"),
            "RUNNER_TEMP": str(self.temp),
            "RUNNER_OS": "Linux",
            "GITHUB_ACTION_PATH": str(self.action_path),
            "GITHUB_WORKSPACE": str(self.workspace),
            "GITHUB_OUTPUT": str(output),
            "GITHUB_PATH": str(self.temp / "path"),
            **step_env,
        }

    def outputs(self) -> dict[str, str]:
        lines = (self.temp / "output").read_text().splitlines()
        return dict(line.split("=", 1) for line in lines)


def _step(step_id: str) -> dict[str, Any]:
    return next(step for step in ACTION["runs"]["steps"] if step.get("id") == step_id)


def _step_env(step_id: str, **inputs: str) -> dict[str, str]:
    """The step's `env:` with `${{ inputs.x }}` filled in from `inputs`, else the defaults."""
    values = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    values.update({name.replace("_", "-"): value for name, value in inputs.items()})
    env = {}
    for key, expression in _step(step_id).get("env", {}).items():
        name = re.fullmatch(r"\$\{\{ inputs\.([\w-]+) \}\}", expression)
        assert name is not None, expression
        env[key] = values[name.group(1)]
    return env


def _run(runner: Runner, step_id: str, **inputs: str) -> subprocess.CompletedProcess[str]:
    step = _step(step_id)
    assert step["shell"] == "bash"
    return subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=runner.workspace,
        env=runner.env(_step_env(step_id, **inputs)),
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Runner:
    action_path = tmp_path_factory.mktemp("action")
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, check=True, capture_output=True
    ).stdout.split(b"\0")
    for name in filter(None, tracked):
        relative = Path(name.decode())
        if (REPO / relative).is_file():
            (action_path / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / relative, action_path / relative)
    path_dir = tmp_path_factory.mktemp("bin")
    (path_dir / "python").symlink_to(sys.executable)  # what setup-python puts on PATH
    runner = Runner(tmp_path_factory.mktemp("runner"), action_path, REPO, path_dir)
    (runner.temp / "home").mkdir()
    done = _run(runner, "prepare")
    assert done.returncode == 0, done.stderr
    runner.prepare_outputs = runner.outputs()
    return runner


@pytest.fixture
def runner(prepared: Runner, tmp_path: Path) -> Runner:
    workspace = tmp_path / "repo"
    for name, text in (("bad", BAD), ("vague", VAGUE)):
        (workspace / ".claude" / "skills" / name).mkdir(parents=True)
        (workspace / ".claude" / "skills" / name / "SKILL.md").write_text(text)
    shutil.rmtree(prepared.temp / "skill-ls-cache", ignore_errors=True)
    prepared.workspace = workspace
    return prepared


def test_prepare_installs_the_actions_own_version_and_names_the_cache(prepared: Runner) -> None:
    version = subprocess.run(
        [str(prepared.temp / "skill-ls-venv" / "bin" / "skill-ls"), "--version"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()[-1]
    expected_version = re.search(r'^version = "(.+)"$', (REPO / "pyproject.toml").read_text(), re.M)
    assert expected_version is not None and version == expected_version.group(1)
    assert prepared.prepare_outputs == {
        "cache-dir": f"{prepared.temp}/skill-ls-cache",
        "cache-key": f"skill-ls-Linux-{version}",
    }
    assert (prepared.temp / "path").read_text() == f"{prepared.temp}/skill-ls-venv/bin\n"
    # The cache step saves the folder the check step writes.
    steps = ACTION["runs"]["steps"]
    cache = next(step for step in steps if "actions/cache" in step.get("uses", ""))
    assert cache["with"]["path"] == "${{ steps.prepare.outputs.cache-dir }}"


def test_annotations_and_the_exit_code_as_an_output(runner: Runner) -> None:
    done = _run(runner, "check")
    assert done.returncode == 1
    annotations = [line for line in done.stdout.splitlines() if line.startswith("::")]
    assert any(
        line.startswith("::error file=.claude/skills/bad/SKILL.md,line=3,")
        and "title=SKL003 yaml-syntax" in line
        for line in annotations
    ), annotations
    assert runner.outputs() == {"exit-code": "1"}
    # The result cache is written where actions/cache saves it from.
    assert any((runner.temp / "skill-ls-cache").iterdir())


def test_sarif_is_written_whatever_the_check_finds(runner: Runner) -> None:
    done = _run(runner, "check", sarif="skill-ls.sarif")
    assert done.returncode == 1
    report = json.loads((runner.workspace / "skill-ls.sarif").read_text())
    rules = {result["ruleId"] for result in report["runs"][0]["results"]}
    assert "SKL003" in rules
    assert runner.outputs() == {"sarif": "skill-ls.sarif", "exit-code": "1"}


def test_paths_clients_and_fail_on(runner: Runner) -> None:
    vague_only = _run(runner, "check", paths=".claude/skills/vague\n", fail_on="error")
    assert vague_only.returncode == 0, vague_only.stdout
    assert "::error" not in vague_only.stdout and "skills/vague/" in vague_only.stdout
    strict = _run(runner, "check", paths=".claude/skills/vague", fail_on="info")
    assert strict.returncode == 1
    both = _run(runner, "check", paths=".claude/skills/vague .claude/skills/bad", clients="pi")
    assert both.returncode == 1
    assert "skills/vague/" in both.stdout and "pi drops the whole skill" in both.stdout
    # Claude Code loads the unquoted `: ` as text: a warning, which does not fail the step.
    claude_only = _run(runner, "check", paths=".claude/skills/bad", clients="claude-code")
    assert claude_only.returncode == 0
    assert "::warning file=.claude/skills/bad/SKILL.md,line=3,col=25," in claude_only.stdout
    assert "Claude Code loads it as text" in claude_only.stdout


def test_agent_versions_choose_an_older_behaviour(runner: Runner) -> None:
    # pi before 0.63.1 loads a root-level `*.md` of `.agents/skills` as a skill.
    flat = runner.workspace / ".agents" / "skills" / "notes.md"
    flat.parent.mkdir(parents=True)
    flat.write_text("Only text, no frontmatter.\n")
    paths = ".agents/skills/notes.md"
    newest = _run(runner, "check", paths=paths, clients="pi")
    assert newest.returncode == 0 and "SKL001" not in newest.stdout, newest.stdout
    older = _run(runner, "check", paths=paths, clients="pi", agent_versions="pi=0.60.0")
    assert older.returncode == 1 and "SKL001" in older.stdout, older.stdout
    wrong = _run(runner, "check", paths=paths, agent_versions="pi=latest")
    assert wrong.returncode == 2 and "expected ID=VERSION" in wrong.stderr


def test_no_cache_writes_none(runner: Runner) -> None:
    done = _run(runner, "check", cache="false")
    assert done.returncode == 1
    assert not (runner.temp / "skill-ls-cache").exists()


def test_inputs_are_data_never_commands(runner: Runner) -> None:
    marker = runner.workspace / "pwned"
    hostile = f"$(touch {marker}) `touch {marker}`"
    done = _run(runner, "check", paths=hostile, clients="; touch pwned")
    assert not marker.exists() and not (runner.workspace / "pwned").exists()
    assert done.returncode == 2
    assert runner.outputs() == {"exit-code": "2"}
