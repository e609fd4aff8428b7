"""Reading SKILL.md files from disk: the whole document, or only the head indexing needs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.document import (
    frontmatter_head,
    load_document,
    load_head,
    parse_document,
    parse_head,
    read_skill_text,
)

TEXT = "---\nname: pdf\ndescription: Reads PDFs.\n---\n\n# PDF\n\nFirst line.\n"


def test_frontmatter_head_ends_after_the_closing_line() -> None:
    assert frontmatter_head(TEXT) == "---\nname: pdf\ndescription: Reads PDFs.\n---\n"
    assert frontmatter_head("no frontmatter\n") == "no frontmatter\n"
    assert frontmatter_head("---\nname: open\n") == "---\nname: open\n"  # never closed
    # A BOM and blank lines may come first, as the document model allows.
    assert frontmatter_head("\ufeff\n---\na: b\n---\nbody") == "\ufeff\n---\na: b\n---\n"


def test_parse_head_reads_the_frontmatter_and_returns_the_rest() -> None:
    doc, after = parse_head(TEXT, "/s/pdf/SKILL.md")
    assert doc.string_value("name") == "pdf"
    assert doc.text + after == TEXT
    assert after == "\n# PDF\n\nFirst line.\n"


def test_load_head_agrees_with_parse_head(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    for text in (TEXT, TEXT.replace("\n", "\r\n"), "\ufeff" + TEXT, "body only\n"):
        path.write_bytes(text.encode("utf-8"))
        loaded, loaded_after = load_head(str(path))
        parsed, parsed_after = parse_head(text, str(path))
        assert (loaded.text, loaded_after) == (parsed.text, parsed_after)
        assert loaded.fields.keys() == parsed.fields.keys()


def test_load_head_reads_a_large_frontmatter_past_the_first_chunk(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    long = "x" * 100_000
    path.write_text(f"---\nname: a\ndescription: {long}\n---\nbody\n", encoding="utf-8")
    doc, after = load_head(str(path))
    assert doc.string_value("description") == long
    assert after == "body\n"


def test_the_head_of_a_document_parses_like_the_whole_frontmatter() -> None:
    head, _ = parse_head(TEXT)
    whole = parse_document(TEXT)
    assert head.fields.keys() == whole.fields.keys()
    assert head.frontmatter == whole.frontmatter


def test_bad_utf8_in_the_head_is_a_fact(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    path.write_bytes(b"---\nname: \xff\n---\nbody\n")
    doc, after = load_head(str(path))
    assert doc.decode_problem is not None
    assert after == "body\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_only_regular_files_are_read(tmp_path: Path) -> None:
    fifo = tmp_path / "SKILL.md"
    os.mkfifo(fifo)
    with pytest.raises(OSError):
        load_head(str(fifo))
    with pytest.raises(OSError):
        load_document(fifo)
    with pytest.raises(OSError):
        load_head(str(tmp_path / "missing" / "SKILL.md"))
    with pytest.raises(OSError):
        read_skill_text(fifo)


@pytest.mark.parametrize(
    "data",
    [
        b"---\nname: a\n---\nbody\n",
        b"---\r\nname: a\r\n---\r\nbody\r\n",
        b"a\rb\r\nc\n\r",
        b"\xef\xbb\xbf---\nname: \xff\xfe\n---\n\xe2\x82",
    ],
)
@pytest.mark.parametrize("keep_line_ends", [False, True])
def test_read_skill_text_reads_like_a_text_file(
    tmp_path: Path, data: bytes, keep_line_ends: bool
) -> None:
    path = tmp_path / "SKILL.md"
    path.write_bytes(data)
    newline = "" if keep_line_ends else None
    with path.open(encoding="utf-8", errors="replace", newline=newline) as handle:
        expected = handle.read()
    assert read_skill_text(path, keep_line_ends) == expected
