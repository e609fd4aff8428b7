"""Neovim 0.7 (push diagnostics) with the autocommand snippet from docs/editors.md.

Push diagnostics themselves are covered in depth by test_neovim_push.py; this run proves the
documented configuration attaches, then asks for completion in the frontmatter and runs
the catalog preview through `workspace/executeCommand`.
"""

from __future__ import annotations

from pathlib import Path

from .expected import (
    COMPLETE_AT,
    assert_completion,
    assert_diagnostics,
    assert_preview,
    preview_command,
)
from .real_editors import nvim_07, run_nvim, session


def test_neovim_07_snippet_completion_and_preview(tmp_path: Path) -> None:
    nvim = nvim_07()
    s = session(tmp_path)
    run = run_nvim(
        nvim,
        "nvim-07",
        s,
        {
            "client_name": "skill_ls",
            "steps": ["completion", "command"],
            "complete_at": COMPLETE_AT,
            "command": preview_command(),
        },
    )
    held = run.result
    assert held["root_dir"] == str(s.root)
    # No textDocument.diagnostic in 0.7's capabilities: the server pushes.
    assert held["pull"] is False
    assert_diagnostics(held["diagnostics"])
    assert_completion(held["completion"])
    assert_preview(held["command"], s.skill)
