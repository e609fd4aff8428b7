"""The manifest JSON reader: exact ranges for keys and values, errors where JSON.parse stops,
and no exception on any input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.diagnostics import Range
from skill_ls.document import manifest_json
from skill_ls.document.manifest_json import (
    MAX_DEPTH,
    MAX_MANIFEST_BYTES,
    TOO_LARGE,
    JsonValue,
    parse_json,
    read_manifest,
)


def _seen(value: JsonValue | None) -> tuple[str, Range, object] | None:
    """What a reader of a scalar sees: its kind, where it is and its value."""
    return None if value is None else (value.kind, value.range, value.scalar)


TEXT = '{\n  "name": "tools",\n  "skills": ["./a", "./b"],\n  "n": -1.5e2, "ok": true, "x": null\n}'


def test_values_and_keys_have_exact_ranges() -> None:
    document = parse_json(TEXT)
    assert document.error is None
    root = document.root
    assert root is not None and root.kind == "object"
    assert [member.key for member in root.members] == ["name", "skills", "n", "ok", "x"]
    name = root.member("name")
    assert name is not None
    assert name.key_range == Range.of(1, 2, 1, 8)
    assert _seen(name.value) == ("string", Range.of(1, 10, 1, 17), "tools")
    skills = root.get("skills")
    assert skills is not None and skills.kind == "array"
    assert [(item.text, item.range) for item in skills.items] == [
        ("./a", Range.of(2, 13, 2, 18)),
        ("./b", Range.of(2, 20, 2, 25)),
    ]
    assert _seen(root.get("n")) == ("number", Range.of(3, 7, 3, 13), -150.0)
    assert _seen(root.get("ok")) == ("bool", Range.of(3, 21, 3, 25), True)
    assert _seen(root.get("x")) == ("null", Range.of(3, 32, 3, 36), None)
    assert root.range == Range.of(0, 0, 4, 1)


def test_a_repeated_key_reads_as_its_last_value_like_json_parse() -> None:
    root = parse_json('{"name": "a", "name": "b"}').root
    assert root is not None
    value = root.get("name")
    assert value is not None and value.text == "b"


def test_escapes_are_decoded_and_ranges_count_code_points() -> None:
    root = parse_json('{"é": "\\u00e9\\n", "k": "x"}').root
    assert root is not None
    assert _seen(root.get("é")) == ("string", Range.of(0, 6, 0, 16), "é\n")
    assert root.members[1].key_range == Range.of(0, 18, 0, 21)


@pytest.mark.parametrize(
    ("text", "error", "at"),
    [
        ('{"name": "a",}', "expected a quoted key", Range.of(0, 13, 0, 14)),
        ('{"name": "a"\n"b": 1}', "expected ',' or '}' in the object", Range.of(1, 0, 1, 1)),
        ('["a" "b"]', "expected ',' or ']' in the array", Range.of(0, 5, 0, 6)),
        ('{"name": "a}', "a string that is not closed", Range.of(0, 9, 0, 10)),
        ('{"a": 1} x', "unexpected text after the JSON value", Range.of(0, 9, 0, 10)),
        ("// c\n{}", "unexpected '/' where a JSON value was expected", Range.of(0, 0, 0, 1)),
        ("", "the JSON ends where a value was expected", Range.of(0, 0, 0, 0)),
        ('{"a": "tab\there"}', "a string with an invalid escape or control character", None),
    ],
)
def test_text_that_is_not_json_gives_the_place_and_reason(
    text: str, error: str, at: Range | None
) -> None:
    document = parse_json(text)
    assert document.root is None
    assert document.error == error
    if at is not None:
        assert document.error_range == at


def test_a_byte_order_mark_is_skipped() -> None:
    root = parse_json('\ufeff{"name": "a"}').root
    assert root is not None
    value = root.get("name")
    assert value is not None and value.text == "a"


@pytest.mark.parametrize(
    "text",
    [
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        '{"a":' * 5000,
        "\x00\x01\x02",
        '"\\',
        "[1,",
        "-",
        "tru",
        "\ud800",
    ],
)
def test_hostile_text_never_raises(text: str) -> None:
    document = parse_json(text)
    assert document.root is None
    assert document.error


# --- hostile input: long numbers, deep nesting, huge text ----------------------------------

DIGITS = "9" * 5_000  # past Python's 4,300-digit limit on int conversion


def test_a_number_of_5000_digits_reads_as_json_parse_reads_it() -> None:
    document = parse_json(f'{{"name": "tools", "version": {DIGITS}, "n": -{DIGITS}}}')
    assert document.error is None
    root = document.root
    assert root is not None
    assert _seen(root.get("version")) == ("number", Range.of(0, 29, 0, 5029), float("inf"))
    n = root.get("n")
    assert n is not None and n.scalar == float("-inf")
    name = root.get("name")
    assert name is not None and name.text == "tools"
    # Within the limit an integer stays an integer; a long fraction is a float.
    small = parse_json("[" + "9" * 4_000 + ", 1." + "5" * 5_000 + "]").root
    assert small is not None
    assert [item.scalar for item in small.items] == [int("9" * 4_000), 1.5555555555555556]


def test_nesting_of_100000_brackets_is_an_error_not_an_exception() -> None:
    for text in ("[" * 100_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 100_000):
        document = parse_json(text)
        assert document.root is None
        assert document.error == f"the JSON nests deeper than {MAX_DEPTH} levels"


def test_a_text_over_the_bound_is_not_parsed() -> None:
    document = parse_json("[" + "1," * (MAX_MANIFEST_BYTES // 2) + "1]")
    assert document.root is None and document.too_large
    assert document.error == TOO_LARGE
    assert document.error_range == Range.of(0, 0, 0, 0)
    # The bound counts UTF-8 bytes, as a file's is counted.
    wide = '{"a": "' + "é" * (MAX_MANIFEST_BYTES // 2) + '"}'
    assert len(wide) < MAX_MANIFEST_BYTES and parse_json(wide).too_large
    assert not parse_json('{"a": "' + "é" * 1_000 + '"}').too_large


def test_a_huge_file_is_read_only_up_to_the_bound(tmp_path: Path) -> None:
    sparse = tmp_path / "plugin.json"
    sparse.write_text('{"name": "tools"}', encoding="utf-8")
    os.truncate(sparse, 3 * 1024**3)  # 3 GB of holes: nothing real is written
    document = read_manifest(str(sparse))
    assert document is not None and document.too_large and document.root is None
    at_bound = tmp_path / "at-bound.json"
    at_bound.write_text('{"name": "tools"}' + " " * (MAX_MANIFEST_BYTES - 17), encoding="utf-8")
    assert at_bound.stat().st_size == MAX_MANIFEST_BYTES
    kept = read_manifest(str(at_bound))
    assert kept is not None and kept.error is None and kept.root is not None


def test_an_exhausted_reader_is_an_error_not_an_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    def exhausted(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(manifest_json._Reader, "value", exhausted)
    document = parse_json('{"name": "tools"}')
    assert document.root is None
    assert document.error == "the JSON cannot be read (MemoryError)"
