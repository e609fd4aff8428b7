"""Debian's Neovim 0.7 (push diagnostics) against the real server, headless.

Opens a broken SKILL.md, reads the diagnostics Neovim holds (codes and exact positions),
then fixes the name in the buffer and reads them again. Skips only when nvim is missing
outside CI; under CI=true a missing nvim fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "lsp" / "neovim"
SKILL = Path(".agents/skills/pdf-tools/SKILL.md")
DRIVER = Path(__file__).resolve().parent / "neovim_push.lua"

# (code, vim severity 1=error 2=warning, lnum, col, end_lnum, end_col): 0-based.
ON_OPEN = [
    ("SKL104", 1, [1, 6, 1, 11]),  # `Pdf_Tools`: 'P', '_' and 'T' are not allowed
    ("SKL106", 1, [1, 6, 1, 15]),  # the name does not match the folder: the spec rejects it
    ("SKL506", 2, [1, 6, 1, 15]),  # agents that find the skill drop it for that name
    ("SKL301", 2, [4, 0, 4, 3]),  # `foo` is no client's field
    ("SKL403", 2, [8, 5, 8, 20]),  # `scripts/fill.py` does not exist
]
AFTER_EDIT = [ON_OPEN[3], ON_OPEN[4]]


def find_nvim() -> str:
    nvim = shutil.which("nvim")
    if nvim is None:
        reason = "Neovim is not installed (Debian: apt-get install neovim)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI=true requires this test to run")
        pytest.skip(reason)
    return nvim


def test_neovim_07_push_diagnostics(tmp_path: Path) -> None:
    nvim = find_nvim()
    root = tmp_path / "workspace"
    shutil.copytree(FIXTURE, root)
    home = tmp_path / "home"
    home.mkdir()
    out = tmp_path / "out.json"
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "PYTHONPATH": str(REPO),
        "SKILL_LS_CMD": json.dumps([sys.executable, "-m", "skill_ls", "serve"]),
        "SKILL_LS_ROOT": str(root),
        "SKILL_LS_FILE": str(root / SKILL),
        "SKILL_LS_OUT": str(out),
    }
    done = subprocess.run(
        [nvim, "--headless", "--clean", "-c", f"luafile {DRIVER}"],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert out.exists(), f"nvim wrote nothing (exit {done.returncode}): {done.stderr}"
    result = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in result, result
    assert result["pull"] is False, "Neovim 0.7 cannot pull: the server must push"
    got = [(d["code"], d["severity"], d["range"]) for d in result["on_open"]]
    assert got == ON_OPEN, result["on_open"]
    assert all(d["source"] == "skill-ls" for d in result["on_open"])
    assert result["changed"], result
    got = [(d["code"], d["severity"], d["range"]) for d in result["after_edit"]]
    assert got == AFTER_EDIT, result["after_edit"]
