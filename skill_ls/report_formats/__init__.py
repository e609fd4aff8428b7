"""Report formats of check results (text, json, sarif, github), shared by the command line
and the language server's commands.

Not to be confused with `skill_ls.rules.reporter`, which collects findings while rules run;
this package only renders findings that are already complete.
"""

from __future__ import annotations

from collections.abc import Sequence

from skill_ls.checking import FileResult
from skill_ls.report_formats.common import display_path, summary
from skill_ls.report_formats.github_format import render_github
from skill_ls.report_formats.json_format import SCHEMA_ID, json_report, render_json
from skill_ls.report_formats.sarif_format import render_sarif
from skill_ls.report_formats.text_format import render_text

__all__ = [
    "FORMATS",
    "SCHEMA_ID",
    "display_path",
    "json_report",
    "render",
    "summary",
]

FORMATS = ("text", "json", "sarif", "github")


def render(
    fmt: str, results: Sequence[FileResult], color: bool = False, docs_base: str | None = None
) -> str:
    """`docs_base`: the `docsUrl` setting, where rule codes link to (None: the shipped docs)."""
    if fmt == "json":
        return render_json(results, docs_base)
    if fmt == "sarif":
        return render_sarif(results, docs_base)
    if fmt == "github":
        return render_github(results)
    return render_text(results, color)
