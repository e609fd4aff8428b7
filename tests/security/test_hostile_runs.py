"""Documents of long repeated runs (`runs.py`) parse, check and answer completion at every
line end under the CPU guard: no scan of them is super-linear."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from skill_ls.diagnostics import Position
from skill_ls.document import find_references, parse_document
from skill_ls.document.blocks import scan_blocks
from skill_ls.rules import check
from skill_ls.server.completion_context import completion_context

from .cpu_guard import cpu_guard
from .fuzzing import CONTEXT, SKILL_PATH
from .runs import hostile_documents

RUNS = settings(
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@RUNS
@given(hostile_documents())
def test_runs_parse_check_and_complete_in_linear_time(placed: tuple[str, str]) -> None:
    _, text = placed
    with cpu_guard():
        doc = parse_document(text, SKILL_PATH)
        scan_blocks(doc)
        find_references(doc)
        found = check(doc, CONTEXT)
        for line in range(doc.index.line_count):
            end = len(doc.index.line(line))
            completion_context(doc, Position(line, end))
            completion_context(doc, Position(line, max(end - 1, 0)))
    assert "SKL902" not in {d.code for d in found}
