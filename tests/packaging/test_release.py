"""Release in one step: one version in every part, a tag that must name it, the CHANGELOG's
section as the release notes, and workflow files that GitHub's schemas accept (the vendored
schemas of check-jsonschema, read offline). The build steps the release runs are tested
where they live: the wheel and sdist in test_distribution.py, the .vsix in
tests/extension/test_vsix_contents.py."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = Path("scripts") / "release_version.py"
VERSIONED = (
    Path("pyproject.toml"),
    Path("vscode-extension") / "package.json",
    Path("vscode-extension") / "package-lock.json",
    Path("CHANGELOG.md"),
)
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(root / SCRIPT), *args], capture_output=True, text=True, timeout=60
    )


def test_every_part_carries_one_version() -> None:
    done = _run(REPO)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{VERSION}\n", "")


def test_a_part_with_another_version_fails_naming_it(tmp_path: Path) -> None:
    for relative in (SCRIPT, *VERSIONED):
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / relative, tmp_path / relative)
    package = tmp_path / "vscode-extension" / "package.json"
    document = json.loads(package.read_text("utf-8"))
    document["version"] = "9.9.9"
    package.write_text(json.dumps(document), "utf-8")
    done = _run(tmp_path)
    assert done.returncode == 1
    assert done.stderr == (
        f"the versions disagree: pyproject.toml: {VERSION}, vscode-extension/package.json: "
        f"9.9.9, vscode-extension/package-lock.json: {VERSION}, CHANGELOG.md: {VERSION}\n"
    )


def test_the_tag_must_name_the_version() -> None:
    assert _run(REPO, "--tag", f"v{VERSION}").returncode == 0
    other = _run(REPO, "--tag", "v0.0.0-other")
    assert other.returncode == 1
    assert other.stderr == f"tag v0.0.0-other does not name version {VERSION} (v{VERSION})\n"


def test_the_release_notes_are_the_versions_changelog_section() -> None:
    done = _run(REPO, "--notes", f"v{VERSION}")
    assert done.returncode == 0
    changelog = (REPO / "CHANGELOG.md").read_text("utf-8")
    section = changelog.split(f"## {VERSION}", 1)[1].split("\n", 1)[1].split("\n## ", 1)[0]
    assert done.stdout == section.strip() + "\n" and done.stdout.startswith("- ")


@pytest.mark.parametrize(
    ("schema", "files"),
    [
        ("vendor.github-workflows", sorted((REPO / ".github" / "workflows").glob("*.yml"))),
        ("vendor.github-actions", [REPO / "action.yml"]),
    ],
)
def test_github_accepts_the_workflows_and_the_action(schema: str, files: list[Path]) -> None:
    assert files
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "check-jsonschema"),
            "--builtin-schema",
            schema,
            *map(str, files),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
