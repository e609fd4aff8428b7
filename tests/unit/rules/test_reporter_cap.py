"""Each rule lists at most 100 findings per document; the rest become one counting finding."""

from __future__ import annotations

from skill_ls.diagnostics import Range, Severity
from skill_ls.rules.context import CheckContext
from skill_ls.rules.registry import RULES
from skill_ls.rules.reporter import MAX_PER_RULE, Reporter
from skill_ls.settings import Settings

from ..unit_helpers import find, run, skill

NAME = "name: my-skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."


def test_ten_thousand_unknown_keys_give_a_hundred_findings_and_a_count() -> None:
    keys = [f"custom-key-{n}: value" for n in range(10_000)]
    found = run(skill(NAME, DESC, *keys), targets=("agentskills",))
    unknown = find(found, "SKL301")
    assert len(unknown) == MAX_PER_RULE + 1 == 101
    listed, summary = unknown[:-1], unknown[-1]
    assert all("custom-key-" in d.message for d in listed)
    assert {d.range.start.line for d in listed} == set(range(3, 103))  # the first hundred
    assert summary.message.startswith("... and 9,900 more SKL301 findings in this file")
    assert summary.range.start.line == 103  # where the unlisted findings start
    assert summary.data == {"more": 9_900}
    assert summary.severity is listed[0].severity


def test_exactly_the_cap_has_no_count() -> None:
    keys = [f"custom-key-{n}: value" for n in range(MAX_PER_RULE)]
    unknown = find(run(skill(NAME, DESC, *keys), targets=("agentskills",)), "SKL301")
    assert len(unknown) == MAX_PER_RULE
    assert not any(d.message.startswith("...") for d in unknown)


def test_the_cap_is_per_rule() -> None:
    reporter = Reporter(CheckContext(settings=Settings()), max_per_rule=2)
    first, second = RULES["SKL301"], RULES["SKL403"]
    for n in range(5):
        reporter.report(first, Range.of(n, 0, n, 1), f"a{n}")
    reporter.report(second, Range.of(9, 0, 9, 1), "b")
    messages = [(d.code, d.message) for d in reporter.found]
    assert messages[:3] == [("SKL301", "a0"), ("SKL301", "a1"), ("SKL403", "b")]
    assert messages[3][0] == "SKL301"
    assert messages[3][1].startswith("... and 3 more SKL301 findings")
    assert reporter.found[3].range == Range.of(2, 0, 2, 1)


def test_disabled_rules_are_not_counted() -> None:
    reporter = Reporter(CheckContext(settings=Settings(ignore=("SKL301",))), max_per_rule=1)
    for n in range(3):
        reporter.report(RULES["SKL301"], Range.of(n, 0, n, 1), "x", severity=Severity.ERROR)
    assert reporter.found == []
