"""The distribution: the wheel and sdist build, pass `twine check`, hold what must ship and
nothing else, and a fresh virtual environment that installs the wheel runs `skill-ls check`.

Builds from a copy of the tracked files (the working tree is never written), in build's
isolated environment (the build backend pinned in pyproject.toml, from the package index);
the fresh environment gets the runtime dependencies from the package index, as a user's
would.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source")
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, check=True, capture_output=True
    ).stdout.split(b"\0")
    for name in filter(None, tracked):
        relative = Path(name.decode())
        if not (REPO / relative).is_file():
            continue
        (source / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / relative, source / relative)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    return out


def only(folder: Path, pattern: str) -> Path:
    [found] = folder.glob(pattern)
    return found


def test_twine_accepts_both_artifacts(dist: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, sorted(dist.iterdir()))],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


def test_the_wheel_ships_the_package_and_its_data_only(dist: Path) -> None:
    names = zipfile.ZipFile(only(dist, "*.whl")).namelist()
    assert {
        "skill_ls/py.typed",
        "skill_ls/data/settings.schema.json",
        "skill_ls/data/builtins/claude-code.json",
        "skill_ls/cli/__init__.py",
        "skill_ls/server/session.py",
    } <= set(names)
    tops = {name.split("/", 1)[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"skill_ls"}


def test_the_sdist_holds_the_sources_and_the_readme(dist: Path) -> None:
    with tarfile.open(only(dist, "*.tar.gz")) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"README.md", "pyproject.toml", "skill_ls/__init__.py", "LICENSE"} <= names


def test_a_fresh_environment_runs_check(dist: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "--quiet", str(only(dist, "*.whl"))],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr
    skill = tmp_path / "work" / ".agents" / "skills" / "pdf" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: PDF\ndescription: Fills forms. Use when asked.\n---\nBody.\n")
    done = subprocess.run(
        [str(venv / "bin" / "skill-ls"), "check", str(tmp_path / "work")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stderr
    assert "error SKL104" in done.stdout
