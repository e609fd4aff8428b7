"""What a fresh look says of a workspace, to hold a long-running server against: every
skill's findings as the command line's check reports them (its own findings and the
cross-skill ones), and the skill list of a fresh index.

Open editor buffers win over the disk in the server, so the fresh look is taken of a copy
of the workspace with each buffer's text written to its file; its paths are mapped back.
Findings are compared whole: code, severity, range and message.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skill_ls.checking import check_file, cross_skill_findings
from skill_ls.diagnostics import Diagnostic

from .support import fresh_skills, settings_of

# (code, severity, start line, start column, end line, end column, message)
Finding = tuple[str, str, int, int, int, int, str]

_LSP_SEVERITY = {1: "error", 2: "warning", 3: "info", 4: "hint"}


def core_finding(d: Diagnostic) -> Finding:
    return (
        d.code,
        d.severity.name.lower(),
        d.range.start.line,
        d.range.start.column,
        d.range.end.line,
        d.range.end.column,
        d.message,
    )


def lsp_findings(items: list[dict[str, Any]]) -> list[Finding]:
    """Published diagnostics (ASCII text: UTF-16 units are code points)."""
    return sorted(
        (
            str(d.get("code")),
            _LSP_SEVERITY[d["severity"]],
            d["range"]["start"]["line"],
            d["range"]["start"]["character"],
            d["range"]["end"]["line"],
            d["range"]["end"]["character"],
            d["message"],
        )
        for d in items
    )


def report_findings(report: dict[str, Any]) -> list[Finding]:
    """Findings of a `skill-ls check --format json` report (`skill-ls.lintSkill`'s answer)."""
    return sorted(
        (
            d["code"],
            d["severity"],
            d["range"]["start"]["line"],
            d["range"]["start"]["column"],
            d["range"]["end"]["line"],
            d["range"]["end"]["column"],
            d["message"],
        )
        for d in report["diagnostics"]
    )


def skill_files(root: Path) -> list[Path]:
    """Every SKILL.md below `root` (not in `.git`), sorted."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != ".git")
        if "SKILL.md" in files:
            found.append(Path(folder) / "SKILL.md")
    return sorted(found)


@dataclass
class Truth:
    """A fresh look at a workspace: findings by SKILL.md path, and the skill list."""

    findings: dict[Path, list[Finding]]
    skills: list[dict[str, Any]]


def fresh_truth(root: Path, buffers: Mapping[Path, str], scratch: Path) -> Truth:
    """The check and the fresh index of `root` as it would be with `buffers` saved.

    The copy's path has the length of `root`'s: a listing budget counts the characters of
    the paths it shows (Codex's roots table), so a longer path would change its figures."""
    copy = scratch / _same_length_name(root, scratch)
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(root, copy, symlinks=True)
    for path, text in buffers.items():
        with open(copy / path.relative_to(root), "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    try:
        settings = settings_of(copy)
        files = skill_files(copy)
        cross = cross_skill_findings(files, [copy], settings)
        findings: dict[Path, list[Finding]] = {}
        for file in files:
            found = [*check_file(file, settings).diagnostics, *cross[file]]
            original = root / file.relative_to(copy)
            findings[original] = sorted(_mapped(core_finding(d), copy, root) for d in found)
        skills = json.loads(
            json.dumps(fresh_skills([copy], settings)).replace(str(copy), str(root))
        )
        return Truth(findings, skills)
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def _same_length_name(root: Path, scratch: Path) -> str:
    """A name that makes `scratch/name` as long a path as `root` (where it can), other than
    `root`'s own name (`repo` beside it -> `fres`)."""
    length = max(len(str(root)) - len(str(scratch)) - 1, 1)
    name = ("fresh" * (length // 5 + 1))[:length]
    return name if scratch / name != root else name.upper()


def _mapped(finding: Finding, copy: Path, root: Path) -> Finding:
    return (*finding[:6], finding[6].replace(str(copy), str(root)))
