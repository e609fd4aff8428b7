"""Structure rules (SKL0xx): can a client find and read the frontmatter at all?"""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.checking import check_file
from skill_ls.diagnostics import Severity
from skill_ls.document import MAX_FRONTMATTER_CHARS, decode_skill_bytes
from skill_ls.rules import check
from skill_ls.settings import Settings

from ..unit_helpers import apply_fix, codes, context, covered, find, one, r, run, skill

GOOD = ("name: my-skill", "description: Extracts text from PDF files. Use when asked about PDFs.")


def test_a_good_skill_has_no_structure_findings() -> None:
    assert [c for c in codes(run(skill(*GOOD))) if c.startswith("SKL0")] == []


# --- SKL001 no frontmatter -------------------------------------------------------------------


def test_no_frontmatter() -> None:
    text = "# PDF tools\n\nDo things.\n"
    found = run(text)
    diag = one(found, "SKL001")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(0, 0, 0, 11)
    # Claude Code and Cline CLI load a SKILL.md without frontmatter (a heading first, lab
    # scenario frontmatter-after-line); the other agents drop it.
    assert diag.message.endswith(
        "; Claude Code and Cline CLI list it without one; the others drop it"
    )
    assert one(run(text, targets=["codex"]), "SKL001").message.endswith(
        "; no client will list this skill"
    )
    # Nothing else is judged without frontmatter, except the body.
    assert [c for c in codes(found) if c.startswith(("SKL1", "SKL3"))] == []
    fixed = apply_fix(text, diag.fixes[0])
    assert fixed.startswith("---\nname: my-skill\ndescription: \n---\n# PDF tools")
    assert not diag.fixes[0].safe
    assert "SKL001" not in codes(run(fixed))


def test_no_frontmatter_says_who_takes_a_block_further_down() -> None:
    # Continue CLI takes the block between the first two `---` lines, wherever they are.
    text = "Intro text.\n---\nname: my-skill\ndescription: D.\n---\nBody.\n"
    diag = one(run(text, targets=["continue", "codex"]), "SKL001")
    assert diag.message.endswith(
        "; Continue CLI takes the block between its first two `---` lines; the others drop it"
    )
    assert one(run("Intro text.\n", targets=["continue"]), "SKL001").message.endswith(
        "; no client will list this skill"
    )


def test_no_frontmatter_fix_keeps_the_byte_order_mark_first() -> None:
    text = "\ufeff# PDF tools\n"
    diag = one(run(text), "SKL001")
    fixed = apply_fix(text, diag.fixes[0])
    assert fixed.startswith("\ufeff---\nname: my-skill\n")
    assert "SKL001" not in codes(run(fixed))


def test_no_frontmatter_fix_quotes_a_folder_name_that_is_not_a_string() -> None:
    diag = one(run("body\n", folder="2024"), "SKL001")
    assert 'name: "2024"\n' in diag.fixes[0].edits[0].new_text


def test_no_frontmatter_in_an_empty_file() -> None:
    diag = one(run(""), "SKL001")
    assert diag.range == r(0, 0, 0, 0)


def test_no_frontmatter_without_a_folder_uses_a_placeholder_name() -> None:
    diag = one(run("body\n", folder=None), "SKL001")
    assert "name: my-skill" in diag.fixes[0].edits[0].new_text


# --- SKL002 unclosed frontmatter -------------------------------------------------------------


def test_unclosed_frontmatter() -> None:
    text = "---\nname: my-skill\ndescription: x\n\n# Body\n"
    found = run(text)
    diag = one(found, "SKL002")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(0, 0, 0, 3)
    # Nothing inside an unclosed block is judged.
    assert codes(found) == ["SKL002"]


def test_unclosed_after_blank_lines_points_at_the_opening_line() -> None:
    diag = one(run("\n\n---\nname: x\n"), "SKL002")
    assert diag.range == r(2, 0, 2, 3)


# --- SKL003 YAML syntax ----------------------------------------------------------------------


def test_unreadable_value() -> None:
    text = skill("name: my-skill", 'description: "never closed')
    diag = one(run(text), "SKL003")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(2, 13, 2, 14)
    assert "no YAML loader can read it" in diag.message


def test_unquoted_colon_for_strict_and_lenient_clients() -> None:
    text = skill("name: my-skill", "description: Reads PDFs. Use when: the user asks")
    found = run(text)
    diag = one(found, "SKL003")
    # The `: ` inside the value, not the whole line.
    assert diag.range == r(2, 33, 2, 35)
    assert covered(text, diag.range) == ": "
    assert diag.severity is Severity.ERROR
    assert "Claude Code" in diag.message
    assert "OpenAI Codex" in diag.message
    assert "drop the whole skill" in diag.message


def test_unquoted_colon_when_every_target_is_lenient() -> None:
    text = skill("name: my-skill", "description: Reads PDFs. Use when: the user asks")
    diag = one(run(text, targets=["claude-code"]), "SKL003")
    assert diag.severity is Severity.WARNING
    assert diag.message.startswith("unquoted `: ` in the value of `description` is a YAML error")
    assert "Claude Code loads it as text" in diag.message
    assert "strict loaders drop the whole skill" in diag.message


def test_unquoted_colon_when_every_target_is_strict() -> None:
    text = skill("name: my-skill", "description: Reads PDFs. Use when: the user asks")
    diag = one(run(text, targets=["copilot"]), "SKL003")
    assert diag.severity is Severity.ERROR
    assert "lenient loaders (such as Claude Code) load it as text" in diag.message
    assert "Copilot Chat (VS Code) drops the whole skill" in diag.message


def test_unquoted_colon_fix_quotes_the_value() -> None:
    text = skill("name: my-skill", "description: Reads PDFs. Use when: the user asks")
    diag = one(run(text), "SKL003")
    fixed = apply_fix(text, diag.fixes[0])
    assert 'description: "Reads PDFs. Use when: the user asks"\n' in fixed
    assert "SKL003" not in codes(run(fixed))


def test_unquoted_colon_over_several_lines_fix() -> None:
    text = skill(
        "name: my-skill", "description: Reads PDFs: all of them", "  and more", "license: MIT"
    )
    diag = one(run(text), "SKL003")
    assert diag.range == r(2, 23, 2, 25)
    fixed = apply_fix(text, diag.fixes[0])
    assert 'description: "Reads PDFs: all of them and more"\nlicense: MIT\n' in fixed
    assert "SKL003" not in codes(run(fixed))


def test_unquoted_colon_on_a_continuation_line() -> None:
    text = skill("name: my-skill", "description: Reads PDFs", "  and forms: all", "license: MIT")
    diag = one(run(text), "SKL003")
    assert diag.range == r(3, 11, 3, 13)
    assert covered(text, diag.range) == ": "


def test_unquoted_colon_at_the_end_of_a_line() -> None:
    text = skill("name: my-skill", "description: Reads PDFs", "  like this:", "  and more")
    diag = one(run(text), "SKL003")
    assert diag.range == r(3, 11, 3, 12)


def test_list_item_at_the_top_level_is_unreadable() -> None:
    text = skill("name: my-skill", "- item", "description: x")
    found = run(text)
    diag = one(found, "SKL003")
    assert diag.range == r(2, 0, 2, 1)
    assert "SKL111" not in codes(found)


# --- SKL004 not a mapping --------------------------------------------------------------------


@pytest.mark.parametrize("lines", [("- a", "- b"), ("just text",), ("'quoted'",)])
def test_not_a_mapping(lines: tuple[str, ...]) -> None:
    found = run(skill(*lines))
    diag = one(found, "SKL004")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(1, 0, 1, 1)
    # No "missing name" on top: nothing could be read.
    assert "SKL101" not in codes(found)


# --- SKL005 duplicate keys -------------------------------------------------------------------


def test_duplicate_key() -> None:
    text = skill(*GOOD, "name: other")
    diag = one(run(text), "SKL005")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(3, 0, 3, 4)
    assert diag.related[0].range == r(1, 0, 1, 4)
    assert "duplicate key `name`" in diag.message


def test_nested_duplicate_key() -> None:
    text = skill(*GOOD, "metadata:", "  author: a", "  author: b")
    diag = one(run(text), "SKL005")
    assert diag.range == r(5, 2, 5, 8)


# --- SKL006 encoding -------------------------------------------------------------------------


def test_invalid_utf8() -> None:
    data = skill(*GOOD).encode().replace(b"PDF files", b"PDF \xff files")
    found = check(decode_skill_bytes(data), context())
    diag = one(found, "SKL006")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(2, 36, 2, 37)


# --- SKL007 bounds ---------------------------------------------------------------------------


def test_oversized_frontmatter() -> None:
    text = skill(*GOOD, "x: " + "y" * MAX_FRONTMATTER_CHARS)
    found = run(text)
    diag = one(found, "SKL007")
    assert diag.range == r(0, 0, 0, 3)
    assert [c for c in codes(found) if c.startswith(("SKL1", "SKL3"))] == []


def test_frontmatter_at_the_size_bound_is_read() -> None:
    filler = "x: " + "y" * (MAX_FRONTMATTER_CHARS - 200)
    found = run(skill(*GOOD, filler))
    assert "SKL007" not in codes(found)


def test_deep_nesting() -> None:
    text = skill(*GOOD, "metadata: " + "[" * 100 + "]" * 100)
    diag = one(run(text), "SKL007")
    assert diag.range.start.line == 3
    assert "deeper than 64" in diag.message


# --- SKL008 NUL bytes ------------------------------------------------------------------------


def test_nul_bytes_reported_once_with_a_count() -> None:
    text = skill(*GOOD, body="a\0b\0c\n")
    diag = one(run(text), "SKL008")
    assert diag.range == r(4, 1, 4, 2)
    assert "2 in all" in diag.message


# --- SKL009 extra documents ------------------------------------------------------------------


def test_second_yaml_document() -> None:
    text = skill(*GOOD, "...", "license: MIT")
    assert "SKL009" in codes(run(text))
    assert "SKL009" not in codes(run(skill(*GOOD)))


# --- SKL010 unreadable file ------------------------------------------------------------------


def test_unreadable_file(tmp_path: Path) -> None:
    folder = tmp_path / "my-skill"
    (folder / "SKILL.md").mkdir(parents=True)  # a folder where the file should be
    result = check_file(folder / "SKILL.md", Settings())
    assert codes(result.diagnostics) == ["SKL010"]
    assert result.diagnostics[0].severity is Severity.ERROR
    off = check_file(folder / "SKILL.md", Settings(rules={"SKL010": None}))
    assert off.diagnostics == []


# --- Settings apply to every rule ------------------------------------------------------------


def test_rule_severity_override_and_off() -> None:
    text = skill(*GOOD, "name: other")
    raised = run(text, settings=Settings(rules={"SKL005": Severity.HINT}))
    assert one(raised, "SKL005").severity is Severity.HINT
    assert find(run(text, settings=Settings(rules={"SKL005": None})), "SKL005") == []
    assert find(run(text, settings=Settings(ignore=("SKL00",))), "SKL005") == []
    only = run(text, settings=Settings(select=("SKL005",)))
    assert codes(only) == ["SKL005"]
