"""Continue CLI's split of a file at its `---` lines (`text.split(/^---\\s*$/m)`)."""

from __future__ import annotations

from skill_ls.document.split_block import as_opening_block, split_parts


def test_a_plain_file_splits_at_its_two_fences() -> None:
    text = "---\nname: a\n---\nBody.\n"
    assert split_parts(text) == ["", "\nname: a\n", "\nBody.\n"]
    assert as_opening_block(text) == text


def test_text_above_the_first_fence_is_dropped() -> None:
    text = "# Title\n\n---\nname: a\n---\nBody.\n"
    assert as_opening_block(text) == "---\nname: a\n---\nBody.\n"


def test_whitespace_after_the_dashes_and_blank_lines_below_belong_to_the_fence() -> None:
    # `\s*` runs over line ends too, and stops where a line end still follows.
    text = "---\nname: a\n---  \n\n\nBelow.\n"
    assert split_parts(text) == ["", "\nname: a\n", "\nBelow.\n"]


def test_a_byte_order_mark_makes_the_first_line_no_fence() -> None:
    text = "\ufeff---\nname: outer\n---\n\nname: inner\n---\nTail.\n"
    assert as_opening_block(text) == "---\nname: inner\n---\nTail.\n"
    assert as_opening_block("\ufeff---\nname: outer\n---\nBody.\n") is None


def test_rules_in_the_body_are_joined_again_by_dashes() -> None:
    text = "---\nname: a\n---\nAbove.\n---\nBelow.\n"
    assert as_opening_block(text) == text
    assert split_parts(text)[2:] == ["\nAbove.\n", "\nBelow.\n"]


def test_dashes_with_text_after_them_are_no_fence() -> None:
    assert as_opening_block("--- x\nname: a\n--- y\n") is None
