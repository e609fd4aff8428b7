"""Portability rules (SKL2xx): files one loader reads and another misreads or drops."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.settings import Settings

from ..unit_helpers import apply_fix, codes, covered, find, one, r, run, skill

NAME = "name: my-skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."
PORTABILITY = Settings(select=("SKL2",))


def port(text: str, **kwargs: object) -> list[Diagnostic]:
    return run(text, settings=kwargs.pop("settings", PORTABILITY), **kwargs)


def fixed_clean(text: str, diag: Diagnostic, fix: int = 0) -> str:
    """Apply a fix and check that its finding is gone."""
    out = apply_fix(text, diag.fixes[fix])
    assert diag.code not in codes(port(out)), out
    return out


def test_a_portable_skill() -> None:
    assert port(skill(NAME, DESC)) == []


# --- SKL201 BOM ------------------------------------------------------------------------------


def test_bom() -> None:
    text = "\ufeff" + skill(NAME, DESC)
    diag = one(port(text), "SKL201")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(0, 0, 0, 1)
    assert fixed_clean(text, diag) == skill(NAME, DESC)


def test_bom_without_frontmatter() -> None:
    assert "SKL201" in codes(port("\ufeff# Title\n"))


# --- SKL202 CRLF -----------------------------------------------------------------------------


def test_crlf() -> None:
    text = skill(NAME, DESC).replace("\n", "\r\n")
    diag = one(port(text), "SKL202")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(0, 0, 0, 3)
    assert "(crlf)" in diag.message
    assert fixed_clean(text, diag) == skill(NAME, DESC)


def test_mixed_line_endings_point_at_the_first_crlf_line() -> None:
    text = "---\nname: my-skill\r\n" + DESC + "\n---\nbody\r\n"
    diag = one(port(text), "SKL202")
    assert diag.range == r(1, 0, 1, 14)
    assert "(mixed)" in diag.message
    assert fixed_clean(text, diag) == skill(NAME, DESC, body="body\n")


def test_lone_cr_is_not_crlf() -> None:
    assert "SKL202" not in codes(port(skill(NAME, DESC).replace("\n", "\r")))


# --- SKL203 blank lines before the frontmatter -----------------------------------------------


@pytest.mark.parametrize("blank", ["\n", "\n\n\n", "  \n"])
def test_blank_lines_before_frontmatter(blank: str) -> None:
    text = blank + skill(NAME, DESC)
    diag = one(port(text), "SKL203")
    lines = blank.count("\n")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(0, 0, lines, 0)
    assert diag.message.startswith(f"{lines} blank line(s) before the opening `---`")
    assert fixed_clean(text, diag) == skill(NAME, DESC)


def test_blank_line_fix_keeps_a_bom() -> None:
    text = "\ufeff\n" + skill(NAME, DESC)
    diag = one(port(text), "SKL203")
    assert apply_fix(text, diag.fixes[0]) == "\ufeff" + skill(NAME, DESC)


# --- SKL204 plain values read differently ----------------------------------------------------


def test_comment_cuts_a_plain_value() -> None:
    text = skill(NAME, "description: Extracts text # from PDFs. Use when asked.")
    diag = one(port(text), "SKL204")
    assert diag.severity is Severity.WARNING
    assert covered(text, diag.range) == "# from PDFs. Use when asked."
    assert "read as 'Extracts text'" in diag.message
    out = fixed_clean(text, diag)
    assert 'description: "Extracts text # from PDFs. Use when asked."\n' in out


def test_hash_without_a_space_is_text() -> None:
    assert port(skill(NAME, "description: C#-style text. Use when asked.")) == []


def targets(*ids: str) -> Settings:
    return Settings(select=("SKL2",), target_clients=ids)


@pytest.mark.parametrize(
    ("value", "kind"), [("1_000", "a number"), ("0b101", "a number"), ("1_000.5", "a number")]
)
def test_numbers_to_js_yaml_are_named(value: str, kind: str) -> None:
    text = skill(NAME, f"description: {value}")
    settings = targets("gemini-cli", "opencode", "pi")
    diag = one(port(text, settings=settings), "SKL204")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(2, 13, 2, 13 + len(value))
    assert diag.message == (
        f"`description: {value}` is a string to YAML 1.2 loaders, but Gemini CLI and OpenCode "
        f"read it as {kind}; quote it"
    )
    out = apply_fix(text, diag.fixes[0])
    assert f'description: "{value}"' in out
    assert "SKL204" not in codes(port(out, settings=settings))


def test_base_60_is_a_number_only_to_js_yaml_3() -> None:
    text = skill(NAME, "description: 1:30")
    diag = one(port(text, settings=targets("gemini-cli", "opencode")), "SKL204")
    assert diag.message == (
        "`description: 1:30` is a string to YAML 1.2 loaders, but OpenCode reads it as a "
        "number; quote it"
    )
    assert port(text, settings=targets("gemini-cli", "pi")) == []


@pytest.mark.parametrize("value", ["1_000", "0b101", "1:30", "yes", "No", "ON", "off", "y", "n"])
def test_quiet_when_no_target_misreads_the_value(value: str) -> None:
    # pi reads YAML 1.2 (the `yaml` package), the spec's validator strictyaml (all strings);
    # Claude Code's and Codex's loaders are not recorded, so they are never named.
    text = skill(NAME, f"description: {value}")
    assert port(text, settings=targets("pi", "agentskills", "claude-code", "codex")) == []


@pytest.mark.parametrize("value", ["yes", "No", "ON", "off"])
def test_yaml11_booleans_are_quiet_for_every_recorded_loader(value: str) -> None:
    # No client row reads frontmatter with a YAML 1.1 loader (PyYAML).
    assert port(skill(NAME, f"description: {value}")) == []


def test_quoted_values_are_fine() -> None:
    settings = targets("gemini-cli", "opencode")
    assert port(skill(NAME, "description: '1_000'"), settings=settings) == []
    assert port(skill(NAME, 'description: "1:30"'), settings=settings) == []


def test_misread_values_in_client_string_fields() -> None:
    text = skill(NAME, DESC, "model: 1_000")
    assert "SKL204" in codes(port(text, settings=targets("opencode")))
    assert "SKL204" not in codes(port(text, settings=targets("pi")))


@pytest.mark.parametrize(
    ("indicator", "value"),
    [
        ("@", "@Extracts text. Use when asked."),
        ("`", "`pdf` tools. Use when asked."),
        ("%", "%PDF tools. Use when asked."),
        ("[", "[Beta] PDF tools. Use when asked."),
        ("{", "{x} PDF tools. Use when asked."),
        ("*", "*PDF* tools. Use when asked."),
    ],
)
def test_leading_indicator_that_no_loader_reads(indicator: str, value: str) -> None:
    text = skill(NAME, f"description: {value}")
    found = run(text, settings=Settings(select=("SKL0", "SKL2")))
    diag = one(found, "SKL204")
    assert diag.range == r(2, 13, 2, 14)
    assert covered(text, diag.range) == indicator
    assert "no YAML loader reads the entry; quote the value" in diag.message
    assert "SKL003" in codes(found)  # and it is a YAML error too
    out = apply_fix(text, diag.fixes[0])
    assert f'description: "{value}"\n' in out
    assert [c for c in codes(run(out)) if c in ("SKL003", "SKL204", "SKL209", "SKL211")] == []


@pytest.mark.parametrize(
    ("value", "loaded"),
    [
        ("&Extracts text. Use when asked.", "text. Use when asked."),
        ("!Extracts text. Use when asked.", "text. Use when asked."),
    ],
)
def test_leading_anchor_or_tag_swallows_the_first_word(value: str, loaded: str) -> None:
    text = skill(NAME, f"description: {value}")
    diag = one(port(text), "SKL204")
    assert diag.range == r(2, 13, 2, 14)
    assert f"YAML loads it as '{loaded}'" in diag.message
    fixed_clean(text, diag)


def test_leading_indicator_over_several_lines() -> None:
    text = skill(NAME, "description: @Extracts text.", "  Use when asked.", "license: MIT")
    diag = one(port(text), "SKL204")
    out = apply_fix(text, diag.fixes[0])
    assert out == skill(NAME, 'description: "@Extracts text. Use when asked."', "license: MIT")


def test_leading_indicators_that_mean_what_they_say() -> None:
    # A real flow list (a type error elsewhere) or a core tag is not a misread text.
    assert "SKL204" not in codes(port(skill(NAME, "description: [a, b]")))
    assert "SKL204" not in codes(port(skill(NAME, "description: !!str 12")))
    # Fields that are not text are not judged.
    assert "SKL204" not in codes(port(skill(NAME, DESC, "metadata: {a: b}")))


def test_recovered_values_are_left_to_the_yaml_rule() -> None:
    text = skill(NAME, "description: Use: when # asked")
    assert "SKL204" not in codes(port(text))


# --- SKL205 block-scalar descriptions --------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "loaded"),
    [
        (">-", "Extracts text. Use when asked."),
        (">", "Extracts text. Use when asked."),
        ("|", "Extracts text.\\nUse when asked.\\n"),
        ("|-", "Extracts text.\\nUse when asked."),
    ],
)
def test_block_scalar_description(header: str, loaded: str) -> None:
    text = skill(NAME, f"description: {header}", "  Extracts text.", "  Use when asked.", "x: 1")
    diag = one(port(text), "SKL205")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(2, 13, 2, 13 + len(header))
    assert f"naive parsers read `{header}` as the description" in diag.message
    out = fixed_clean(text, diag)
    assert out == skill(NAME, f'description: "{loaded}"', "x: 1")


def test_block_scalar_header_with_a_comment() -> None:
    text = skill(NAME, "description: >-  # folded", "  Extracts text.", "  Use when asked.")
    diag = one(port(text), "SKL205")
    assert diag.range == r(2, 13, 2, 15)
    assert "`description: >-`" in diag.message
    assert fixed_clean(text, diag) == skill(NAME, 'description: "Extracts text. Use when asked."')


def test_block_scalar_in_other_fields_is_fine() -> None:
    assert port(skill(NAME, DESC, "compatibility: >", "  Needs Python.")) == []


# --- SKL206 `---` inside the frontmatter -----------------------------------------------------


def test_dashes_inside_a_value() -> None:
    text = skill(NAME, "description: Splits at --- markers. Use when asked.")
    diag = one(port(text), "SKL206")
    assert diag.range == r(2, 23, 2, 26)
    assert covered(text, diag.range) == "---"


def test_dashes_reported_at_most_three_times() -> None:
    lines = [f"k{i}: a --- b" for i in range(6)]
    assert len(find(port(skill(NAME, DESC, *lines)), "SKL206")) == 3


# --- SKL207 file name ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reported"),
    [("skill.md", True), ("Skill.md", True), ("SKILL.md", False), ("README.md", False)],
)
def test_file_name(name: str, reported: bool) -> None:
    found = port(skill(NAME, DESC), file_name=name)
    assert ("SKL207" in codes(found)) is reported
    if reported:
        diag = one(found, "SKL207")
        assert diag.severity is Severity.ERROR
        assert f"file is named `{name}`" in diag.message


# --- SKL208 tabs -----------------------------------------------------------------------------


def test_tab_inside_a_value() -> None:
    text = skill(NAME, "description: Extracts\ttext. Use when asked.")
    diag = one(port(text), "SKL208")
    assert diag.range == r(2, 21, 2, 22)


def test_tab_indentation_is_also_a_yaml_error() -> None:
    text = skill(NAME, DESC, "metadata:", "\tauthor: me")
    found = run(text, settings=Settings(select=("SKL0", "SKL2")))
    assert one(found, "SKL208").range == r(4, 0, 4, 1)
    assert "SKL003" in codes(found)


def test_tab_indentation_says_what_each_target_makes_of_it() -> None:
    text = skill(NAME, DESC, "metadata:", "\tauthor: me")
    targets = ("claude-code", "codex", "opencode", "kilo")
    found = run(text, settings=Settings(select=("SKL0", "SKL2"), target_clients=targets))
    tab = one(found, "SKL208").message
    assert "Claude Code indents it as spaces would" in tab
    assert "OpenCode and Kilo Code CLI read it as a top-level line" in tab
    assert "to OpenAI Codex the frontmatter is a YAML error" in tab
    syntax = one(found, "SKL003").message
    assert "only Claude Code, OpenCode and Kilo Code CLI take the tab otherwise" in syntax


def test_tab_indentation_for_targets_that_all_reject_it() -> None:
    text = skill(NAME, DESC, "metadata:", "\tauthor: me")
    settings = Settings(select=("SKL0", "SKL2"), target_clients=("codex", "pi"))
    found = run(text, settings=settings)
    assert "to OpenAI Codex and pi the frontmatter is a YAML error" in one(found, "SKL208").message
    assert "no YAML loader can read it" in one(found, "SKL003").message


# --- SKL209-211 anchors, aliases, tags, flow -------------------------------------------------


def test_anchor_and_alias() -> None:
    text = skill("name: &n my-skill", DESC, "metadata:", "  id: *n")
    found = find(port(text), "SKL209")
    assert [(d.range, d.message.split(":")[0]) for d in found] == [
        (r(1, 6, 1, 8), "YAML anchor"),
        (r(4, 6, 4, 8), "YAML alias"),
    ]


def test_explicit_tag() -> None:
    text = skill(NAME, DESC, "license: !!str MIT")
    diag = one(port(text), "SKL210")
    assert diag.range == r(3, 9, 3, 14)
    assert "`!!str`" in diag.message


def test_flow_collections() -> None:
    text = skill(NAME, DESC, "metadata: {a: b}", "tags: [x]")
    found = find(port(text), "SKL211")
    assert [d.range for d in found] == [r(3, 10, 3, 11), r(4, 6, 4, 7)]
    assert all(d.severity is Severity.INFO for d in found)


def test_facts_are_reported_at_most_three_times_each() -> None:
    lines = [f"k{i}: [x]" for i in range(10)]
    assert len(find(port(skill(NAME, DESC, *lines)), "SKL211")) == 3


def test_unclosed_frontmatter_has_no_yaml_portability_findings() -> None:
    text = "\ufeff---\nname: &a x\n"
    assert codes(port(text)) == ["SKL201"]
