"""Where the cursor is, for completion: the place and the range a completion replaces."""

from __future__ import annotations

from skill_ls.diagnostics import Position, Range
from skill_ls.document import parse_document
from skill_ls.server.completion_context import CompletionContext, completion_context

FRONTMATTER = (
    "---\n"  # 0
    "name: pdf\n"  # 1
    "effort: hi\n"  # 2
    "metadata:\n"  # 3
    "  auth\n"  # 4
    "descr\n"  # 5
    "---\n"  # 6
    "See [g](refs/gu) and `scripts/ru`.\n"  # 7
    "Plain words.\n"  # 8
)


def at(text: str, line: int, column: int) -> CompletionContext | None:
    return completion_context(parse_document(text), Position(line, column))


def span(line: int, start: int, end: int) -> Range:
    return Range(Position(line, start), Position(line, end))


def test_a_key_being_typed() -> None:
    assert at(FRONTMATTER, 5, 3) == CompletionContext("key", "descr", "des", span(5, 0, 5))


def test_a_key_that_has_its_colon() -> None:
    assert at(FRONTMATTER, 2, 3) == CompletionContext(
        "key", "effort: hi", "eff", span(2, 0, 6), key="effort", after_colon=True
    )


def test_a_metadata_key() -> None:
    assert at(FRONTMATTER, 4, 4) == CompletionContext(
        "metadata-key", "  auth", "  au", span(4, 2, 6)
    )


def test_a_value() -> None:
    assert at(FRONTMATTER, 2, 9) == CompletionContext(
        "value", "effort: hi", "effort: h", span(2, 8, 10), key="effort"
    )


def test_paths_in_links_and_inline_code() -> None:
    line = "See [g](refs/gu) and `scripts/ru`."
    assert at(FRONTMATTER, 7, 13) == CompletionContext("path", line, line[:13], span(7, 8, 15))
    assert at(FRONTMATTER, 7, 31) == CompletionContext("path", line, line[:31], span(7, 22, 32))


def test_nothing_in_prose_or_on_the_fences() -> None:
    assert at(FRONTMATTER, 8, 5) is None
    assert at(FRONTMATTER, 0, 2) is None
    assert at(FRONTMATTER, 6, 1) is None


def test_an_empty_file_gets_a_skeleton() -> None:
    assert at("--\n", 0, 2) == CompletionContext("skeleton", "--", "--", span(0, 0, 2))
    # Without a frontmatter, later lines are body text.
    assert at("--\n`ref", 1, 4) == CompletionContext("path", "`ref", "`ref", span(1, 1, 4))
