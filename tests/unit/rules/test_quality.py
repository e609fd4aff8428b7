"""Description quality (SKL45x): advice at hint/info level, never an error."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.rules import RULES
from skill_ls.rules.helpers import yaml_double_quoted
from skill_ls.settings import Settings

from ..unit_helpers import codes, one, r, run, skill

QUALITY = Settings(select=("SKL45",))


def quality(description: str) -> list[Diagnostic]:
    line = "description: " + yaml_double_quoted(description)
    return run(skill("name: my-skill", line), settings=QUALITY)


def test_good_description() -> None:
    assert (
        quality("Extracts text and tables from PDF files. Use when the user mentions PDFs.") == []
    )


@pytest.mark.parametrize(
    "description",
    [
        "Extracts text from PDF files. Use when the user mentions PDFs.",
        "Extracts text from PDF files whenever a document is attached.",
        "Extracts text from PDF files if the user shares one with you.",
        "Extracts text from PDF files; use it for reports and invoices.",
        "Extracts text from PDF files for tasks that involve scanned forms.",
        "Extracts text from PDF files. Trigger: any mention of PDFs.",
        "Extracts text from PDF files when the user asks for the contents.",
    ],
)
def test_descriptions_that_say_when(description: str) -> None:
    assert "SKL451" not in codes(quality(description))


def test_description_without_when() -> None:
    text = skill("name: my-skill", "description: Extracts text and tables from PDF documents.")
    diag = one(run(text, settings=QUALITY), "SKL451")
    assert diag.severity is Severity.HINT
    assert diag.range == r(2, 13, 2, 57)
    assert '"Use when ..."' in diag.message


@pytest.mark.parametrize(
    "description",
    [
        "I extract text from PDF files when the user asks.",
        "I'm the PDF helper; use me when the user asks about PDFs.",
        "We extract text from PDF files when the user asks.",
        "You can extract text from PDF files when asked.",
        "Your PDF assistant, for tasks that involve PDF files.",
        "  my PDF helper, used when the user asks about PDFs.",
    ],
)
def test_first_or_second_person(description: str) -> None:
    diag = one(quality(description), "SKL452")
    assert diag.severity is Severity.HINT


@pytest.mark.parametrize(
    "description",
    [
        "Iterates over PDF pages when the user asks.",
        "Yields PDF text when the user asks for it.",
        "Myriad PDF tools, used when the user asks for them.",
        "Extracts text; I/O heavy, use it for big PDF files.",
        "I/O helpers for PDF files, used when the user asks for them.",
        "You-tube style PDF viewer, used when the user asks for it.",
    ],
)
def test_third_person_words_that_start_like_pronouns(description: str) -> None:
    assert "SKL452" not in codes(quality(description))


def test_short_description_boundary() -> None:
    # 40 characters (after trimming) is enough; 39 is short.
    long_enough = "Use when the user asks for PDF text now."
    assert len(long_enough) == 40
    assert "SKL453" not in codes(quality("  " + long_enough + "  "))
    diag = one(quality(long_enough[:-2] + "."), "SKL453")
    assert diag.severity is Severity.INFO
    assert diag.message.startswith("description is 39 characters")


def test_no_quality_advice_for_missing_empty_or_typed_descriptions() -> None:
    for line in ("description:", "description: ''", "description: 42", "description: [a]"):
        assert run(skill("name: my-skill", line), settings=QUALITY) == []
    assert run(skill("name: my-skill"), settings=QUALITY) == []


def test_quality_rules_default_to_hint_or_info() -> None:
    quality_rules = [rule for code, rule in RULES.items() if code.startswith("SKL45")]
    assert len(quality_rules) == 3
    assert all(rule.severity <= Severity.INFO for rule in quality_rules)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_quality_advice_is_never_an_error(description: str) -> None:
    for diag in quality(description):
        assert diag.severity <= Severity.INFO, diag
