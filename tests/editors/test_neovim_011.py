"""Neovim 0.11 (pull diagnostics) with the `vim.lsp.config` snippet from docs/editors.md.

One headless run opens the broken fixture skill and reads back the pulled diagnostics, a
completion in the frontmatter, the catalog preview through `workspace/executeCommand`, and
a quick fix applied through `vim.lsp.buf.code_action`.
"""

from __future__ import annotations

from pathlib import Path

from .expected import (
    COMPLETE_AT,
    FIX,
    FIXED_NAME_LINE,
    assert_completion,
    assert_diagnostics,
    assert_preview,
    preview_command,
)
from .real_editors import nvim_011, run_nvim, session


def test_neovim_011_pull_completion_preview_and_quick_fix(tmp_path: Path) -> None:
    nvim = nvim_011()
    s = session(tmp_path)
    run = run_nvim(
        nvim,
        "nvim-011",
        s,
        {
            "client_name": "skill_ls",
            "steps": ["completion", "command", "fix"],
            "complete_at": COMPLETE_AT,
            "command": preview_command(),
            "fix": FIX,
        },
    )
    held = run.result
    assert held["version"].startswith("0.11."), held["version"]
    assert held["filetype"] == "markdown"
    assert held["root_dir"] == str(s.root)
    # 0.11 declares textDocument.diagnostic: the server advertised pull and the diagnostics
    # Neovim holds came from textDocument/diagnostic.
    assert held["pull"] is True
    assert_diagnostics(held["diagnostics"])
    assert_completion(held["completion"])
    assert_preview(held["command"], s.skill)

    fix = held["fix"]
    assert FIX["title"] in fix["offered"], fix["offered"]
    assert fix["applied"], f"the buffer did not change; offered: {fix['offered']}"
    assert fix["lines"][1] == FIXED_NAME_LINE
    original = (s.root / ".agents/skills/pdf-tools/SKILL.md").read_text().splitlines()
    assert fix["lines"][2:] == original[2:], "the fix touched more than the name"
    assert fix["cleared"], f"SKL104 still held after the fix: {fix['diagnostics_after']}"
    assert [d["code"] for d in fix["diagnostics_after"]] == ["SKL403"]
