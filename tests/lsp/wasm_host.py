"""The editor extension's WebAssembly server host, built from this checkout once per session.

`vscode-extension/scripts/bundle-python.sh` copies this checkout's `skill_ls` (and the pinned
dependencies, and Pyodide from the extension's npm packages) into the extension's `bundled/`
folder; esbuild builds `dist/wasmHost.js`. The npm packages are installed when missing.
"""

from __future__ import annotations

import functools
import subprocess
from pathlib import Path

from .support import REPO

EXTENSION = REPO / "vscode-extension"


def _run(command: list[str]) -> None:
    done = subprocess.run(command, cwd=EXTENSION, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"


@functools.cache
def built_host() -> Path:
    """dist/wasmHost.js, with bundled/ holding this checkout's server."""
    lock = EXTENSION / "package-lock.json"
    installed = EXTENSION / "node_modules" / ".package-lock.json"
    if not installed.is_file() or installed.stat().st_mtime < lock.stat().st_mtime:
        _run(["npm", "ci", "--no-audit", "--no-fund", "--silent"])
    _run(["bash", "scripts/bundle-python.sh"])
    _run(["node", "esbuild.mjs"])
    return EXTENSION / "dist" / "wasmHost.js"
