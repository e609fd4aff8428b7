"""What every editor must hold for the fixture skill (tests/fixtures/editors/workspace).

Codes, severities and positions are written out here; the messages are the validator's own,
taken from `skill-ls check --format json` on the same file, so an editor showing a
different or truncated message fails too.
"""

from __future__ import annotations

import contextlib
import io
import json
from functools import cache
from pathlib import Path
from typing import Any

from skill_ls.cli import main
from skill_ls.clients.builtins import builtins_for

from .real_editors import SKILL, WORKSPACE

# (code, severity 1=error 2=warning, 0-based start line, start col, end line, end col)
EXPECTED = [
    ("SKL104", 1, 1, 6, 1, 11),  # `name: PDF_Tools`: 'P' .. 'T' are not allowed
    ("SKL106", 1, 1, 6, 1, 15),  # `PDF_Tools` does not match the folder: the spec rejects it
    ("SKL403", 2, 8, 5, 8, 23),  # `scripts/extract.py` does not exist
]

# An empty line inside the frontmatter (line 4).
COMPLETE_AT = [3, 0]

FIX = {"title": "Change name to 'pdf-tools'", "line": 1, "col": 6, "gone": "SKL104"}
FIXED_NAME_LINE = "name: pdf-tools"


@cache
def messages() -> dict[str, str]:
    """The validator's message for each code, from `check --format json` on the same file."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["check", "--format", "json", "--no-progress", str(WORKSPACE / SKILL)])
    assert code == 1
    report = json.loads(out.getvalue())
    return {d["code"]: d["message"] for d in report["diagnostics"]}


def single_file(codes: list[str]) -> list[bool]:
    """Which findings are the file's own: the cross-skill ones (SKL5xx, e.g. Factory Droid,
    which reads .agents/skills, dropping `PDF_Tools`) come once the workspace scan ends, so
    an editor may hold them or not yet when it is asked."""
    return [not code.startswith("SKL5") for code in codes]


def assert_diagnostics(held: list[dict[str, Any]]) -> None:
    """Neovim's `vim.diagnostic.get` entries, as the driver wrote them."""
    held = [d for d, own in zip(held, single_file([d["code"] for d in held]), strict=True) if own]
    got = [(d["code"], d["severity"], *d["range"]) for d in held]
    assert got == EXPECTED, held
    for d in held:
        assert d["source"] == "skill-ls", d
        assert d["message"] == messages()[d["code"]], d


def assert_completion(held: dict[str, Any]) -> None:
    labels = held["labels"]
    # Keys the skill lacks are offered; the ones it already has are not.
    for key in ("license", "metadata", "allowed-tools", "compatibility"):
        assert key in labels, labels
    assert "name" not in labels and "description" not in labels, labels


DESCRIPTION = "Extracts text and tables from PDF files. Use when the user mentions PDFs."


def preview_command() -> dict[str, Any]:
    """The catalog Codex would show for the fixture workspace (Codex reads .agents/skills)."""
    return {"command": "skill-ls.previewCatalog", "arguments": ["$uri", "codex"]}


def assert_preview(result: dict[str, Any], skill: Path) -> None:
    assert result["client"] == "codex", result
    builtins = builtins_for("codex")
    own = {builtin.name for builtin in builtins.skills} if builtins else set()
    found = [e for e in result["entries"] if e["name"] not in own]
    assert [e["name"] for e in found] == ["PDF_Tools"], result
    (entry,) = found
    assert entry["description"] == DESCRIPTION
    assert Path(entry["location"]) == skill
    assert entry["hidden"] is False and entry["truncated"] is False
    # Codex's own catalog wording (observed in Codex 0.171.0): its built-ins under r0, the
    # workspace root as r1, and the file the model is told to open as a short path.
    assert f"- `r1` = `{skill.parent.parent}`" in result["text"], result["text"]
    short = f"r1/{skill.parent.name}/SKILL.md"
    assert f"- PDF_Tools: {DESCRIPTION} (file: {short})" in result["text"], result["text"]
    assert result["characters"] == len(result["text"])
