"""The mention finder: the four forms, their exact positions, and what is not a mention."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Position, Range
from skill_ls.document.mentions import Mention, find_mentions, mention_at


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
