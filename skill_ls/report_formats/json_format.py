"""Diagnostics as JSON: the `skill-ls check --format json` schema (schema id
`skill-ls/check/v1`, documented in docs/json-format.md), also the answer of the server's
`skill-ls.lintSkill` command, which takes the plain data of `json_report` as it is.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from skill_ls import __version__
from skill_ls.checking import FileResult
from skill_ls.diagnostics import Diagnostic, Fix, Range
from skill_ls.report_formats.common import display_path, summary
from skill_ls.rules.registry import RULES, docs_url

SCHEMA_ID = "skill-ls/check/v1"


def range_to_json(rng: Range) -> dict[str, Any]:
    """0-based line/column (columns in code points), as in LSP with utf-32 encoding."""
    return {
        "start": {"line": rng.start.line, "column": rng.start.column},
        "end": {"line": rng.end.line, "column": rng.end.column},
    }


def fix_to_json(fix: Fix) -> dict[str, Any]:
    return {
        "title": fix.title,
        "safe": fix.safe,
        "edits": [{"range": range_to_json(e.range), "newText": e.new_text} for e in fix.edits],
        "creates": [c.relative_path for c in fix.creates],
    }


def diagnostic_to_json(
    diagnostic: Diagnostic, path: str | None, docs_base: str | None = None
) -> dict[str, Any]:
    rule = RULES.get(diagnostic.code)
    rng = diagnostic.range
    return {
        "path": path,
        "code": diagnostic.code,
        "rule": rule.name if rule else None,
        "severity": diagnostic.severity.label,
        "message": diagnostic.message,
        "range": range_to_json(rng),
        # 1-based, for people and for tools that count like editors' status bars.
        "location": {
            "line": rng.start.line + 1,
            "column": rng.start.column + 1,
            "endLine": rng.end.line + 1,
            "endColumn": rng.end.column + 1,
        },
        "url": docs_url(diagnostic.code, docs_base),
        "fixes": [fix_to_json(f) for f in diagnostic.fixes],
        "related": [
            {"path": r.path, "range": range_to_json(r.range), "message": r.message}
            for r in diagnostic.related
        ],
    }


def json_report(results: Sequence[FileResult], docs_base: str | None = None) -> dict[str, Any]:
    """The whole report as plain data (dicts, lists, strings, numbers)."""
    counts = summary(results)
    return {
        "schema": SCHEMA_ID,
        "tool": {"name": "skill-ls", "version": __version__},
        "summary": {
            "files": len(results),
            "errors": counts["error"],
            "warnings": counts["warning"],
            "infos": counts["info"],
            "hints": counts["hint"],
        },
        "diagnostics": [
            diagnostic_to_json(d, display_path(r.path), docs_base)
            for r in results
            for d in r.diagnostics
        ],
    }


def render_json(results: Sequence[FileResult], docs_base: str | None = None) -> str:
    return json.dumps(json_report(results, docs_base), indent=2, ensure_ascii=False) + "\n"
