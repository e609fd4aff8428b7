"""A bug in one rule family costs one finding naming that family, not every finding."""

from __future__ import annotations

import logging

import pytest

from skill_ls.document import parse_document
from skill_ls.rules import check, spec
from skill_ls.rules.internal import INTERNAL_ERROR
from tests.unit.unit_helpers import context, skill

# Too long a description (spec family) and an unknown field (client_fields family).
TEXT = skill("name: my-skill", "description: " + "d" * 1100, "colour: blue")


def _codes(text: str) -> list[str]:
    return [d.code for d in check(parse_document(text, "my-skill/SKILL.md"), context())]


def test_a_failing_family_becomes_one_finding_and_the_others_still_run(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    healthy = _codes(TEXT)
    spec_codes = {code for code in healthy if code.startswith("SKL1")}
    assert spec_codes, "the fixture must give the spec family something to report"

    def broken(*_args: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(spec, "check", broken)
    with caplog.at_level(logging.ERROR):
        diagnostics = check(parse_document(TEXT, "my-skill/SKILL.md"), context())
    internal = [d for d in diagnostics if d.code == INTERNAL_ERROR.code]
    assert len(internal) == 1
    assert internal[0].message == (
        "the spec checks failed on this file (KeyError: 'boom'); the other checks ran. "
        "This is a bug in skill-ls: please report it."
    )
    assert internal[0].range.start.line == 0
    others = sorted(d.code for d in diagnostics if d.code != INTERNAL_ERROR.code)
    assert others == sorted(code for code in healthy if code not in spec_codes)
    assert "the spec checks failed" in caplog.text


def test_healthy_checks_raise_no_internal_error() -> None:
    assert INTERNAL_ERROR.code not in _codes(TEXT)
