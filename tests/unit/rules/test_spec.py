"""Spec rules (SKL1xx): name, description, compatibility, metadata, license, allowed-tools."""

from __future__ import annotations

import unicodedata

import pytest

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.settings import Settings

from ..unit_helpers import apply_fix, codes, covered, find, one, r, run, skill

DESC = "description: Extracts text from PDF files. Use when asked about PDFs."
NAME = "name: my-skill"
SPEC = Settings(select=("SKL1",))


def spec(*lines: str, folder: str | None = "my-skill", **kwargs: object) -> list[Diagnostic]:
    settings = kwargs.pop("settings", SPEC)
    return run(skill(*lines), folder=folder, settings=settings, **kwargs)


def test_a_valid_skill() -> None:
    assert spec(NAME, DESC, "license: MIT", "compatibility: Needs Python 3.11") == []


# --- name: presence and type -----------------------------------------------------------------


def test_name_missing() -> None:
    text = skill(DESC)
    diag = one(spec(DESC), "SKL101")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(0, 0, 0, 3)
    fixed = apply_fix(text, diag.fixes[0])
    assert fixed.startswith("---\nname: my-skill\ndescription:")
    assert run(fixed, settings=SPEC) == []


def test_name_missing_fix_quotes_a_numeric_folder() -> None:
    text = skill(DESC)
    diag = one(run(text, folder="2024", settings=SPEC), "SKL101")
    fixed = apply_fix(text, diag.fixes[0])
    assert 'name: "2024"\n' in fixed
    assert run(fixed, folder="2024", settings=SPEC) == []


def test_name_missing_without_a_folder_has_no_fix() -> None:
    assert one(spec(DESC, folder=None), "SKL101").fixes == ()


@pytest.mark.parametrize(
    ("line", "kind"),
    [("name: [a]", "a list"), ("name: {a: b}", "a mapping"), ("name:", "empty (null)")],
)
def test_name_not_a_string(line: str, kind: str) -> None:
    # For the spec alone: what each agent makes of it is test_non_string.py's.
    diag = one(
        spec(line, DESC, settings=Settings(select=("SKL1",), target_clients=("agentskills",))),
        "SKL102",
    )
    assert diag.severity is Severity.ERROR
    assert diag.message == f"`name` must be a string, but it is {kind}"


def test_empty_name_fix_sets_the_folder_name() -> None:
    text = skill("name:", DESC)
    diag = one(run(text, settings=SPEC), "SKL102")
    assert diag.range == r(1, 5, 1, 5)
    fixed = apply_fix(text, diag.fixes[0])
    assert "name: my-skill\n" in fixed
    assert run(fixed, settings=SPEC) == []


@pytest.mark.parametrize(("value", "kind"), [("123", "a number"), ("true", "a boolean")])
def test_name_read_as_another_type(value: str, kind: str) -> None:
    text = skill(f"name: {value}", DESC)
    found = run(text, folder=value, settings=SPEC)
    diag = one(found, "SKL102")
    assert diag.range == r(1, 6, 1, 6 + len(value))
    assert kind in diag.message
    fixed = apply_fix(text, diag.fixes[0])
    assert f'name: "{value}"' in fixed
    assert run(fixed, folder=value, settings=SPEC) == []


def test_quoted_empty_name() -> None:
    text = skill("name: ''", DESC)
    diag = one(run(text, settings=SPEC), "SKL103")
    assert diag.range == r(1, 6, 1, 8)
    fixed = apply_fix(text, diag.fixes[0])
    assert run(fixed, settings=SPEC) == []


# --- name: length ----------------------------------------------------------------------------


@pytest.mark.parametrize("quote", ["", "'", '"'])
def test_name_length_boundary(quote: str) -> None:
    at_limit = "a" * 64
    assert spec(f"name: {quote}{at_limit}{quote}", DESC, folder=at_limit) == []
    over = "a" * 65
    diag = one(spec(f"name: {quote}{over}{quote}", DESC, folder=over), "SKL103")
    assert diag.severity is Severity.ERROR
    # The 65th character, inside the quotes.
    start = 6 + len(quote) + 64
    assert diag.range == r(1, start, 1, start + 1)
    assert diag.message == "`name` is 65 characters; the limit is 64"


def test_name_length_counts_code_points() -> None:
    name = "é" * 64  # 128 bytes in UTF-8
    unicode = Settings(select=("SKL1",), unicode_names=True)
    assert spec(f"name: {name}", DESC, folder=name, settings=unicode) == []
    diag = one(spec(f"name: {name}é", DESC, folder=name + "é", settings=unicode), "SKL103")
    assert diag.range == r(1, 70, 1, 71)


# --- name: characters ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "bad", "detail"),
    [
        ("My-skill", "M", "uppercase letters"),
        ("my-Skill", "S", "uppercase letters"),
        ("my_skill", "_", "characters '_'"),
        ("my.skill", ".", "characters '.'"),
        ("my skill", " ", "characters ' '"),
        ("café", "é", "characters 'é'"),
        ("pdf😀", "😀", "characters '😀'"),
    ],
)
def test_name_charset(name: str, bad: str, detail: str) -> None:
    text = skill(f"name: {name}", DESC)
    found = run(text, folder=name, settings=SPEC)
    diag = one(found, "SKL104")
    assert diag.severity is Severity.ERROR
    assert covered(text, diag.range) == bad
    assert detail in diag.message
    fixed = apply_fix(text, diag.fixes[0])
    assert "SKL104" not in codes(run(fixed, settings=SPEC))


def test_name_charset_range_spans_first_to_last_bad_character() -> None:
    text = skill("name: My_Skill", DESC)
    diag = one(run(text, folder="My_Skill", settings=SPEC), "SKL104")
    assert covered(text, diag.range) == "My_S"
    assert "'M' '_' 'S'" in diag.message


def test_name_charset_inside_double_quotes() -> None:
    text = skill('name: "my_skill"', DESC)
    diag = one(run(text, folder="my_skill", settings=SPEC), "SKL104")
    assert diag.range == r(1, 9, 1, 10)


@pytest.mark.parametrize("name", ["café", "naïve-ölçü", "日本語", "straße"])
def test_unicode_letters_allowed_by_setting(name: str) -> None:
    unicode = Settings(select=("SKL1",), unicode_names=True)
    assert spec(f"name: {name}", DESC, folder=name, settings=unicode) == []
    assert "SKL104" in codes(spec(f"name: {name}", DESC, folder=name))


SPEC_PROFILE = Settings(select=("SKL1",), target_clients=("agentskills",))


@pytest.mark.parametrize("name", ["café", "naïve-ölçü", "日本語", "straße", "данные", "ﬁle"])
def test_unicode_lowercase_letters_follow_the_reference_validator(name: str) -> None:
    # skills-ref 0.1.1 accepts lowercase letters of any script, after NFKC normalisation.
    assert spec(f"name: {name}", DESC, folder=name, settings=SPEC_PROFILE) == []
    targets = Settings(select=("SKL1",), target_clients=("agentskills", "claude-code", "codex"))
    assert spec(f"name: {name}", DESC, folder=name, settings=targets) == []


@pytest.mark.parametrize(("name", "bad"), [("Ålesund", "Å"), ("ｃａｆé", ""), ("pdf😀", "😀")])
def test_the_spec_profile_still_rejects_uppercase_and_symbols(name: str, bad: str) -> None:
    text = skill(f"name: {name}", DESC)
    found = run(text, folder=name, settings=SPEC_PROFILE)
    if not bad:
        assert found == []  # fullwidth lowercase letters are a-z after NFKC
        return
    diag = one(found, "SKL104")
    assert covered(text, diag.range) == bad
    assert diag.message.endswith("only lowercase letters, digits and `-` are allowed")


def test_an_ascii_only_target_rejects_unicode_letters_and_is_named() -> None:
    settings = Settings(select=("SKL1",), target_clients=("agentskills", "copilot-cli"))
    text = skill("name: café", DESC)
    diag = one(run(text, folder="café", settings=settings), "SKL104")
    assert diag.severity is Severity.ERROR
    assert covered(text, diag.range) == "é"
    assert diag.message == (
        "`name` 'café' contains characters 'é'; Copilot CLI accepts only a-z, 0-9 and `-`"
    )


def test_unicode_names_setting_forces_either_way() -> None:
    ascii_only = Settings(select=("SKL1",), target_clients=("agentskills",), unicode_names=False)
    diag = one(spec("name: café", DESC, folder="café", settings=ascii_only), "SKL104")
    assert diag.message.endswith(
        "only a-z, 0-9 and `-` are allowed (the unicodeNames setting is off)"
    )
    allowed = Settings(select=("SKL1",), target_clients=("copilot-cli",), unicode_names=True)
    assert spec("name: café", DESC, folder="café", settings=allowed) == []


def test_unicode_uppercase_is_still_an_error() -> None:
    unicode = Settings(select=("SKL1",), unicode_names=True)
    text = skill("name: Ålesund", DESC)
    diag = one(run(text, folder="Ålesund", settings=unicode), "SKL104")
    assert covered(text, diag.range) == "Å"
    fixed = apply_fix(text, diag.fixes[0])
    assert "name: ålesund\n" in fixed


def test_unicode_names_accept_decomposed_letters() -> None:
    nfd = unicodedata.normalize("NFD", "café")
    unicode = Settings(select=("SKL1",), unicode_names=True)
    assert spec(f"name: {nfd}", DESC, folder=nfd, settings=unicode) == []


def test_rename_fix_quotes_a_name_that_would_not_be_a_string() -> None:
    text = skill("name: 'True'", DESC)
    diag = one(run(text, folder="true", settings=SPEC), "SKL104")
    fixed = apply_fix(text, diag.fixes[0])
    assert 'name: "true"\n' in fixed
    assert run(fixed, folder="true", settings=SPEC) == []


# --- name: hyphens ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "offending", "what"),
    [
        ("-my-skill", (6, 7), "starts with `-`"),
        ("my-skill-", (14, 15), "ends with `-`"),
        ("my--skill", (8, 10), "contains `--`"),
    ],
)
def test_name_hyphens(name: str, offending: tuple[int, int], what: str) -> None:
    text = skill(f"name: {name}", DESC)
    diag = one(run(text, folder=name, settings=SPEC), "SKL105")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(1, offending[0], 1, offending[1])
    assert diag.message == f"`name` '{name}' {what}"
    fixed = apply_fix(text, diag.fixes[0])
    assert "name: my-skill\n" in fixed
    assert run(fixed, settings=SPEC) == []


@pytest.mark.parametrize("name", ["a", "a-b", "a1-2b", "0", "x" * 64])
def test_valid_names(name: str) -> None:
    text = skill(f"name: '{name}'", DESC)
    assert run(text, folder=name, settings=SPEC) == []


def test_several_name_problems_reported_together() -> None:
    found = spec("name: -My--Skill_", DESC, folder="-My--Skill_")
    assert sorted(codes(found)) == ["SKL104", "SKL105", "SKL105"]


# --- name: folder ----------------------------------------------------------------------------


def test_name_differs_from_folder_for_lenient_clients() -> None:
    text = skill("name: pdf-tools", DESC)
    settings = Settings(select=("SKL1",), target_clients=("claude-code", "codex"))
    diag = one(run(text, settings=settings), "SKL106")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(1, 6, 1, 15)
    assert "most clients warn and load it anyway" in diag.message
    assert diag.data == {"folder": "my-skill", "name": "pdf-tools"}
    fixed = apply_fix(text, diag.fixes[0])
    assert run(fixed, settings=settings) == []


def test_name_differs_from_folder_for_insomnia_is_an_error() -> None:
    settings = Settings(select=("SKL1",), target_clients=("insomnia",))
    diag = one(spec("name: pdf-tools", DESC, settings=settings), "SKL106")
    assert diag.severity is Severity.ERROR
    assert "insomnia rejects it" in diag.message


def test_name_differs_from_folder_for_the_spec_profile_is_an_error() -> None:
    settings = Settings(select=("SKL1",), target_clients=("agentskills",))
    diag = one(spec("name: pdf-tools", DESC, settings=settings), "SKL106")
    assert diag.severity is Severity.ERROR
    assert diag.message == (
        "`name` 'pdf-tools' does not match its folder 'my-skill'; Agent Skills spec rejects it"
    )


def test_name_differs_from_folder_names_only_the_strict_targets() -> None:
    settings = Settings(select=("SKL1",), target_clients=("agentskills", "claude-code", "yoi"))
    diag = one(spec("name: pdf-tools", DESC, settings=settings), "SKL106")
    assert diag.severity is Severity.ERROR
    assert diag.message.endswith("; Agent Skills spec and Yoi reject it")


def test_name_matching_its_folder_is_quiet_for_the_spec_profile() -> None:
    settings = Settings(select=("SKL1",), target_clients=("agentskills",))
    assert spec(NAME, DESC, settings=settings) == []


def test_folder_name_is_quoted_in_the_fix_when_needed() -> None:
    text = skill("name: x", DESC)
    diag = one(run(text, folder="123", settings=SPEC), "SKL106")
    assert 'name: "123"\n' in apply_fix(text, diag.fixes[0])


def test_no_folder_no_comparison() -> None:
    assert spec("name: anything", DESC, folder=None) == []


@pytest.mark.parametrize(("name_form", "folder_form"), [("NFC", "NFD"), ("NFD", "NFC")])
def test_name_and_folder_differ_only_in_normalization(name_form: str, folder_form: str) -> None:
    name = unicodedata.normalize(name_form, "café")  # type: ignore[arg-type]
    folder = unicodedata.normalize(folder_form, "café")  # type: ignore[arg-type]
    assert name != folder
    unicode = Settings(select=("SKL1",), unicode_names=True)
    text = skill(f"name: {name}", DESC)
    found = run(text, folder=folder, settings=unicode)
    diag = one(found, "SKL107")
    assert codes(found) == ["SKL107"]
    assert diag.severity is Severity.WARNING
    assert diag.range == r(1, 6, 1, 6 + len(name))
    # Both spellings, with their code points.
    assert f"({name_form}: U+" in diag.message
    assert f"({folder_form}: U+" in diag.message
    assert "U+00E9" in diag.message and "U+0301" in diag.message
    fixed = apply_fix(text, diag.fixes[0])
    assert run(fixed, folder=folder, settings=unicode) == []


# --- description -----------------------------------------------------------------------------


def test_description_missing() -> None:
    text = skill(NAME)
    diag = one(run(text, settings=SPEC), "SKL111")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(0, 0, 0, 3)
    fixed = apply_fix(text, diag.fixes[0])
    assert "SKL111" not in codes(run(fixed, settings=SPEC))


def test_missing_description_says_what_each_target_does() -> None:
    text = "---\nname: my-skill\n---\nFirst body line.\n"
    targets = ("claude-code", "codex", "opencode", "copilot-cli")
    diag = one(run(text, settings=Settings(select=("SKL111",), target_clients=targets)), "SKL111")
    assert diag.severity is Severity.ERROR  # Codex skips it
    assert diag.message == (
        "`description` is missing: OpenAI Codex skips it; Claude Code describes it by its "
        "body's first line; OpenCode loads it but leaves it out of the catalog; Copilot CLI "
        "describes it by its body's first lines"
    )


def test_missing_description_is_a_warning_where_every_target_loads_it() -> None:
    text = "---\nname: my-skill\n---\nFirst body line.\n"
    settings = Settings(select=("SKL111",), target_clients=("claude-code",))
    diag = one(run(text, settings=settings), "SKL111")
    assert diag.severity is Severity.WARNING
    assert "Claude Code describes it by its body's first line" in diag.message


@pytest.mark.parametrize(
    ("line", "code", "rng"),
    [
        ("description:", "SKL113", r(2, 0, 2, 11)),
        ("description: ''", "SKL113", r(2, 13, 2, 15)),
        ('description: "   "', "SKL113", r(2, 13, 2, 18)),
        ("description: [a]", "SKL112", r(2, 13, 2, 16)),
        ("description: {a: b}", "SKL112", r(2, 13, 2, 19)),
        ("description: 12", "SKL112", r(2, 13, 2, 15)),
        ("description: false", "SKL112", r(2, 13, 2, 18)),
    ],
)
def test_description_empty_or_not_a_string(line: str, code: str, rng: object) -> None:
    diag = one(spec(NAME, line), code)
    assert diag.severity is Severity.ERROR
    assert diag.range == rng


def test_description_read_as_a_number_fix() -> None:
    text = skill(NAME, "description: 12")
    diag = one(run(text, settings=SPEC), "SKL112")
    fixed = apply_fix(text, diag.fixes[0])
    assert 'description: "12"' in fixed
    assert "SKL112" not in codes(run(fixed, settings=SPEC))


# Code points that are more than one byte: bytes != characters.
EMOJI_1024 = "é" * 1000 + "😀" * 24


@pytest.mark.parametrize("quote", ["", "'", '"'])
def test_description_length_boundary(quote: str) -> None:
    assert len(EMOJI_1024) == 1024 and len(EMOJI_1024.encode()) > 2048
    assert spec(NAME, f"description: {quote}{EMOJI_1024}{quote}") == []
    text = skill(NAME, f"description: {quote}{EMOJI_1024}x{quote}")
    diag = one(run(text, settings=SPEC), "SKL114")
    assert diag.severity is Severity.ERROR
    start = 13 + len(quote) + 1024
    assert diag.range == r(2, start, 2, start + 1)
    assert covered(text, diag.range) == "x"
    assert "1,025 characters; the limit is 1,024 (characters, not bytes)" in diag.message


def test_description_length_with_escapes_counts_loaded_characters() -> None:
    # `\u00e9` is six characters written, one loaded.
    value = "\\u00e9" * 1024
    assert spec(NAME, f'description: "{value}"') == []
    text = skill(NAME, f'description: "{value}\\u00e9"')
    diag = one(run(text, settings=SPEC), "SKL114")
    assert covered(text, diag.range) == "\\"


@pytest.mark.parametrize("header", [">", ">-", "|", "|-"])
def test_description_length_in_block_scalars(header: str) -> None:
    # Two lines of 600: the fold or line break is one character.
    first, second = "a" * 600, "b" * 600
    text = skill(NAME, f"description: {header}", "  " + first, "  " + second)
    diag = one(run(text, settings=SPEC), "SKL114")
    # Character 1,025 is the 424th `b` (600 + 1 break + 423 before it).
    assert diag.range.start == r(4, 2 + 423, 4, 0).start
    assert covered(text, diag.range).startswith("b" * 100)


def test_description_length_in_a_block_scalar_with_blank_lines() -> None:
    text = skill(NAME, "description: >", "  " + "a" * 600, "", "", "  " + "b" * 600)
    diag = one(run(text, settings=SPEC), "SKL114")
    # The folded value is 600 + 2 newlines + 600 (+1): character 1,025 is b number 423.
    assert diag.range.start == r(6, 2 + 422, 6, 0).start


def test_description_length_ending_in_a_kept_line_break() -> None:
    # `|` keeps the final line break: character 1,025 is that break.
    text = skill(NAME, "description: |", "  " + "a" * 1024)
    diag = one(run(text, settings=SPEC), "SKL114")
    assert diag.range == r(3, 1026, 4, 0)


def test_description_length_on_the_next_line() -> None:
    text = skill(NAME, "description:", "  " + "a" * 1025)
    diag = one(run(text, settings=SPEC), "SKL114")
    assert diag.range == r(3, 2 + 1024, 3, 2 + 1025)


def test_description_length_over_several_plain_lines() -> None:
    text = skill(NAME, "description: " + "a" * 1000, "  " + "b" * 30)
    diag = one(run(text, settings=SPEC), "SKL114")
    # 1,000 a, the fold, then b: character 1,025 is the 24th b.
    assert diag.range == r(3, 2 + 23, 3, 2 + 30)


# --- compatibility, license, metadata --------------------------------------------------------


def test_compatibility_length_boundary() -> None:
    assert spec(NAME, DESC, "compatibility: " + "c" * 500) == []
    text = skill(NAME, DESC, "compatibility: " + "😀" * 500 + "c")
    diag = one(run(text, settings=SPEC), "SKL121")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(3, 515, 3, 516)
    assert diag.message == "`compatibility` is 501 characters; the limit is 500"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("compatibility: ''", "`compatibility` is empty; remove it or say something"),
        ("compatibility: 3", "`compatibility` must be a string, but it is a number"),
        ("compatibility: [a]", "`compatibility` must be a string, but it is a list"),
        ("compatibility:", "`compatibility` must be a string, but it is empty (null)"),
    ],
)
def test_compatibility_invalid(line: str, message: str) -> None:
    assert one(spec(NAME, DESC, line), "SKL121").message == message


@pytest.mark.parametrize(
    ("line", "kind"), [("license: 2", "a number"), ("license: [MIT]", "a list")]
)
def test_license_not_a_string(line: str, kind: str) -> None:
    diag = one(spec(NAME, DESC, line), "SKL123")
    assert diag.message == f"`license` must be a string, but it is {kind}"


def test_license_number_fix() -> None:
    text = skill(NAME, DESC, "license: 2.0")
    diag = one(run(text, settings=SPEC), "SKL123")
    fixed = apply_fix(text, diag.fixes[0])
    assert 'license: "2.0"' in fixed
    assert run(fixed, settings=SPEC) == []


def test_metadata() -> None:
    text = skill(
        NAME,
        DESC,
        "metadata:",
        "  author: me",
        "  version: 1.0",
        "  tags: [a]",
        "  empty:",
        "  1: x",
    )
    found = run(text, settings=SPEC)
    metadata = find(found, "SKL122")
    assert [(d.range, d.severity) for d in metadata] == [
        (r(5, 11, 5, 14), Severity.WARNING),
        (r(6, 8, 6, 11), Severity.ERROR),
        (r(7, 8, 7, 8), Severity.WARNING),
        (r(8, 2, 8, 3), Severity.ERROR),
    ]
    fixed = apply_fix(text, metadata[0].fixes[0])
    assert '  version: "1.0"\n' in fixed
    assert len(find(run(fixed, settings=SPEC), "SKL122")) == 3


def test_metadata_date_is_not_text_to_typed_loaders() -> None:
    text = skill(NAME, DESC, "metadata:", "  updated: 2024-01-15")
    diag = one(run(text, settings=SPEC), "SKL122")
    assert diag.severity is Severity.WARNING
    assert diag.message.startswith("`metadata.updated` is a date")
    fixed = apply_fix(text, diag.fixes[0])
    assert '  updated: "2024-01-15"\n' in fixed
    assert run(fixed, settings=SPEC) == []


@pytest.mark.parametrize("line", ["metadata: x", "metadata: [a]"])
def test_metadata_not_a_mapping(line: str) -> None:
    diag = one(spec(NAME, DESC, line), "SKL122")
    assert diag.severity is Severity.ERROR


def test_empty_metadata_is_fine() -> None:
    assert spec(NAME, DESC, "metadata:") == []
    assert spec(NAME, DESC, "metadata: {}") == []


# --- allowed-tools ---------------------------------------------------------------------------


def test_allowed_tools_space_separated_is_the_spec_form() -> None:
    assert spec(NAME, DESC, "allowed-tools: Bash(git:*) Read Grep") == []
    assert spec(NAME, DESC, "allowed-tools: 'Bash(git add, git commit) Read'") == []
    assert spec(NAME, DESC, "allowed-tools:") == []


@pytest.mark.parametrize(
    ("lines", "form", "rng", "fixed_line"),
    [
        (
            ("allowed-tools: Bash(git:*), Read, Grep",),
            "comma-separated",
            r(3, 15, 3, 38),
            "allowed-tools: Bash(git:*) Read Grep\n",
        ),
        (
            ('allowed-tools: "Bash(a, b), Read"',),
            "comma-separated",
            r(3, 15, 3, 33),
            "allowed-tools: Bash(a, b) Read\n",
        ),
        (
            ("allowed-tools:", "  - Bash(git:*)", "  - Read"),
            "YAML list",
            r(4, 2, 6, 0),
            "allowed-tools: Bash(git:*) Read\n",
        ),
        (
            ("allowed-tools: [Bash(git:*), Read]",),
            "flow list",
            r(3, 15, 3, 34),
            "allowed-tools: Bash(git:*) Read\n",
        ),
        (
            ("allowed-tools: [Read, 'Bash(x: y)']",),
            "flow list",
            r(3, 15, 3, 35),
            'allowed-tools: "Read Bash(x: y)"\n',
        ),
        (
            ("allowed-tools: [true, Read]",),
            "flow list",
            r(3, 15, 3, 27),
            "allowed-tools: true Read\n",
        ),
    ],
)
def test_allowed_tools_other_forms_with_fix(
    lines: tuple[str, ...], form: str, rng: object, fixed_line: str
) -> None:
    text = skill(NAME, DESC, *lines, "license: MIT")
    diag = one(run(text, settings=SPEC), "SKL124")
    assert diag.severity is Severity.WARNING
    assert diag.range == rng
    assert form in diag.message
    fixed = apply_fix(text, diag.fixes[0])
    assert fixed_line + "license: MIT\n" in fixed
    assert run(fixed, settings=SPEC) == []


def test_allowed_tools_of_another_type_is_an_error() -> None:
    diag = one(spec(NAME, DESC, "allowed-tools: 3"), "SKL124")
    assert diag.severity is Severity.ERROR
    diag = one(spec(NAME, DESC, "allowed-tools:", "  - a", "  - [b]"), "SKL124")
    assert diag.message == "`allowed-tools` list items must be strings"
