"""Fixtures for the tests of the VS Code extension (vscode-extension/).

These need Node.js and the extension's npm packages; the end-to-end test also needs
code-server, Chromium and the Debian packages to build code-server (scripts/e2e-setup.sh).
When a tool cannot be had, the test is skipped with the reason, except under CI=true, where
a missing tool is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXTENSION = REPO / "vscode-extension"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
ON_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "e2e: end-to-end test in a real VS Code workbench (code-server + Chromium); "
        "installs its tools on the first run. Part of the normal run; deselect with -m 'not e2e'.",
    )


def skip_or_fail(reason: str) -> None:
    """Skip, or fail under CI=true, where every tool must be installable."""
    if ON_CI:
        pytest.fail(f"{reason} (CI=true: a missing tool is a failure, not a skip)")
    pytest.skip(reason)


def run(
    cmd: list[str],
    *,
    timeout: float,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cmd, capture_output=True, text=True, timeout=timeout, check=False, cwd=cwd, env=env
    )


def tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])


@pytest.fixture(scope="session")
def node() -> str:
    path = shutil.which("node")
    if path is None:
        skip_or_fail("node is not installed")
    assert path is not None
    return path


@pytest.fixture(scope="session")
def extension_packages(node: str) -> Path:
    """vscode-extension/node_modules, installed with `npm ci` when missing or stale."""
    stamp = EXTENSION / "node_modules" / ".package-lock.json"
    lock = EXTENSION / "package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        npm = shutil.which("npm")
        if npm is None:
            skip_or_fail("npm is not installed")
        assert npm is not None
        result = run([npm, "ci", "--no-audit", "--no-fund"], cwd=EXTENSION, timeout=600)
        if result.returncode != 0:
            output = tail(result.stdout + result.stderr)
            skip_or_fail(f"npm ci failed in vscode-extension:\n{output}")
    return EXTENSION / "node_modules"


@pytest.fixture(scope="session")
def bundled_libs(extension_packages: Path) -> Path:
    """vscode-extension/bundled/libs: the server as the .vsix carries it.

    The dependencies are installed once; skill_ls is copied afresh on every run.
    """
    env = {**os.environ, "PYTHON": sys.executable}
    result = run(["bash", str(EXTENSION / "scripts" / "bundle-python.sh")], env=env, timeout=600)
    if result.returncode != 0:
        output = tail(result.stdout + result.stderr)
        skip_or_fail(f"could not bundle the server's dependencies:\n{output}")
    return EXTENSION / "bundled" / "libs"


@pytest.fixture(scope="session")
def wasm_host(bundled_libs: Path) -> list[str]:
    """The command that serves over stdio under the bundled WebAssembly Python: this
    checkout's server (bundled_libs) in dist/wasmHost.js, built here."""
    result = run(["node", "esbuild.mjs"], cwd=EXTENSION, timeout=300)
    if result.returncode != 0:
        skip_or_fail(f"could not build dist/wasmHost.js:\n{tail(result.stdout + result.stderr)}")
    return ["node", str(EXTENSION / "dist" / "wasmHost.js"), "--stdio"]


@pytest.fixture(scope="session")
def tools() -> dict[str, str]:
    started = time.monotonic()
    result = run(["bash", str(EXTENSION / "scripts" / "e2e-setup.sh")], timeout=1500)
    if result.returncode != 0:
        why = f"exit {result.returncode}:\n{tail(result.stderr)}"
        skip_or_fail(f"the end-to-end tools could not be installed ({why})")
    found = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
    print(f"e2e-setup took {time.monotonic() - started:.0f} s")
    return found


@pytest.fixture(scope="session")
def vsix(tmp_path_factory: pytest.TempPathFactory, extension_packages: Path) -> Path:
    out = tmp_path_factory.mktemp("vsix") / "skill-ls.vsix"
    env = {**os.environ, "PYTHON": sys.executable}
    build = ["bash", str(EXTENSION / "scripts" / "build-vsix.sh"), str(out)]
    result = run(build, env=env, timeout=900)
    output = tail(result.stdout + result.stderr)
    assert result.returncode == 0, f"building the .vsix failed:\n{output}"
    return out


def e2e_env() -> dict[str, str]:
    """The environment for e2e.mjs: python3 on PATH is this interpreter (3.11+)."""
    return {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
