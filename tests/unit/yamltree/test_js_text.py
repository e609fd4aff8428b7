"""js_text: what JavaScript's String() makes of a non-string YAML value, where that is sure."""

from __future__ import annotations

import pytest

from skill_ls.yamltree import YMapping, YNode, parse_yaml
from skill_ls.yamltree.js_text import js_text


def value_of(line: str) -> YNode | None:
    root = parse_yaml(line, 0).root
    assert isinstance(root, YMapping)
    return root.get("k")


@pytest.mark.parametrize(
    ("line", "text"),
    [
        ("k: 404", "404"),
        ("k: -7", "-7"),
        ("k: true", "true"),
        ("k: [first part, second part]", "first part,second part"),
        ("k: ['a, b', c]", "a, b,c"),
        ("k: []", ""),
    ],
)
def test_sure_values(line: str, text: str) -> None:
    assert js_text(value_of(line)) == text


@pytest.mark.parametrize(
    "line",
    # A string is read as such; a number JavaScript would print otherwise (a leading zero,
    # a sign, a float, hex), a list holding a non-string, a map: not modelled.
    ["k: text", "k: '404'", "k: 042", "k: +5", "k: 4.0", "k: 0x1F", "k: [1, 2]", "k: {a: b}", "k:"],
)
def test_values_not_modelled(line: str) -> None:
    assert js_text(value_of(line)) is None
