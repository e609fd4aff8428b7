"""The cursor's place in JSON being typed: keys, values, strings, nesting; text that cannot
be followed gives "none", never an exception."""

from __future__ import annotations

import pytest

from skill_ls.document.json_cursor import JsonCursor, cursor_at


def at_end(text: str) -> JsonCursor:
    return cursor_at(text, len(text))


def test_a_key_being_typed_in_the_top_object() -> None:
    assert at_end('{"na') == JsonCursor("key", (), string_start=1, prefix="na")


def test_a_key_may_go_after_a_comma_and_the_keys_before_are_known() -> None:
    cursor = at_end('{"name": "x", "version": "1", ')
    assert cursor == JsonCursor("key", (), keys_before=("name", "version"))


def test_a_string_value_in_an_array_under_a_key() -> None:
    text = '{"name": "x", "skills": ["./a", "./ex'
    assert at_end(text) == JsonCursor("value", ("skills", 1), text.rindex('"'), "./ex")


def test_a_value_in_an_object_inside_an_array() -> None:
    cursor = at_end('{"plugins": [{"name": "a"}, {"name": "b", "source": "./p')
    assert cursor.place == "value"
    assert cursor.path == ("plugins", 1, "source")
    assert cursor.prefix == "./p"
    assert cursor.keys_before == ("name", "source")


def test_a_value_not_yet_begun() -> None:
    assert at_end('{"skills": ') == JsonCursor("value", ("skills",), keys_before=("skills",))


def test_escaped_quotes_do_not_end_a_string() -> None:
    cursor = at_end('{"a\\"b": "x", "c')
    assert cursor == JsonCursor("key", (), 14, "c", ('a"b',))


def test_a_string_left_open_on_an_earlier_line_ends_with_it() -> None:
    text = '{"name": "unfinished\n, "sk'
    assert at_end(text) == JsonCursor("key", (), text.rindex('"'), "sk", ("name",))


def test_the_cursor_in_the_middle_reads_only_what_is_before_it() -> None:
    text = '{"name": "x", "skills": ["./extra"]}'
    cursor = cursor_at(text, text.index("extra"))
    assert cursor.path == ("skills", 0)
    assert cursor.prefix == "./"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[1, 2",
        '{"name": tr',
        '{"a": 1]',
        '"just a string',
        "{} {",
        '{"a" "b"',
        "}}}}",
    ],
)
def test_text_it_cannot_follow_is_none(text: str) -> None:
    assert cursor_at(text, len(text)).place == "none"


def test_deep_nesting_costs_a_walk_not_a_crash() -> None:
    text = '{"a": ' * 50_000
    assert cursor_at(text, len(text)).place == "value"
