"""Claude Code's argument substitution (`clients.argument_syntax.substitute`), form by form,
as the client lab observed it (Claude Code 2.1.332 and 2.1.337; `arguments-*` scenarios)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.clients.argument_syntax import (
    argument_words,
    declared_names,
    inserted_value,
    is_escaped,
    substitute,
)
from skill_ls.render import render_activation
from skill_ls.render.source import source_for
from skill_ls.yamltree import YScalar, YSequence

NAMES = ("target", "mode", "extra", "spare")
ARGS = 'alpha "beta gamma" delta'
# What Claude Code appends when no placeholder was filled.
APPENDED = f"\n\nARGUMENTS: {ARGS}"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("[$ARGUMENTS] [$ARGUMENTSx]", f"[{ARGS}] [{ARGS}x]"),
        ("[$ARGUMENTS[1]] [$ARGUMENTS[3]]", "[beta gamma] [$ARGUMENTS[3]]"),
        ("[$0] [$1] [$2] [$3] [$10] [$1x]", "[alpha] [beta gamma] [delta] [$3] [$10] [$1x]"),
        ("[$target] [$mode] [$spare]", "[alpha] [beta gamma] []"),
        ("[${target}] [$target-x] [$target.]", "[${target}] [alpha-x] [alpha.]"),
        (
            "[$targetx] [$target_x] [$targets] [$target[0]]",
            "[$targetx] [$target_x] [$targets] [$target[0]]" + APPENDED,
        ),
        ("[\\$ARGUMENTS] [\\$1] [\\$target] [\\\\$0]", "[$ARGUMENTS] [$1] [$target] [\\\\alpha]"),
        ("[\\$HOME] [\\$undeclared]", "[\\$HOME] [\\$undeclared]" + APPENDED),
        ("[$5.00] [$1,000]", "[$5.00] [beta gamma,000]"),
        (
            "`$1` and\n```sh\nawk '{print $1}'\n```\n",
            "`beta gamma` and\n```sh\nawk '{print beta gamma}'\n```\n",
        ),
    ],
)
def test_each_form_is_filled_as_claude_code_fills_it(body: str, expected: str) -> None:
    assert substitute(body, ARGS, NAMES) == expected


@pytest.mark.parametrize(
    ("code", "kept"),
    [
        ("awk '{print $1}' t", True),
        ("gawk -F: '{ print $1,$3 }' /etc/passwd", True),
        ("nawk -F\"\\t\" '{print $2}'", True),
        ("mawk -F '$' '{print $1}'", False),  # a `$` in the separator
        ("xawk '{print $1}'", False),  # not awk as a word
        ("awk '{print $1 + 1}'", False),  # more than fields
        ("awk '{print \\$1}'", False),  # escaped: kept by the backslash instead
    ],
)
def test_claude_code_2_1_337_keeps_the_fields_of_an_awk_print_program(
    code: str, kept: bool
) -> None:
    # Observed in arguments-indexed (2.1.332 filled them, 2.1.337 does not); the pattern is
    # the one read in 2.1.337's bundle.
    body = f"```sh\n{code}\n```\n"
    before = substitute(body, ARGS, NAMES)
    after = substitute(body, ARGS, NAMES, awk_fields_kept=True)
    if kept:
        # Nothing filled: the arguments are appended instead.
        assert (after, before != body + APPENDED) == (body + APPENDED, True)
    else:
        assert after == before


def test_arguments_are_appended_only_when_nothing_was_filled() -> None:
    unfilled = "Work on $target, then [$1] and [$ARGUMENTS[1]].\n"
    assert substitute(unfilled, "alpha") == unfilled + "\n\nARGUMENTS: alpha"
    assert substitute("Open [$0].\n", "notes.md fast") == "Open [notes.md].\n"
    # A declared name past the last word is filled (with nothing): no ARGUMENTS line.
    assert substitute("Use [$mode].\n", "alpha", ("target", "mode")) == "Use [].\n"
    assert substitute("Plain.\n", "") == "Plain.\n"
    assert substitute("Say $ARGUMENTS.\n", "") == "Say .\n"


def test_filled_text_is_not_read_again() -> None:
    assert substitute("[$target] [$0] [$1]", "$1 $ARGUMENTS", ("target",)) == (
        "[$1] [$1] [$ARGUMENTS]"
    )
    assert substitute("[$1]", "x", variables=lambda t, p: t) == "[$1]\n\nARGUMENTS: x"
    assert substitute("[$0]", "a", variables=lambda t, p: t + p("$0")) == "[a]$0"


def test_longer_declared_names_are_filled_first() -> None:
    assert substitute("[$file-path] [$file]", "a b", ("file", "file-path")) == "[b] [a]"


def test_words_group_quotes_and_fall_back_to_white_space() -> None:
    assert argument_words(ARGS) == ["alpha", "beta gamma", "delta"]
    assert argument_words('an "open quote') == ["an", '"open', "quote"]
    assert argument_words("  ") == []


def test_declared_names_drop_blank_all_digit_and_non_string_names() -> None:
    def scalar(value: str, style: str = "") -> YScalar:
        return YScalar(value, style, None)  # type: ignore[arg-type]

    items = [scalar("target"), scalar("5"), scalar("12", '"'), scalar("mode")]
    assert declared_names(YSequence(items, True, None)) == ["target", "mode"]  # type: ignore[arg-type]
    assert declared_names(scalar("target  mode 7")) == ["target", "mode"]
    assert declared_names(scalar("true")) == []
    assert declared_names(None) == []


def test_the_activation_fills_the_skill_dir_before_the_arguments(tmp_path: Path) -> None:
    folder = tmp_path / "tool"
    folder.mkdir()
    path = folder / "SKILL.md"
    body = "Run ${CLAUDE_SKILL_DIR}/run.sh $0 [$1]\n"
    path.write_text(f"---\nname: tool\ndescription: d\narguments: [env]\n---\n{body}")
    rendering = render_activation("claude-code", source_for("tool", str(path)), "prod")
    assert rendering.text == (
        f"Base directory for this skill: {folder}\n\nRun {folder}/run.sh prod [$1]\n"
    )


def test_one_backslash_escapes_and_two_do_not() -> None:
    assert [is_escaped(text, text.index("$")) for text in ("$1", "\\$1", "\\\\$1", "a\\$1")] == [
        False,
        True,
        False,
        True,
    ]
    assert is_escaped("$1\\", 0) is False  # a backslash at the end is not before the `$`


def test_values_put_in_have_commands_defused_and_the_skill_dir_filled() -> None:
    # Observed (`arguments-unfilled`): `!bang` is written `\!bang`, the folder is filled.
    value = inserted_value("alpha !bang ${CLAUDE_SKILL_DIR} $0", "/skills/tool")
    assert value == "alpha \\!bang /skills/tool $0"
    assert inserted_value("!x\nno!t", "/d") == "\\!x\nno!t"
    shown = substitute("Run [$0] [$ARGUMENTS]", "!x", value=lambda v: inserted_value(v, "/d"))
    assert shown == "Run [\\!x] [\\!x]"
