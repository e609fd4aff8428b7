"""What every cache of skill-ls shares: where it lives, and which code wrote it.

Imports nothing of skill-ls but its version, so that `skill-ls check` can look for a cached
run before it imports the validator.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path

from skill_ls import __version__


def default_folder(environ: Mapping[str, str] | None = None) -> Path:
    """`$XDG_CACHE_HOME/skill-ls`, else `~/.cache/skill-ls`."""
    variables = os.environ if environ is None else environ
    base = variables.get("XDG_CACHE_HOME") or ""
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "skill-ls"


def code_digest() -> str:
    """The installed skill-ls: its version and the size and time of each of its files (so
    that a changed rule or client row, even without a new version, never reads old results)."""
    package = Path(__file__).resolve().parent
    parts = [__version__]
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".json")):
                path = os.path.join(folder, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                parts.append(f"{os.path.relpath(path, package)}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
