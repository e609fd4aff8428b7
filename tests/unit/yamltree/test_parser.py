"""The bounded YAML node tree: values, styles, exact positions, facts and bounds."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Position
from skill_ls.yamltree import (
    MAX_DEPTH,
    MAX_NODES,
    ParseResult,
    YAlias,
    YMapping,
    YNode,
    YScalar,
    YSequence,
    parse_yaml,
    resolve_plain,
)

from ..unit_helpers import r


def mapping(result: ParseResult) -> YMapping:
    assert result.error is None, result.error
    assert isinstance(result.root, YMapping)
    return result.root


def value(text: str, key: str = "a", line_offset: int = 0) -> YNode:
    node = mapping(parse_yaml(text, line_offset)).get(key)
    assert node is not None
    return node


def scalar(text: str, key: str = "a", line_offset: int = 0) -> YScalar:
    node = value(text, key, line_offset)
    assert isinstance(node, YScalar)
    return node


def count_nodes(node: YNode | None) -> int:
    if node is None:
        return 0
    total = 0
    stack: list[YNode] = [node]
    while stack:
        current = stack.pop()
        total += 1
        if isinstance(current, YMapping):
            for k, v in current.entries:
                stack.extend((k, v))
        elif isinstance(current, YSequence):
            stack.extend(current.items)
    return total


# --- Scalars: value, style and range ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected", "style", "rng"),
    [
        ("a: plain text\n", "plain text", "", r(0, 3, 0, 13)),
        ("a: 'it''s'\n", "it's", "'", r(0, 3, 0, 10)),
        ('a: "tab\\there \\"q\\""\n', 'tab\there "q"', '"', r(0, 3, 0, 20)),
        ('a: "\\u00e9\\x41"\n', "éA", '"', r(0, 3, 0, 15)),
        ("a: >-\n  one\n  two\n", "one two", ">", r(0, 3, 3, 0)),
        ("a: >\n  one\n  two\n", "one two\n", ">", r(0, 3, 3, 0)),
        ("a: |\n  one\n  two\n", "one\ntwo\n", "|", r(0, 3, 3, 0)),
        ("a: |-\n  one\n  two\n", "one\ntwo", "|", r(0, 3, 3, 0)),
        ("a:\n  on the\n  next line\n", "on the next line", "", r(1, 2, 2, 11)),
        ("a: émoji 😀 ok\n", "émoji 😀 ok", "", r(0, 3, 0, 13)),
    ],
)
def test_scalar_styles(text: str, expected: str, style: str, rng: object) -> None:
    node = scalar(text)
    assert node.value == expected
    assert node.style == style
    assert node.range == rng
    assert node.kind == "string"


def test_folded_scalar_value_is_what_yaml_loads() -> None:
    # Folding joins lines with a space; blank lines and more-indented lines keep newlines.
    node = scalar("a: >\n  one\n  two\n\n  three\n    indented\n  four\n")
    assert node.value == "one two\nthree\n  indented\nfour\n"
    assert "\a" not in node.value


def test_line_offset_shifts_every_position() -> None:
    node = scalar("a: b\n", line_offset=5)
    assert node.range == r(5, 3, 5, 4)
    root = parse_yaml("a: b\n", 5).root
    assert root is not None
    assert root.range.start == Position(5, 0)


@pytest.mark.parametrize("text", ["a:\n", "a:   \n", "a: # comment\n", "a:\nb: c\n"])
def test_empty_value_is_a_point_right_after_the_colon(text: str) -> None:
    node = scalar(text)
    assert node.value == ""
    assert node.kind == "null"
    assert node.range == r(0, 2, 0, 2)


def test_key_ranges() -> None:
    root = mapping(parse_yaml("name: x\n'quoted key': y\n"))
    keys = [k for k, _ in root.entries]
    assert [k.range for k in keys] == [r(0, 0, 0, 4), r(1, 0, 1, 12)]


# --- Plain scalar resolution (YAML 1.2 core schema) ------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("", "null"),
        ("~", "null"),
        ("null", "null"),
        ("NULL", "null"),
        ("true", "bool"),
        ("False", "bool"),
        ("yes", "string"),  # YAML 1.1 only
        ("on", "string"),
        ("0", "int"),
        ("-12", "int"),
        ("0x1F", "int"),
        ("0o17", "int"),
        ("012", "float"),  # not an int in 1.2, but a number either way
        ("1.5", "float"),
        ("1e3", "float"),
        (".inf", "float"),
        (".NaN", "float"),
        ("1.0.0", "string"),
        # YAML 1.1 timestamps: dates to PyYAML, js-yaml and ruamel.yaml.
        ("2024-01-15", "timestamp"),
        ("2001-12-14t21:59:43.10-05:00", "timestamp"),
        ("2001-12-14 21:59:43.10 -5", "timestamp"),
        ("2024-1-5", "string"),
        ("2024-01-15 later", "string"),
        ("abc", "string"),
    ],
)
def test_resolve_plain(text: str, kind: str) -> None:
    assert resolve_plain(text) == kind


def test_quoted_values_are_strings() -> None:
    assert scalar('a: "true"\n').kind == "string"
    assert scalar("a: '12'\n").kind == "string"
    assert scalar("a: true\n").kind == "bool"
    assert scalar("a: 12\n").kind == "int"


# --- Collections -----------------------------------------------------------------------------


def test_block_and_flow_lists() -> None:
    block = value("a:\n  - one\n  - two\n")
    assert isinstance(block, YSequence)
    assert not block.flow
    assert [i.value for i in block.items if isinstance(i, YScalar)] == ["one", "two"]
    assert block.range.start == Position(1, 2)
    flow = value("a: [one, two]\n")
    assert isinstance(flow, YSequence)
    assert flow.flow
    assert flow.range == r(0, 3, 0, 13)


def test_nested_mapping() -> None:
    node = value("a:\n  b: c\n  d: 'e'\n")
    assert isinstance(node, YMapping)
    inner = node.get("d")
    assert isinstance(inner, YScalar)
    assert inner.range == r(2, 5, 2, 8)
    assert node.get("missing") is None


# --- Facts -----------------------------------------------------------------------------------


def test_anchors_and_aliases_are_facts_and_never_expanded() -> None:
    result = parse_yaml("a: &x value\nb: *x\n")
    root = mapping(result)
    alias = root.get("b")
    assert isinstance(alias, YAlias)
    assert alias.name == "x"
    assert alias.kind == "alias"
    assert alias.range == r(1, 3, 1, 5)
    assert result.facts.anchors == [r(0, 3, 0, 5)]
    assert result.facts.aliases == [r(1, 3, 1, 5)]
    anchored = root.get("a")
    assert isinstance(anchored, YScalar)
    assert anchored.anchor == "x"


@pytest.mark.parametrize(
    ("text", "tag", "kind"),
    [
        ("a: !!str 12\n", "!!str", "string"),
        ("a: !!int '12'\n", "!!int", "int"),
        ("a: !custom x\n", "!custom", "tagged"),
        ("a: !!binary aGk=\n", "!!binary", "binary"),
    ],
)
def test_explicit_tags(text: str, tag: str, kind: str) -> None:
    result = parse_yaml(text)
    node = scalar(text)
    assert node.tag == tag
    assert node.kind == kind
    assert [t for t, _ in result.facts.tags] == [tag]


def test_non_specific_tag_is_no_tag() -> None:
    result = parse_yaml("a: ! x\n")
    assert scalar("a: ! x\n").tag is None
    assert result.facts.tags == []


def test_flow_collections_are_facts() -> None:
    result = parse_yaml("a: [x]\nb: {c: d}\nc:\n  - e\n")
    assert result.facts.flow == [r(0, 3, 0, 4), r(1, 3, 1, 4)]


def test_duplicate_keys_at_every_level() -> None:
    result = parse_yaml("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n")
    assert result.error is None
    dups = result.facts.duplicate_keys
    assert [(key, dup, first) for key, dup, first in dups] == [
        ("c", r(3, 2, 3, 3), r(2, 2, 2, 3)),
        ("a", r(4, 0, 4, 1), r(0, 0, 0, 1)),
    ]
    # The tree keeps both entries; rules decide which one a loader would keep.
    assert [k.value for k, _ in mapping(result).entries if isinstance(k, YScalar)] == [
        "a",
        "b",
        "a",
    ]


def test_same_key_in_sibling_mappings_is_not_a_duplicate() -> None:
    result = parse_yaml("a:\n  x: 1\nb:\n  x: 2\n")
    assert result.facts.duplicate_keys == []


def test_extra_documents() -> None:
    # A lone document end is harmless: single-document loaders accept it.
    assert parse_yaml("a: b\n...\n").facts.extra_documents is False
    for text in ("a: b\n---\nc: d\n", "a: b\n...\nc: d\n"):
        result = parse_yaml(text)
        assert result.facts.extra_documents
        assert mapping(result).get("c") is None


# --- Errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("a: b: c\n", Position(0, 4)),
        # At the end of the text, the error points where the unfinished value starts.
        ("a: 'open\n", Position(0, 3)),
        ("a: [x, y\n", Position(0, 3)),
        ("a: b\n c: d\n", Position(1, 2)),
        ("- a\nb: c\n", Position(1, 0)),
    ],
)
def test_syntax_error_has_a_position(text: str, position: Position) -> None:
    result = parse_yaml(text, 0)
    assert result.error is not None
    assert result.error.range.start == position
    shifted = parse_yaml(text, 10)
    assert shifted.error is not None
    assert shifted.error.range.start == Position(position.line + 10, position.column)


def test_tab_indentation_is_an_error_not_a_crash() -> None:
    result = parse_yaml("a:\n\tb: c\n")
    assert result.error is not None


def test_non_mapping_roots() -> None:
    assert isinstance(parse_yaml("- a\n- b\n").root, YSequence)
    root = parse_yaml("just text\n").root
    assert isinstance(root, YScalar)
    assert root.value == "just text"
    assert parse_yaml("").root is None
    assert parse_yaml("# only a comment\n").root is None


# --- Bounds ----------------------------------------------------------------------------------


def billion_laughs(levels: int = 9) -> str:
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for n in range(1, levels + 1):
        refs = ", ".join([f"*l{n - 1}"] * 9)
        lines.append(f"l{n}: &l{n} [{refs}]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_never_expanded() -> None:
    # Fully expanded, this is 9**10 (~3.5 billion) strings.
    result = parse_yaml(billion_laughs())
    root = mapping(result)
    assert len(root.entries) == 10
    # Every alias is one node: 10 keys, 10 lists, 9 strings and 81 aliases, plus the root.
    assert count_nodes(root) == 1 + 10 + 10 + 9 + 81
    assert len(result.facts.aliases) == 81
    assert len(result.facts.anchors) == 10
    last = root.get("l9")
    assert isinstance(last, YSequence)
    assert all(isinstance(item, YAlias) for item in last.items)


@pytest.mark.parametrize("opener", ["[", "{"])
def test_deep_flow_nesting_is_a_bounded_error(opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    text = "a: " + opener * 10_000 + closer * 10_000 + "\n"
    result = parse_yaml(text)
    assert result.error is not None
    assert f"deeper than {MAX_DEPTH}" in result.error.message
    assert result.root is None
    # The error points at the first opener past the bound, not somewhere in the input.
    assert result.error.range.start.line == 0
    assert 3 + MAX_DEPTH - 2 <= result.error.range.start.column <= 3 + MAX_DEPTH + 1


def test_deep_block_nesting_is_a_bounded_error() -> None:
    text = "".join(" " * depth + f"k{depth}:\n" for depth in range(200))
    result = parse_yaml(text)
    assert result.error is not None
    assert f"deeper than {MAX_DEPTH}" in result.error.message


def test_nesting_at_the_bound_is_read() -> None:
    depth = MAX_DEPTH - 1  # the root mapping is one level
    text = "a: " + "[" * depth + "x" + "]" * depth + "\n"
    result = parse_yaml(text)
    assert result.error is None
    node = mapping(result).get("a")
    for _ in range(depth):
        assert isinstance(node, YSequence)
        node = node.items[0]
    assert isinstance(node, YScalar)
    assert node.value == "x"


def test_node_count_bound() -> None:
    text = "a: [" + ", ".join(["x"] * (MAX_NODES + 10)) + "]\n"
    result = parse_yaml(text)
    assert result.error is not None
    assert f"more than {MAX_NODES}" in result.error.message


def test_ten_thousand_keys_inside_the_node_bound() -> None:
    # 9,999 entries = 19,998 scalars + the root mapping: inside the bound, all read.
    text = "".join(f"key{i}: value{i}\n" for i in range(9_999))
    result = parse_yaml(text)
    assert len(mapping(result).entries) == 9_999


@pytest.mark.parametrize(
    "text",
    [
        "\0",
        "a: \0\n",
        "a: \x07\n",
        "%YAML 9.9\n---\na: b\n",
        "%TAG ! !\n---\na: b\n",
        "? [a, b]\n: c\n",
        "[a, b]: c\n",
        "&a [*a]\n",
        "a: *undefined\n",
        "a: !<tag:x> b\n",
        "\ufeffa: b\n",
        ":\n",
        "- - - -\n",
        "a: |0\n  x\n",
    ],
)
def test_odd_input_never_raises(text: str) -> None:
    result = parse_yaml(text)
    assert result.root is not None or result.error is not None or text.strip() == ""


def test_columns_count_every_code_point() -> None:
    # ruamel's reader skips U+FEFF when counting columns; positions here must not.
    node = scalar("a: x\ufeffy z\nb: c\n")
    assert node.value == "x\ufeffy z"
    assert node.range == r(0, 3, 0, 8)


def test_reader_error_has_the_character_position() -> None:
    result = parse_yaml("a: b\nc: x\x07y\n", 4)
    assert result.error is not None
    assert "U+0007" in result.error.message
    assert result.error.range.start == Position(5, 4)
