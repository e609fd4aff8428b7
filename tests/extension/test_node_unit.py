"""The extension's own checks, from the pytest run: `npm test` in vscode-extension/.

That is the TypeScript type check, the check that package.json and the README's settings table
match skill_ls/data/settings.schema.json, and the node:test unit tests (vscode stubbed).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .conftest import EXTENSION, run, skip_or_fail, tail


def test_npm_test(extension_packages: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        skip_or_fail("npm is not installed")
    assert npm is not None
    result = run([npm, "test"], cwd=EXTENSION, timeout=300)
    assert result.returncode == 0, tail(result.stdout + result.stderr, 80)
