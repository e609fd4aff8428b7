"""The terminal format: one line per finding, the source line under it with a caret."""

from __future__ import annotations

from collections.abc import Sequence

from skill_ls.checking import FileResult
from skill_ls.diagnostics import Severity
from skill_ls.report_formats.common import display_path, summary

_COLORS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.INFO: "36", Severity.HINT: "2"}


def render_text(results: Sequence[FileResult], color: bool = False) -> str:
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
