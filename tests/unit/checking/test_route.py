"""The one way into the validator: the document's lookups made, the rules run, findings
from outside the document in one order with the document's own."""

from __future__ import annotations

from pathlib import Path

from skill_ls.checking.route import check_document, with_findings
from skill_ls.diagnostics import Diagnostic, Range, Severity
from skill_ls.document import SkillDocument, parse_document
from skill_ls.gathering import context_for_path
from skill_ls.rules.context import CheckContext
from skill_ls.settings import Settings

from ..unit_helpers import codes, skill

DESC = "description: Extracts text from PDF files. Use when asked about PDFs."


def finding(code: str, line: int, message: str = "m") -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, Range.of(line, 0, line, 1))


def test_findings_from_outside_join_in_position_code_and_message_order() -> None:
    own = [finding("SKL403", 1, "b"), finding("SKL501", 4)]
    more = [finding("SKL403", 1, "a"), finding("SKL502", 0)]
    merged = with_findings(own, more)
    assert [(d.range.start.line, d.code, d.message) for d in merged] == [
        (0, "SKL502", "m"),
        (1, "SKL403", "a"),
        (1, "SKL403", "b"),
        (4, "SKL501", "m"),
    ]


def test_nothing_from_outside_keeps_the_validator_s_order() -> None:
    own = [finding("SKL403", 1, "b"), finding("SKL403", 1, "a")]
    assert with_findings(own, []) == own


def test_the_route_makes_the_lookups_and_hands_them_to_the_cross_findings(tmp_path: Path) -> None:
    other = tmp_path / "skills" / "other"
    other.mkdir(parents=True)
    (other / "SKILL.md").write_text(skill("name: other", DESC), encoding="utf-8")
    (other / "notes.md").write_text("x\n", encoding="utf-8")
    mine = tmp_path / "skills" / "mine"
    mine.mkdir()
    skill_md = mine / "SKILL.md"
    skill_md.write_text(skill("name: mine", DESC, body="[n](../other/notes.md)\n"), "utf-8")
    document = parse_document(skill_md.read_text(encoding="utf-8"), str(skill_md))
    seen: list[CheckContext] = []

    def cross(doc: SkillDocument, context: CheckContext) -> list[Diagnostic]:
        seen.append(context)
        return [finding("SKL501", 0)]

    settings = Settings(select=("SKL403", "SKL404"))
    checked = check_document(document, context_for_path(skill_md, settings), cross)
    assert codes(checked.diagnostics) == ["SKL501"]  # the file out of the folder is found
    assert seen == [checked.context]
    assert checked.context.install is not None
    assert checked.context.install.found == frozenset({str(other / "notes.md")})
