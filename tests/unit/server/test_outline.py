"""The outline as plain data: key symbols with `metadata` children, nested headings, folds."""

from __future__ import annotations

from skill_ls.diagnostics import Position, Range
from skill_ls.document import parse_document
from skill_ls.server.outline import Fold, OutlineSymbol, document_outline, folds

TEXT = (
    "---\n"  # 0
    "name: pdf\n"  # 1
    "description: Fills PDF forms.\n"  # 2
    "metadata:\n"  # 3
    "  author: me\n"  # 4
    "  version: 1\n"  # 5
    "---\n"  # 6
    "# Title\n"  # 7
    "Intro.\n"  # 8
    "## Steps\n"  # 9
    "```sh\n"  # 10
    "# not a heading\n"  # 11
    "```\n"  # 12
    "\n"  # 13
    "#\n"  # 14
    "Last.\n"  # 15
)


def span(start_line: int, start: int, end_line: int, end: int) -> Range:
    return Range(Position(start_line, start), Position(end_line, end))


def test_keys_then_headings() -> None:
    steps = OutlineSymbol("Steps", "heading", span(9, 0, 12, 3), span(9, 0, 9, 8))
    empty = OutlineSymbol("(empty)", "heading", span(14, 0, 15, 5), span(14, 0, 14, 1))
    # The bare `#` is a level-1 heading too: Title's section ends before it.
    title = OutlineSymbol("Title", "heading", span(7, 0, 12, 3), span(7, 0, 7, 7), children=[steps])
    metadata = OutlineSymbol(
        "metadata",
        "key",
        span(3, 0, 5, 12),
        span(3, 0, 3, 8),
        children=[
            OutlineSymbol("author", "nested-key", span(4, 2, 4, 12), span(4, 2, 4, 8), "me"),
            OutlineSymbol("version", "nested-key", span(5, 2, 5, 12), span(5, 2, 5, 9), "1"),
        ],
    )
    assert document_outline(parse_document(TEXT)) == [
        OutlineSymbol("name", "key", span(1, 0, 1, 9), span(1, 0, 1, 4), "pdf"),
        OutlineSymbol(
            "description", "key", span(2, 0, 2, 29), span(2, 0, 2, 11), "Fills PDF forms."
        ),
        metadata,
        title,
        empty,
    ]


def test_long_values_are_cut_in_the_detail() -> None:
    doc = parse_document("---\ndescription: " + "x" * 70 + "\n---\n")
    (symbol,) = document_outline(doc)
    assert symbol.detail == "x" * 60 + "…"


def test_folds() -> None:
    assert folds(parse_document(TEXT)) == [
        Fold(0, 6, region=True),
        Fold(3, 5),
        Fold(7, 12),
        Fold(9, 12),
        Fold(14, 15),
        Fold(10, 12),
    ]


def test_no_folds_without_frontmatter_or_sections() -> None:
    assert folds(parse_document("Just text.\n")) == []
