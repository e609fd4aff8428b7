"""Diagnostics as JSON: the `skill-ls check --format json` schema, shared with the server's
`skill-ls.lintSkill` command (schema id `skill-ls/check/v1`, documented in docs/json-format.md).
"""

from __future__ import annotations

from typing import Any

from skill_ls.diagnostics import Diagnostic, Fix, Range
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


def diagnostic_to_json(diagnostic: Diagnostic, path: str | None) -> dict[str, Any]:
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
        "url": docs_url(diagnostic.code),
        "fixes": [fix_to_json(f) for f in diagnostic.fixes],
        "related": [
            {"path": r.path, "range": range_to_json(r.range), "message": r.message}
            for r in diagnostic.related
        ],
    }
