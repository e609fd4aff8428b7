"""Factory Droid's fallback reader (`clients.flat_yaml`): every line trimmed, the last
`key: value` wins, quotes and JSON and booleans typed, the rest text."""

from __future__ import annotations

import pytest

from skill_ls.clients.flat_yaml import flat_read


@pytest.mark.parametrize(
    ("frontmatter", "name", "description"),
    [
        ("name: a\ndescription: Use when: asked", "a", "Use when: asked"),
        ("name: 'a'\ndescription: \"d\"", "a", "d"),
        ('name: a\ndescription: "open quote', "a", '"open quote'),
        ("name: a\ndescription: d\n  name: nested", "nested", "d"),  # indented lines count
        ("name: a\ndescription: d\n\tversion: 1", "a", "d"),
        ("name: true\ndescription: d", None, "d"),  # a boolean, not a string
        ("name: a\n# description: hidden\nno colon here", "a", None),
        ("name: a\r\ndescription: d\r\n", "a", "d"),
    ],
)
def test_name_and_description(frontmatter: str, name: str | None, description: str | None) -> None:
    read = flat_read(frontmatter)
    assert (read.name, read.description) == (name, description)


@pytest.mark.parametrize(
    ("frontmatter", "key", "kind"),
    [
        ("metadata:\n\tauthor: lab", "metadata", "string"),  # "": not a map
        ('metadata: {"author": "lab"}', "metadata", "map"),
        ("metadata: {not json", "metadata", "string"),
        ("disable-model-invocation: true", "disable-model-invocation", "bool"),
        ("disable-model-invocation: yes", "disable-model-invocation", "string"),
        ("tools: a, b", "tools", "strings"),
        ("tools:\n  - a\n  - 'b'", "tools", "strings"),
        ("allowed: [1, 2]", "allowed", "list"),
        ("count: [3]", "count", "list"),
    ],
)
def test_kinds(frontmatter: str, key: str, kind: str) -> None:
    assert flat_read(frontmatter).kinds[key] == kind


def test_list_items_are_collected() -> None:
    read = flat_read("tools:\n  - a\n  - 'b'\nname: x")
    assert read.kinds["tools"] == "strings" and read.name == "x"


def test_deep_or_huge_json_reads_as_text() -> None:
    assert flat_read("metadata: " + "[" * 5000).kinds["metadata"] == "string"
    assert flat_read("metadata: [" + "1," * 40_000 + "1]").kinds["metadata"] == "string"
