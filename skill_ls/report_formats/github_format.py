"""GitHub Actions workflow commands: annotations on the changed files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from skill_ls.checking import FileResult
from skill_ls.diagnostics import Severity
from skill_ls.report_formats.common import display_path
from skill_ls.rules.registry import RULES

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


def render_github(results: Sequence[FileResult]) -> str:
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
