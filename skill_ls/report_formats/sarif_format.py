"""SARIF 2.1.0, for code-scanning dashboards: every rule, and each finding with its fixes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from skill_ls import __version__
from skill_ls.checking import FileResult
from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.report_formats.common import display_path
from skill_ls.rules.registry import RULES, docs_url

_SARIF_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
    Severity.HINT: "note",
}


def render_sarif(results: Sequence[FileResult], docs_base: str | None = None) -> str:
    codes = sorted(RULES)
    rule_index = {code: i for i, code in enumerate(codes)}
    rules = [
        {
            "id": code,
            "name": RULES[code].name,
            "shortDescription": {"text": RULES[code].summary},
            "fullDescription": {"text": RULES[code].rationale},
            "helpUri": docs_url(code, docs_base),
            "defaultConfiguration": {"level": _SARIF_LEVEL[RULES[code].severity]},
        }
        for code in codes
    ]
    sarif_results: list[dict[str, Any]] = []
    for result in results:
        uri = Path(display_path(result.path)).as_posix()
        for d in result.diagnostics:
            item: dict[str, Any] = {
                "ruleId": d.code,
                "ruleIndex": rule_index.get(d.code, -1),
                "level": _SARIF_LEVEL[d.severity],
                "message": {"text": d.message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                            "region": _region(d),
                        }
                    }
                ],
            }
            if d.code not in rule_index:
                del item["ruleIndex"]
            fixes = [_sarif_fix(uri, fix.title, fix.edits) for fix in d.fixes if fix.edits]
            if fixes:
                item["fixes"] = fixes
            sarif_results.append(item)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "skill-ls",
                        "version": __version__,
                        "informationUri": "https://github.com/skill-ls/skill-ls",
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
                "results": sarif_results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _region(d: Diagnostic) -> dict[str, int]:
    start, end = d.range.start, d.range.end
    region = {
        "startLine": start.line + 1,
        "startColumn": start.column + 1,
        "endLine": end.line + 1,
        "endColumn": end.column + 1,
    }
    if (end.line, end.column) <= (start.line, start.column):
        region["endLine"], region["endColumn"] = start.line + 1, start.column + 1
    return region


def _sarif_fix(uri: str, title: str, edits: Sequence[Any]) -> dict[str, Any]:
    return {
        "description": {"text": title},
        "artifactChanges": [
            {
                "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                "replacements": [
                    {
                        "deletedRegion": {
                            "startLine": e.range.start.line + 1,
                            "startColumn": e.range.start.column + 1,
                            "endLine": e.range.end.line + 1,
                            "endColumn": e.range.end.column + 1,
                        },
                        "insertedContent": {"text": e.new_text},
                    }
                    for e in edits
                ],
            }
        ],
    }
