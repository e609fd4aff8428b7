"""Emacs + eglot with the snippet from docs/editors.md: diagnostics reach flymake."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .expected import EXPECTED, messages, single_file
from .real_editors import DRIVERS, emacs, run_editor, session, snippet

FLYMAKE_TYPE = {1: "eglot-error", 2: "eglot-warning"}


def test_eglot_diagnostics_reach_flymake(tmp_path: Path) -> None:
    editor = emacs()
    s = session(tmp_path)
    config = tmp_path / "skill-ls-eglot.el"
    config.write_text(snippet("emacs-eglot"), encoding="utf-8")
    out = tmp_path / "emacs-out.json"
    env = {
        **s.env,
        "SKILL_LS_SNIPPET": str(config),
        "SKILL_LS_FILE": str(s.skill),
        "SKILL_LS_OUT": str(out),
    }
    run = run_editor([str(editor), "--batch", "-l", str(DRIVERS / "emacs_driver.el")], env, out)
    held = run.result
    assert held["major_mode"] == "skill-md-mode"
    assert held["server_command"] == ["skill-ls", "serve"]
    assert held["server_name"] == "skill-ls"
    every = held["diagnostics"]
    codes = [re.match(r"skill-ls \[(SKL\d+)\]", d["text"]) for d in every]
    own = single_file([code.group(1) if code else "" for code in codes])
    mine = [d for d, keep in zip(every, own, strict=True) if keep]
    got = sorted(mine, key=lambda d: (d["line"], d["column"], d["text"]))
    # Flymake lines are 1-based, columns 0-based; eglot prefixes the source and the code.
    expected = [
        {
            "line": line + 1,
            "column": col,
            "end_line": end_line + 1,
            "end_column": end_col,
            "type": FLYMAKE_TYPE[severity],
            "text": f"skill-ls [{code}]: {messages()[code]}",
        }
        for code, severity, line, col, end_line, end_col in EXPECTED
    ]
    assert got == expected, json.dumps(held, indent=1)
