"""Agents installed the way their installers lay them out, for the tests of
`workspace/installed_agents.py`: npm's global prefix (`bin/<command>` linking into
`lib/node_modules/<package>/`) and a native installer's `versions/<version>` file."""

from __future__ import annotations

import json
from pathlib import Path


def npm_install(prefix: Path, package: str, version: str, command: str, entry: str) -> Path:
    """`npm install -g package@version` under `prefix`; returns the PATH folder."""
    folder = prefix / "lib" / "node_modules" / package
    (folder / entry).parent.mkdir(parents=True, exist_ok=True)
    (folder / entry).write_text("#!/usr/bin/env node\n", encoding="utf-8")
    manifest = {"name": package, "version": version, "bin": {command: entry}}
    (folder / "package.json").write_text(json.dumps(manifest), encoding="utf-8")
    bin_dir = prefix / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    (bin_dir / command).symlink_to(folder / entry)
    return bin_dir


def native_install(home: Path, command: str, version: str) -> Path:
    """A native installer's layout: `~/.local/bin/<command>` linking to
    `~/.local/share/<command>/versions/<version>`; returns the PATH folder."""
    versions = home / ".local" / "share" / command / "versions"
    versions.mkdir(parents=True, exist_ok=True)
    (versions / version).write_bytes(b"\x7fELF")
    bin_dir = home / ".local" / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    (bin_dir / command).symlink_to(versions / version)
    return bin_dir
