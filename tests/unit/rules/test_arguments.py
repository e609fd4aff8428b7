"""Argument placeholders (SKL410, SKL411, SKL414) against `argument-hint` and `arguments`."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Severity
from skill_ls.document import parse_document
from skill_ls.rules.arguments import hint_count, placeholders
from skill_ls.settings import Settings

from ..unit_helpers import covered, r, run, skill

NAME = "name: my-skill"
DESC = "description: Reviews a file. Use when asked to review one."
CODES = ("SKL410", "SKL411", "SKL414")
# Line numbers: the body starts on line 4, or 5 with one extra frontmatter line.


def found(
    body: str, *extra: str, targets: tuple[str, ...] = ("claude-code", "codex")
) -> list[tuple[str, Severity, str, object]]:
    settings = Settings(select=CODES, target_clients=targets)
    text = skill(NAME, DESC, *extra, body=body)
    return [
        (d.code, d.severity, d.message, (d.range, covered(text, d.range)))
        for d in run(text, settings=settings)
    ]


# --- SKL410: placeholders with nothing declared -----------------------------------------


def test_arguments_without_a_hint_is_a_hint_naming_who_substitutes() -> None:
    assert found("Review $ARGUMENTS now.\n") == [
        (
            "SKL410",
            Severity.HINT,
            "Claude Code fills `$ARGUMENTS` with what the user types after the skill's slash "
            "command, but the frontmatter declares neither `argument-hint` nor `arguments`: "
            'nothing tells users what to pass (add e.g. `argument-hint: "[file]"`); OpenAI '
            "Codex shows `$ARGUMENTS` to the model as written",
            (r(4, 7, 4, 17), "$ARGUMENTS"),
        )
    ]


def test_an_indexed_placeholder_in_prose_counts_and_is_reported_once() -> None:
    result = found("Compare $0 with $ARGUMENTS[1].\n", targets=("claude-code",))
    assert [(code, rng) for code, _, _, rng in result] == [("SKL410", (r(4, 8, 4, 10), "$0"))]


@pytest.mark.parametrize(
    "extra", ['argument-hint: "[file]"', "arguments: [file]", "arguments: file"]
)
def test_a_declaration_of_either_kind_silences_it(extra: str) -> None:
    assert [f for f in found("Review $ARGUMENTS now.\n", extra) if f[0] == "SKL410"] == []


@pytest.mark.parametrize(
    "body",
    [
        "It costs $5.00 a month, or $1,000 a year.\n",  # prices
        "Pay $HOME and $PATH no mind.\n",  # environment variables, no arguments declared
        "No placeholder at all.\n",
    ],
)
def test_prices_and_variables_are_not_placeholders(body: str) -> None:
    assert found(body) == []


def test_only_agents_that_substitute_make_it_matter() -> None:
    assert found("Review $ARGUMENTS now.\n", targets=("codex", "gemini-cli")) == []


# --- SKL411: declaration and body disagree ----------------------------------------------


def test_a_declared_name_the_body_never_uses_is_a_warning_at_the_name() -> None:
    assert found("Review the file.\n", "arguments: [file, mode]", targets=("claude-code",)) == [
        (
            "SKL411",
            Severity.WARNING,
            "`arguments` declares `file`, but the body never uses `$file`: Claude Code has "
            "nowhere to put that argument (with no placeholder filled in, it appends the "
            "arguments as a last `ARGUMENTS: ...` line instead)",
            (r(3, 12, 3, 16), "file"),
        ),
        (
            "SKL411",
            Severity.WARNING,
            "`arguments` declares `mode`, but the body never uses `$mode`: Claude Code has "
            "nowhere to put that argument (with no placeholder filled in, it appends the "
            "arguments as a last `ARGUMENTS: ...` line instead)",
            (r(3, 18, 3, 22), "mode"),
        ),
    ]


def test_names_in_a_string_are_found_by_their_word() -> None:
    result = found("Open $file.\n", "arguments: file mode", targets=("claude-code",))
    assert [(code, rng) for code, _, _, rng in result] == [("SKL411", (r(3, 16, 3, 20), "mode"))]
    assert "appends" not in result[0][2]  # `$file` takes the arguments: nothing is appended


def test_every_declared_name_used_is_clean_on_both_sides() -> None:
    assert found("Open $file in $mode mode.\n", "arguments: [file, mode]") == []


def test_an_undeclared_name_is_a_warning_with_a_suggestion() -> None:
    result = found("Open $files, not $HOME.\n", "arguments: [file]", targets=("claude-code",))
    assert result == [
        (
            "SKL411",
            Severity.WARNING,
            "`arguments` declares `file`, but the body never uses `$file`: Claude Code has "
            "nowhere to put that argument (with no placeholder filled in, it appends the "
            "arguments as a last `ARGUMENTS: ...` line instead)",
            (r(3, 12, 3, 16), "file"),
        ),
        (
            "SKL411",
            Severity.WARNING,
            "`$files` is not one of the names `arguments` declares (`file`): Claude Code "
            "leaves it as written; did you mean `$file`?",
            (r(5, 5, 5, 11), "$files"),
        ),
    ]


def test_a_declared_name_with_a_hyphen_is_taken_whole() -> None:
    # Claude Code fills `$file-path` for a declared `file-path`: neither unused nor `$file`.
    assert found("Open $file-path now.\n", "arguments: [file-path]") == []
    result = found("Open $file now.\n", "arguments: [file-path]", targets=("claude-code",))
    assert [(code, rng) for code, _, _, rng in result] == [
        ("SKL411", (r(3, 12, 3, 21), "file-path")),
        ("SKL411", (r(5, 5, 5, 10), "$file")),
    ]
    assert result[1][2].endswith("did you mean `$file-path`?")


def test_an_all_digit_name_is_not_a_declared_name() -> None:
    # Claude Code drops it from `arguments`: `mode` is the second word, `7` nothing.
    assert found("Open $file in $mode.\n", "arguments: [file, '7', mode]") == []
    result = found("Open $file.\n", "arguments: [file, '7', mode]", targets=("claude-code",))
    assert [(code, rng) for code, _, _, rng in result] == [("SKL411", (r(3, 23, 3, 27), "mode"))]


def test_an_escaped_placeholder_is_text() -> None:
    # One backslash keeps a placeholder as written (the backslash is dropped); two do not.
    body = "```bash\nawk '{print \\$1}' data.tsv # \\$ARGUMENTS\n```\n"
    assert found(body, 'argument-hint: "[dir]"') == []
    doubled = found(body.replace("\\$1", "\\\\$1"), 'argument-hint: "[dir]"')
    assert [(code, rng) for code, _, _, rng in doubled] == [("SKL414", (r(6, 14, 6, 16), "$1"))]


def test_a_shell_variable_in_code_is_not_an_undeclared_name() -> None:
    body = "Open $file.\n\n```bash\nfor target in *; do echo $target; done\n```\n"
    assert found(body, "arguments: [file]") == []


def test_an_index_past_the_hint_is_a_warning() -> None:
    result = found("Read $0 and $1, then $2.\n", 'argument-hint: "[file] [mode]"')
    assert result == [
        (
            "SKL411",
            Severity.WARNING,
            "`$2` is the third argument (Claude Code counts from `$0`), but `argument-hint` "
            "(`[file] [mode]`) names 2: without that many words Claude Code leaves `$2` in "
            "the text as written",
            (r(5, 21, 5, 23), "$2"),
        )
    ]


def test_an_index_past_the_arguments_list_is_a_warning() -> None:
    result = found("Read $file and $ARGUMENTS[1].\n", "arguments: [file]")
    assert [(code, rng) for code, _, _, rng in result] == [
        ("SKL411", (r(5, 15, 5, 28), "$ARGUMENTS[1]"))
    ]


def test_counting_from_one_is_a_warning() -> None:
    result = found("Read $1, then write to $2.\n", 'argument-hint: "[in] [out]"')
    assert result == [
        (
            "SKL411",
            Severity.WARNING,
            "Claude Code counts arguments from `$0`: `$1` is the second word the user types, "
            "and no placeholder takes the first (`$0` or `$ARGUMENTS[0]`)",
            (r(5, 5, 5, 7), "$1"),
        ),
        (
            "SKL411",
            Severity.WARNING,
            "`$2` is the third argument (Claude Code counts from `$0`), but `argument-hint` "
            "(`[in] [out]`) names 2: without that many words Claude Code leaves `$2` in the "
            "text as written",
            (r(5, 23, 5, 25), "$2"),
        ),
    ]


def test_a_free_text_hint_gives_no_count() -> None:
    assert found("Read $0, then $4.\n", 'argument-hint: "File, folder or suite"') == []


@pytest.mark.parametrize(
    ("hint", "count"),
    [
        ("[file]", 1),
        ("[file] [mode]", 2),
        ("<name> [--max-iterations N]", 2),
        ("[--areas | --area <name>] [--dry-run]", 2),
        ("File, folder or suite", None),
        ("[unclosed", None),
        ("", None),
    ],
)
def test_hint_count(hint: str, count: int | None) -> None:
    assert hint_count(hint) == count


# --- SKL414: placeholders in code --------------------------------------------------------


def test_a_shell_positional_in_a_code_block_is_info() -> None:
    body = "Check the file.\n\n```bash\nawk '$1 > 5' data.tsv\n```\n"
    assert found(body) == [
        (
            "SKL414",
            Severity.INFO,
            "Claude Code replaces `$1` inside this code block too, before the model reads "
            "it: when the user passes 2 or more words, a shell or awk `$1` here becomes their "
            "second word (it counts from `$0`)",
            (r(7, 5, 7, 7), "$1"),
        )
    ]


@pytest.mark.parametrize(
    "code",
    [
        "awk '{print $1}' data.tsv",
        "gawk -F, '{ print $2, $3 }' data.csv",
        "cut -f1 data.tsv | mawk -F '\\t' '{print $1 $2}'",
    ],
)
def test_the_fields_of_an_awk_print_program_are_not_placeholders(code: str) -> None:
    # Claude Code 2.1.337 keeps them as written (lab scenario arguments-indexed).
    assert found(f"Check the file.\n\n```bash\n{code}\n```\n") == []


def test_the_fields_of_an_awk_print_program_are_placeholders_where_filled() -> None:
    # Before 2.1.337 they were filled like any other `$N`; a program that does more than
    # print fields is filled at every version.
    doc = parse_document(skill(NAME, DESC, body="```bash\nawk '{print $1}' t\n```\n"), "S.md")
    assert [p.text for p in placeholders(doc, awk_fields_kept=False)] == ["$1"]
    assert placeholders(doc, awk_fields_kept=True) == []
    doc = parse_document(skill(NAME, DESC, body="awk '{print $1 + 1}' t \\\n"), "S.md")
    assert [p.text for p in placeholders(doc, awk_fields_kept=True)] == ["$1"]
    assert [
        p.text
        for p in placeholders(
            parse_document(
                skill(NAME, DESC, body="xawk '{print $1}' and awk  '{print $2}'\n"), "S.md"
            ),
            awk_fields_kept=True,
        )
    ] == ["$1"]


def test_arguments_in_a_shell_block_say_it_is_pasted_as_typed() -> None:
    body = "```bash\nls -la $ARGUMENTS\n```\n"
    assert found(body, 'argument-hint: "[dir]"') == [
        (
            "SKL414",
            Severity.INFO,
            "Claude Code replaces `$ARGUMENTS` inside this code block too, before the model "
            "reads it: pasted as typed, unquoted (a command built from it runs what the user "
            "wrote), empty without arguments; an example of the syntax here becomes the "
            "user's text",
            (r(6, 7, 6, 17), "$ARGUMENTS"),
        )
    ]


@pytest.mark.parametrize(
    "code",
    [
        "Total: $5,038.40 and $0.25/GB",  # amounts
        "echo ${1} and $12",  # braces are not replaced; two digits need 13 words
        "echo $HOME",
    ],
)
def test_amounts_braces_and_variables_in_code_are_clean(code: str) -> None:
    assert found(f"Run:\n\n```bash\n{code}\n```\n") == []


def test_inline_code_is_judged_as_prose() -> None:
    # `$ARGUMENTS` shown in inline code is how skills display what was passed.
    assert found("The user asked for: `$ARGUMENTS`.\n", 'argument-hint: "[topic]"') == []


def test_nothing_without_a_closed_frontmatter() -> None:
    settings = Settings(select=CODES, target_clients=("claude-code",))
    assert run("---\nname: x\nReview $ARGUMENTS\n", settings=settings) == []


def test_rules_are_in_the_body_family() -> None:
    from skill_ls.rules import RULES

    assert [(RULES[c].name, RULES[c].family, RULES[c].severity) for c in CODES] == [
        ("arguments-undeclared", "body", Severity.HINT),
        ("arguments-mismatch", "body", Severity.WARNING),
        ("arguments-in-code", "body", Severity.INFO),
    ]
