"""Qwen Code's fallback line reader, as `clients.simple_yaml` models it."""

from __future__ import annotations

import pytest

from skill_ls.clients.simple_yaml import simple_fields


@pytest.mark.parametrize(
    ("frontmatter", "expected"),
    [
        # An unclosed quote stays in the text; the tab-indented line is a key of its own.
        (
            'name: broken\ndescription: "Starts a quote\n\tindented: tab',
            ("broken", '"Starts a quote'),
        ),
        # The rest of the line after the first colon, trimmed.
        ("name: colon\ndescription: Use when: asked", ("colon", "Use when: asked")),
        # Double quotes are removed, with their escapes.
        ('name: "q"\ndescription: "say \\"hi\\""', ("q", 'say "hi"')),
        # No continuation lines: a block scalar's lines belong to a map, not the text.
        ("name: folded\ndescription: >-\n  one\n  two", ("folded", ">-")),
        # A map cannot be made a string (the skill is dropped); a list is joined by commas
        # once its nulls are stripped (seen in Qwen Code 0.24.4).
        ("name: x\ndescription:\n  key: value", ("x", None)),
        ("name: x\ndescription:\n  - a\n  - 2\n  - null", ("x", "a,2")),
        # Typed values come back as JavaScript's String() writes them; null is missing.
        ("name: 007\ndescription: true", ("7", "true")),
        ("name: 1.50\ndescription: 0x10", ("1.5", "16")),
        ("name: null\ndescription: d", (None, "d")),
        ('name: ""\ndescription: d', (None, "d")),
        # Comments and blank lines are dropped; a later line wins; CRLF reads as LF.
        ("# c\r\nname: a\r\n\r\nname: b\r\ndescription: d", ("b", "d")),
        # An indented key outside a map is still read (trimmed).
        ("  name: inner\ndescription: d", ("inner", "d")),
        ("", (None, None)),
    ],
)
def test_simple_fields(frontmatter: str, expected: tuple[str | None, str | None]) -> None:
    assert simple_fields(frontmatter) == expected
