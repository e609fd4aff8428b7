"""Files a repository may make hostile (a manifest with a 5,000-digit number, configuration
nested 6,000 deep or with such an integer, a configuration file of 3 GB) cost `skill-ls
check` a finding on that file, never an internal error (exit 2); as real subprocesses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DIGITS = "9" * 5_000
SKILL = (
    "---\nname: draft\ndescription: Drafts meeting notes from a transcript, with decisions "
    "and owners. Use when the user asks for notes of a meeting.\n---\n\nBody.\n"
)


def run_check(root: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "HOME": str(home)}
    for name in ("XDG_CONFIG_HOME", "CODEX_HOME"):
        env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "skill_ls", "check", ".", "--no-cache", "--format", "json"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def plugin(root: Path, manifest: str) -> None:
    (root / ".claude-plugin").mkdir(parents=True)
    (root / ".claude-plugin" / "plugin.json").write_text(manifest, encoding="utf-8")
    (root / "skills" / "draft").mkdir(parents=True)
    (root / "skills" / "draft" / "SKILL.md").write_text(SKILL, encoding="utf-8")


def findings(stdout: str) -> list[tuple[str, str]]:
    return sorted((d["path"], d["code"]) for d in json.loads(stdout)["diagnostics"])


def test_a_plugin_manifest_with_a_5000_digit_number_is_checked(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    plugin(root, f'{{"name": "tools", "version": {DIGITS}}}')
    done = run_check(root, tmp_path / "home")
    assert done.returncode == 0, done.stderr[-2000:]
    assert findings(done.stdout) == []
    # The same with a name Claude Code refuses: the finding is there, exit 1.
    (root / ".claude-plugin" / "plugin.json").write_text(
        f'{{"name": "my tools", "n": [{DIGITS}]}}', encoding="utf-8"
    )
    done = run_check(root, tmp_path / "home")
    assert done.returncode == 1, done.stderr[-2000:]
    assert findings(done.stdout) == [(".claude-plugin/plugin.json", "SKL602")]


@pytest.mark.parametrize(
    ("config", "why"),
    [
        ("select = " + "[" * 6_000, "the TOML nests too deep to read"),
        ("max-line = " + DIGITS, "a value in it is too large to read"),
        ("sparse", "the file is larger than 1,048,576 bytes, more than is read"),
    ],
)
def test_a_configuration_that_cannot_be_read_is_one_finding(
    tmp_path: Path, config: str, why: str
) -> None:
    root = tmp_path / "repo"
    plugin(root, '{"name": "tools"}')
    path = root / ".skill-ls.toml"
    if config == "sparse":
        path.write_text('select = ["SKL1"]\n', encoding="utf-8")
        os.truncate(path, 3 * 1024**3)  # 3 GB of holes: nothing real is written
    else:
        path.write_text(config, encoding="utf-8")
    # The other configuration file still applies: SKL602 is an error there.
    (root / "pyproject.toml").write_text(
        '[tool.skill-ls.rules]\nSKL602 = "warning"\n', encoding="utf-8"
    )
    (root / ".claude-plugin" / "plugin.json").write_text('{"name": "my tools"}')
    done = run_check(root, tmp_path / "home")
    assert done.returncode == 0, done.stderr[-2000:]  # warnings only
    report = json.loads(done.stdout)["diagnostics"]
    assert sorted((d["path"], d["code"], d["severity"]) for d in report) == [
        (".claude-plugin/plugin.json", "SKL602", "warning"),
        (".skill-ls.toml", "SKL901", "warning"),
    ]
    config_finding = next(d for d in report if d["code"] == "SKL901")
    assert config_finding["message"] == f"cannot read configuration: {why}"
    assert config_finding["location"]["line"] == 1
