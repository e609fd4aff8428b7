"""The mention finder: the four forms, their exact positions, and what is not a mention."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from skill_ls.diagnostics import Position, Range
from skill_ls.document.mentions import (
    Mention,
    MentionForm,
    TypedMention,
    _in_line,
    _prose_lines,
    find_mentions,
    mention_at,
    mention_text,
    typed_mention,
)


def written(text: str) -> list[str]:
    return [mention.written for mention in find_mentions(text)]


def test_the_four_forms_with_exact_ranges() -> None:
    text = "Run /deploy, then $pdf-tools; or /skill:pdf and /acme:lint.\n"
    assert find_mentions(text) == [
        Mention("slash", "deploy", None, Range.of(0, 4, 0, 11), Range.of(0, 5, 0, 11)),
        Mention("dollar", "pdf-tools", None, Range.of(0, 18, 0, 28), Range.of(0, 19, 0, 28)),
        Mention("skill-prefix", "pdf", None, Range.of(0, 33, 0, 43), Range.of(0, 40, 0, 43)),
        Mention("plugin", "lint", "acme", Range.of(0, 48, 0, 58), Range.of(0, 54, 0, 58)),
    ]


def test_plugin_mention_key_is_what_the_listing_holds() -> None:
    (mention,) = find_mentions("/acme:lint")
    assert (mention.key, mention.written) == ("acme:lint", "/acme:lint")


@pytest.mark.parametrize(
    "text",
    [
        "see /usr/bin and /etc/hosts",
        "edit src/x and a/b",
        "https://example.com/deploy and http://x/y",
        "~/deploy and ./deploy",
        "export $HOME and $PATH, costs $5",
        "an escaped \\$deploy",
        "a [link](/deploy) here",
        "open /file.txt now",
        "set $name=1",
        "call /deploy(x)",
        "a/deploy, x$deploy",
        "/-x and $-y and /deploy-",
    ],
)
def test_paths_urls_and_variables_are_not_mentions(text: str) -> None:
    assert written(text) == []


def test_punctuation_after_a_name_ends_it() -> None:
    text = 'End /deploy. Or (/review), "/lint", *$fmt*: /a: done'
    assert written(text) == ["/deploy", "/review", "/lint", "$fmt", "/a"]


def test_fenced_and_indented_code_hold_no_mentions() -> None:
    text = "\n".join(
        [
            "before /one",
            "````bash",
            "/two $three",
            "```",
            "still /code",
            "````",
            "~~~",
            "/four",
            "~~~",
            "",
            "    /indented",
            "after /five",
            "  /not-code-two-spaces",
        ]
    )
    assert written(text) == ["/one", "/five", "/not-code-two-spaces"]


def test_an_unclosed_fence_runs_to_the_end() -> None:
    assert written("/one\n```\n/two\n") == ["/one"]


def test_inline_code_counts_only_when_it_opens_with_the_mention() -> None:
    text = "Type `/deploy staging` or `` $fmt `` but not `cd $dir && /make`."
    assert written(text) == ["/deploy", "$fmt"]
    (first, _) = find_mentions(text)
    assert first.range == Range.of(0, 6, 0, 13)


def test_a_leading_frontmatter_is_skipped_and_lines_count_from_the_file() -> None:
    text = "---\ndescription: runs /deploy\n---\nUse /deploy\n"
    (mention,) = find_mentions(text)
    assert mention.range == Range.of(3, 4, 3, 11)


def test_a_body_is_numbered_from_its_first_line() -> None:
    (mention,) = find_mentions("---\nUse /deploy\n", first_line=5)
    # A body is not a file: its `---` is a rule line, not a frontmatter.
    assert mention.range == Range.of(6, 4, 6, 11)


def test_names_are_skill_name_characters() -> None:
    assert written("/Deploy /deploy_x /deploy2 /de-ploy") == ["/deploy2", "/de-ploy"]


def test_the_mention_at_a_position_includes_its_ends() -> None:
    text = "a /deploy b"
    assert [mention_at(text, Position(0, col)) is not None for col in (1, 2, 9, 10)] == [
        False,
        True,
        True,
        False,
    ]


# --- a mention being typed ---------------------------------------------------------------

TYPING = "# T\n\nRun /co\n\n```\n/x\n```\nsee src/a\n`$dep\nask $\n[a](/x\n/skill:de\n"


@pytest.mark.parametrize(
    ("line", "column", "typed", "start"),
    [
        (2, 7, "/co", 4),  # after a space
        (2, 5, "/", 4),  # the sigil alone
        (8, 5, "$dep", 1),  # opening an inline code span not yet closed
        (9, 5, "$", 4),
        (11, 9, "/skill:de", 0),  # the skill-prefix form, at the line's start
    ],
)
def test_a_mention_being_typed_runs_from_its_sigil_to_the_cursor(
    line: int, column: int, typed: str, start: int
) -> None:
    found = typed_mention(TYPING, Position(line, column))
    assert found == TypedMention(Range.of(line, start, line, column), typed)


@pytest.mark.parametrize(
    ("line", "column"),
    [
        (5, 2),  # in a fenced code block
        (7, 9),  # a path: the sigil follows a letter
        (10, 6),  # a link's destination
        (2, 4),  # before the sigil
        (0, 3),  # no sigil at all
    ],
)
def test_no_mention_is_being_typed_where_a_finished_one_would_not_count(
    line: int, column: int
) -> None:
    assert typed_mention(TYPING, Position(line, column)) is None


def test_typing_on_the_empty_last_line_and_in_frontmatter() -> None:
    assert typed_mention("Notes\n", Position(1, 0)) is None
    assert typed_mention("Notes\n/", Position(1, 1)) == TypedMention(Range.of(1, 0, 1, 1), "/")
    assert typed_mention("---\nname: /x\n---\n", Position(1, 8)) is None


@pytest.mark.parametrize(
    ("form", "key", "written"),
    [
        ("slash", "deploy", "/deploy"),
        ("dollar", "deploy", "$deploy"),
        ("skill-prefix", "deploy", "/skill:deploy"),
        ("plugin", "tools:lint", "/tools:lint"),
        ("plugin", "deploy", None),  # not a plugin's skill
        ("slash", "tools:lint", None),  # a plugin's skill has the plugin form only
        ("slash", "Deploy_Helper", None),  # no mention's grammar spells it
        ("plugin", "Tools:lint", None),
    ],
)
def test_how_a_listed_name_is_mentioned_in_each_form(
    form: MentionForm, key: str, written: str | None
) -> None:
    assert mention_text(form, key) == written


# Pieces a mention's grammar turns on: sigils and names, what may come before and after
# them, code spans and fences, and every line break `str.splitlines` knows.
_MENTION_PIECES = st.sampled_from(
    [
        "/",
        "$",
        "deploy",
        "a-b",
        "skill:",
        "acme:",
        "x",
        "A",
        "`",
        "``",
        "```",
        "~~~",
        " ",
        "    ",
        "\t",
        "(",
        "](",
        "[",
        '"',
        "'",
        "*",
        "_",
        ">",
        ".",
        ":",
        "=",
        "\n",
        "\r\n",
        "\r",
        "\x0b",
        "\x0c",
        "\x1c",
        "\x85",
        "\u2028",
        "---",
        "é",
        "\\",
    ]
)


@given(st.lists(_MENTION_PIECES, max_size=40).map("".join))
# Each with one place a mention may start, which the quick look must find.
@example("Type `/deploy`.")
@example("x\x85/deploy")
@example("x\u2028$deploy")
@example("x\x1c/deploy")
@example("x\x0b/deploy")
@example("/deploy at the start")
def test_the_quick_look_for_a_sigil_misses_no_mention(text: str) -> None:
    # The walk of every prose line, as it ran before the quick look was added.
    walked = [m for at, line in _prose_lines(text.splitlines(), 0) for m in _in_line(line, at)]
    assert find_mentions(text) == walked
    assert find_mentions(text, 3) == [
        m for at, line in _prose_lines(text.splitlines(), 3) for m in _in_line(line, at)
    ]
