"""Inline suppressions: reading the directives, what they cover, SKL903/SKL904, and the
"Suppress SKLxxx here" edit (applied, it removes the finding and leaves no SKL903)."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Diagnostic, Range
from skill_ls.document import parse_document
from skill_ls.rules.suppression_edits import suppression_fix
from skill_ls.rules.suppressions import Matcher, Suppression, find_suppressions
from skill_ls.settings import Settings

from ..unit_helpers import apply_edits, context, skill
from ..unit_helpers import run as run_in_folder

NAME = "name: my-skill"
BAD_NAME = "name: My_Skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."
HOME = "Run python /Users/eve88/tools/run.py first."
NO_FILES = frozenset({"SKILL.md"})


def run(text: str, **kwargs: object) -> list[Diagnostic]:
    """Checked with no folder known (SKL106 stays out of it), unless one is given."""
    kwargs.setdefault("folder", None)
    return run_in_folder(text, **kwargs)


def found(text: str, **kwargs: object) -> list[tuple[str, int]]:
    """(code, line) of every finding, in order."""
    return [(d.code, d.range.start.line) for d in run(text, **kwargs)]


def messages(text: str, code: str, **kwargs: object) -> list[tuple[int, int, str]]:
    return [
        (d.range.start.line, d.range.start.column, d.message)
        for d in run(text, **kwargs)
        if d.code == code
    ]


# --- Frontmatter ----------------------------------------------------------------------------


def test_the_bad_name_is_flagged_without_a_directive() -> None:
    assert found(skill(BAD_NAME, DESC)) == [("SKL104", 1)]


def test_a_comment_alone_above_the_key_suppresses_it() -> None:
    assert found(skill("# skill-ls: ignore[SKL104]", BAD_NAME, DESC)) == []


def test_a_trailing_comment_suppresses_its_line_and_is_not_a_misread_value() -> None:
    assert found(skill(BAD_NAME + "  # skill-ls: ignore[SKL104]", DESC)) == []
    # Another comment after a plain value still is (SKL204 names what is cut).
    assert ("SKL204", 1) in found(skill(BAD_NAME + " # really", DESC))


def test_a_comment_covers_the_next_entry_only() -> None:
    text = skill("# skill-ls: ignore[SKL104]", "# another comment", "", BAD_NAME, DESC)
    assert found(text) == []
    later = skill("# skill-ls: ignore[SKL104]", DESC, BAD_NAME)
    assert found(later) == [("SKL903", 1), ("SKL104", 3)]


def test_several_codes_in_one_directive() -> None:
    text = skill("# skill-ls: ignore[SKL104, SKL106]", "name: Other_Name", DESC)
    assert found(text, folder="my-skill") == []
    assert found(skill("name: Other_Name", DESC), folder="my-skill") == [
        ("SKL104", 1),
        ("SKL106", 1),
    ]


def test_a_standalone_comment_covers_the_whole_entry_below_it() -> None:
    text = skill(
        NAME, "# skill-ls: ignore[SKL104]", "description: |", "  Reads.", "  More.", "x: 1"
    )
    [directive] = find_suppressions(parse_document(text))
    assert (directive.first_line, directive.last_line) == (3, 5)


def test_a_hash_inside_a_value_is_not_a_directive() -> None:
    block = skill(NAME, "description: |", "  # skill-ls: ignore[SKL104]", "  Reads PDFs.")
    quoted = skill(NAME, 'description: "Reads # skill-ls: ignore[SKL104] PDFs"')
    assert find_suppressions(parse_document(block)) == ()
    assert find_suppressions(parse_document(quoted)) == ()


def test_ignore_file_covers_document_level_findings() -> None:
    body = "word " * 40_000
    assert [code for code, _ in found(skill(NAME, DESC, body=body))] == ["SKL402"]
    assert found(skill("# skill-ls: ignore-file[SKL402]", NAME, DESC, body=body)) == []


# --- Body -----------------------------------------------------------------------------------


def test_a_body_comment_above_the_line_or_ending_it_suppresses() -> None:
    assert found(skill(NAME, DESC, body=HOME + "\n")) == [("SKL462", 4)]
    above = skill(NAME, DESC, body="<!-- skill-ls: ignore[SKL462] -->\n\n" + HOME + "\n")
    trailing = skill(NAME, DESC, body=HOME + " <!-- skill-ls: ignore[SKL462] -->\n")
    assert found(above) == []
    assert found(trailing) == []


def test_a_comment_above_a_fence_covers_the_block_and_one_inside_is_code() -> None:
    code = "```sh\necho one\nnpx -y @scope/tool\n```\n"
    assert found(skill(NAME, DESC, body=code)) == [("SKL463", 6)]
    above = skill(NAME, DESC, body="<!-- skill-ls: ignore[SKL463] -->\n" + code)
    assert found(above) == []
    inside = skill(
        NAME, DESC, body="```sh\n<!-- skill-ls: ignore[SKL463] -->\nnpx -y @scope/tool\n```\n"
    )
    assert found(inside) == [("SKL463", 6)]


def test_a_directive_in_inline_code_is_not_one() -> None:
    text = skill(
        NAME, DESC, body="Write `<!-- skill-ls: ignore[SKL462] -->` to suppress.\n" + HOME + "\n"
    )
    assert found(text) == [("SKL462", 5)]


# --- Findings about suppressions ------------------------------------------------------------


def test_an_unused_code_is_reported_on_the_code_with_its_lines() -> None:
    text = skill("# skill-ls: ignore[SKL104, SKL301]", BAD_NAME, DESC)
    assert messages(text, "SKL903") == [
        (1, 27, "unused suppression: no SKL301 finding starts on line 3")
    ]


def test_a_rule_turned_off_makes_its_suppression_not_unused() -> None:
    text = skill("# skill-ls: ignore[SKL104]", NAME, DESC)
    assert found(text) == [("SKL903", 1)]
    assert found(text, settings=Settings(ignore=("SKL104",))) == []
    assert found(text, settings=Settings(select=("SKL9",))) == []
    assert found(text, settings=Settings(ignore=("SKL903",))) == []


@pytest.mark.parametrize(
    ("comment", "message"),
    [
        (
            "# skill-ls: ingore[SKL104]",
            "unknown directive `ingore`: write `skill-ls: ignore[CODE]`",
        ),
        ("# skill-ls: ignore", "`skill-ls: ignore` needs the codes: `ignore[SKL301]`"),
        ("# skill-ls: ignore[]", "`skill-ls: ignore[]` lists no codes"),
        ("# skill-ls: ignore[SKL104", "the codes of `skill-ls: ignore[` are not closed by `]`"),
        (
            "# skill-ls ignore[SKL104]",
            "write a directive as `skill-ls: ignore[CODE]` (with a colon)",
        ),
    ],
)
def test_a_malformed_directive_is_reported_and_suppresses_nothing(
    comment: str, message: str
) -> None:
    text = skill(comment, BAD_NAME, DESC)
    assert messages(text, "SKL904") == [(1, 0, message)]
    assert ("SKL104", 2) in found(text)


def test_unknown_and_unsuppressible_codes() -> None:
    text = skill("# skill-ls: ignore[SKL3, SKL999, SKL903, SKL104]", BAD_NAME, DESC)
    assert messages(text, "SKL904") == [
        (1, 19, "`SKL3` is not a skill-ls rule code (`skill-ls rules` lists them)"),
        (1, 25, "`SKL999` is not a skill-ls rule code (`skill-ls rules` lists them)"),
        (1, 33, "SKL903 cannot be suppressed inline; turn it off in the settings"),
    ]
    assert "SKL104" not in {code for code, _ in found(text)}


def test_ignore_file_in_the_body_is_malformed() -> None:
    text = skill(NAME, DESC, body="<!-- skill-ls: ignore-file[SKL462] -->\n" + HOME + "\n")
    assert messages(text, "SKL904") == [
        (4, 0, "`ignore-file` is a frontmatter comment: `# skill-ls: ignore-file[CODE]`")
    ]
    assert ("SKL462", 5) in found(text)


def test_with_inline_suppressions_off_every_finding_is_back_and_comments_are_not_read() -> None:
    off = Settings(inline_suppressions=False)
    text = skill("# skill-ls: ignore[SKL104]", "# skill-ls: ingore[x]", BAD_NAME, DESC)
    assert found(text) == [("SKL904", 2)]
    assert found(text, settings=off) == [("SKL104", 3)]


def test_the_unused_fix_removes_the_code_or_the_comment() -> None:
    text = skill("# skill-ls: ignore[SKL104, SKL301]", BAD_NAME, DESC)
    [unused] = [d for d in run(text) if d.code == "SKL903"]
    assert apply_edits(text, unused.fixes[0].edits) == skill(
        "# skill-ls: ignore[SKL104]", BAD_NAME, DESC
    )
    alone = skill(NAME + " # skill-ls: ignore[SKL104]", DESC)
    [unused] = [d for d in run(alone) if d.code == "SKL903"]
    assert apply_edits(alone, unused.fixes[0].edits) == skill(NAME, DESC)


# --- The "Suppress here" edit ---------------------------------------------------------------


def _suppress(text: str, code: str, **kwargs: object) -> str:
    """`text` with the "Suppress `code` here" edit of its one `code` finding applied."""
    [target] = [d for d in run(text, **kwargs) if d.code == code]
    kwargs.setdefault("folder", None)
    tried = context(**kwargs)  # type: ignore[arg-type]
    fix = suppression_fix(parse_document(text), code, target.range.start.line, tried)
    assert fix is not None and not fix.safe
    return apply_edits(text, fix.edits)


def _clean(diagnostics: list[Diagnostic], code: str) -> bool:
    return not any(d.code in (code, "SKL903", "SKL904") for d in diagnostics)


def test_suppress_a_frontmatter_finding_above_its_key() -> None:
    text = skill(NAME, DESC, "metadata:", "  author: x", "version: 1.0")
    fixed = _suppress(text, "SKL301")
    assert fixed == skill(
        NAME, DESC, "metadata:", "  author: x", "# skill-ls: ignore[SKL301]", "version: 1.0"
    )
    assert _clean(run(fixed), "SKL301")


def test_suppress_inside_a_multi_line_value_goes_above_the_entry() -> None:
    text = skill(NAME, "description: >-", "  Reads PDFs.", "  Use when asked about PDFs.")
    fixed = _suppress(text, "SKL205")
    assert fixed.splitlines()[2] == "# skill-ls: ignore[SKL205]"
    assert _clean(run(fixed), "SKL205")


def test_suppress_extends_a_directive_already_there() -> None:
    text = skill("# skill-ls: ignore[SKL106]", "name: Other_Name", DESC)
    fixed = _suppress(text, "SKL104", folder="my-skill")
    assert fixed == skill("# skill-ls: ignore[SKL106, SKL104]", "name: Other_Name", DESC)
    assert found(fixed, folder="my-skill") == []


def test_suppress_a_body_finding_above_its_line_with_the_indent() -> None:
    text = skill(NAME, DESC, body="- step one\n  " + HOME + "\n")
    fixed = _suppress(text, "SKL462")
    assert fixed.endswith("- step one\n  <!-- skill-ls: ignore[SKL462] -->\n  " + HOME + "\n")
    assert _clean(run(fixed), "SKL462")


def test_suppress_in_fenced_code_goes_above_the_fence() -> None:
    text = skill(NAME, DESC, body="Intro.\n```sh\nnpx -y @scope/tool\n```\n")
    fixed = _suppress(text, "SKL463")
    assert fixed.endswith(
        "Intro.\n<!-- skill-ls: ignore[SKL463] -->\n```sh\nnpx -y @scope/tool\n```\n"
    )
    assert _clean(run(fixed), "SKL463")


def test_suppress_keeps_crlf_line_breaks() -> None:
    text = skill(NAME, DESC, "version: 1.0", body=HOME + "\n").replace("\n", "\r\n")
    fixed = _suppress(_suppress(text, "SKL301"), "SKL462")
    assert "\n" not in fixed.replace("\r\n", "")
    assert "# skill-ls: ignore[SKL301]\r\nversion: 1.0\r\n" in fixed
    assert "<!-- skill-ls: ignore[SKL462] -->\r\n" + HOME in fixed
    diagnostics = run(fixed)
    assert _clean(diagnostics, "SKL301") and _clean(diagnostics, "SKL462")


def test_suppress_a_document_level_finding_in_the_whole_file() -> None:
    text = skill(NAME)
    assert found(text) == [("SKL111", 0)]
    fixed = _suppress(text, "SKL111")
    assert fixed == skill("# skill-ls: ignore-file[SKL111]", NAME)
    assert found(fixed) == []


def test_a_finding_placed_by_the_text_length_is_suppressed_in_the_whole_file() -> None:
    # SKL402 sits on the body's first line: a comment above would become that line.
    text = skill(NAME, DESC, body="word " * 40_000)
    assert found(text) == [("SKL402", 4)]
    untried = suppression_fix(parse_document(text), "SKL402", 4)
    assert untried is not None and untried.title == "Suppress SKL402 here"
    fixed = _suppress(text, "SKL402")
    assert fixed.startswith("---\n# skill-ls: ignore-file[SKL402]\nname: my-skill\n")
    assert found(fixed) == []


def test_no_suppress_edit_where_no_comment_can_suppress() -> None:
    doc = parse_document("# Just a body\n")
    assert suppression_fix(doc, "SKL001", 0) is None
    assert suppression_fix(parse_document(skill(NAME, DESC)), "SKL903", 1) is None
    assert suppression_fix(parse_document(skill(NAME, DESC)), "SKL999", 1) is None


def test_each_directive_is_read_with_its_exact_ranges() -> None:
    text = skill(NAME + "  # skill-ls: ignore[SKL104,SKL106] legacy name", DESC)
    [directive] = find_suppressions(parse_document(text))
    assert directive.codes == ("SKL104", "SKL106")
    assert directive.code_ranges == (Range.of(1, 35, 1, 41), Range.of(1, 42, 1, 48))
    assert directive.comment == Range.of(1, 16, 1, 61)
    assert directive.removal == Range.of(1, 14, 1, 61)


def test_nested_ranges_each_suppress_what_they_hold() -> None:
    outer = Suppression(Range.of(0, 0, 0, 1), ("SKL301",), (Range.of(0, 0, 0, 1),), 2, 9)
    inner = Suppression(Range.of(4, 0, 4, 1), ("SKL301",), (Range.of(4, 0, 4, 1),), 5, 6)
    apart = Suppression(Range.of(10, 0, 10, 1), ("SKL301",), (Range.of(10, 0, 10, 1),), 11, 11)
    whole = Suppression(
        Range.of(1, 0, 1, 1), ("SKL402",), (Range.of(1, 0, 1, 1),), 0, 0, file_level=True
    )
    matcher = Matcher([outer, inner, apart, whole])
    assert [matcher.suppresses("SKL301", line) for line in (1, 2, 5, 7, 10, 11, 12)] == [
        False,
        True,
        True,
        True,
        False,
        True,
        False,
    ]
    assert matcher.suppresses("SKL402", 500) and not matcher.suppresses("SKL403", 5)
    assert matcher.used == {(0, "SKL301"), (1, "SKL301"), (2, "SKL301"), (3, "SKL402")}
