"""Output formats for `skill-ls check`: small renderers of the same diagnostics."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from skill_ls import __version__
from skill_ls.checking import FileResult
from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.report import SCHEMA_ID, diagnostic_to_json
from skill_ls.rules.registry import RULES, docs_url

FORMATS = ("text", "json", "sarif", "github")


def display_path(path: Path) -> str:
    """Relative to the working folder when inside it, else as given."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def summary(results: Sequence[FileResult]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for result in results:
        for diagnostic in result.diagnostics:
            counts[diagnostic.severity.label] += 1
    return counts


def render(fmt: str, results: Sequence[FileResult], color: bool = False) -> str:
    if fmt == "json":
        return _json(results)
    if fmt == "sarif":
        return _sarif(results)
    if fmt == "github":
        return _github(results)
    return _text(results, color)


_COLORS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.INFO: "36", Severity.HINT: "2"}


def _text(results: Sequence[FileResult], color: bool) -> str:
    out: list[str] = []
    for result in results:
        path = display_path(result.path)
        for d in result.diagnostics:
            label = d.severity.label
            if color:
                label = f"\x1b[{_COLORS[d.severity]}m{label}\x1b[0m"
            start = d.range.start
            out.append(f"{path}:{start.line + 1}:{start.column + 1}: {label} {d.code} {d.message}")
            source = result.line(start.line)
            if source.strip():
                shown = source.replace("\t", " ").replace("\ufeff", "")
                offset = 1 if start.line == 0 and source.startswith("\ufeff") else 0
                end = d.range.end.column if d.range.end.line == start.line else len(source)
                width = max(end - start.column, 1)
                caret_at = max(start.column - offset, 0)
                out.append(f"  {shown[:300]}")
                out.append("  " + " " * min(caret_at, 300) + "^" + "~" * min(width - 1, 200))
    counts = summary(results)
    files = sum(1 for r in results if r.diagnostics)
    if counts:
        parts = [
            f"{counts[s.label]} {s.label}{'s' if counts[s.label] != 1 else ''}"
            for s in sorted(Severity, reverse=True)
            if counts[s.label]
        ]
        out.append(f"Found {', '.join(parts)} in {files} of {len(results)} file(s).")
    else:
        out.append(f"All clean: {len(results)} file(s) checked.")
    return "\n".join(out) + "\n"


def _json(results: Sequence[FileResult]) -> str:
    counts = summary(results)
    payload = {
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
            diagnostic_to_json(d, display_path(r.path)) for r in results for d in r.diagnostics
        ],
    }
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


_SARIF_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
    Severity.HINT: "note",
}


def _sarif(results: Sequence[FileResult]) -> str:
    codes = sorted(RULES)
    rule_index = {code: i for i, code in enumerate(codes)}
    rules = [
        {
            "id": code,
            "name": RULES[code].name,
            "shortDescription": {"text": RULES[code].summary},
            "fullDescription": {"text": RULES[code].rationale},
            "helpUri": docs_url(code),
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


_GITHUB_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
    Severity.HINT: "notice",
}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(results: Sequence[FileResult]) -> str:
    """GitHub Actions workflow commands: annotations on the changed files."""
    out = []
    for result in results:
        path = _escape_property(Path(display_path(result.path)).as_posix())
        for d in result.diagnostics:
            start, end = d.range.start, d.range.end
            props = [
                f"file={path}",
                f"line={start.line + 1}",
                f"col={start.column + 1}",
                f"endLine={end.line + 1}",
            ]
            if end.line == start.line:
                props.append(f"endColumn={max(end.column, start.column) + 1}")
            props.append(
                f"title={_escape_property(d.code + ' ' + RULES[d.code].name)}"
                if d.code in RULES
                else f"title={d.code}"
            )
            out.append(
                f"::{_GITHUB_LEVEL[d.severity]} {','.join(props)}::{_escape_data(d.message)}"
            )
    return "\n".join(out) + ("\n" if out else "")
