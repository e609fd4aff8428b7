"""The fast path for simple frontmatter (one-level maps included) must read exactly what the
full YAML parser reads: same nodes, ranges, facts and errors."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skill_ls.yamltree import NOT_PRINTABLE, only_simple_entries, parse_simple, parse_yaml

KEYS = st.sampled_from(["name", "metadata", "allowed-tools", "x_y", "name"])
VALUES = st.sampled_from(
    [
        None,
        "plain",
        '"dq \\" x"',
        "'s''q'",
        "Bash(git:*) Read",
        "1.5",
        "true",
        "x:y",
        '"1.0"',
        "a b  c",
        "https://example.com/x",
        "é ü",
        "(x) #c",
        "it's",
        "a:b:",
        "[rube]",
        "[a, b-c ,  d]",
        "[]",
        "[ 1.5,true , x/y,_z ]",
        "[a,]",
        "[a b]",
        "[a, [b]]",
        "[null, ~, 0x1F]",
    ]
)
LINES = st.lists(
    st.tuples(st.sampled_from([0, 0, 0, 2, 4]), KEYS, VALUES, st.sampled_from(["", " "])),
    min_size=1,
    max_size=8,
)


@settings(max_examples=400)
@given(LINES)
def test_fast_path_matches_the_full_parser(lines: list[tuple[int, str, str | None, str]]) -> None:
    text = "".join(
        " " * indent + key + ":" + ("" if value is None else " " + value) + tail + "\n"
        for indent, key, value, tail in lines
    )
    if not only_simple_entries(text):
        return
    fast = parse_simple(text, 1)
    full = parse_yaml(text, 1)
    assert (fast.root, fast.facts, fast.error) == (full.root, full.facts, full.error)


def test_flow_lists_of_plain_words_take_the_fast_path() -> None:
    text = "name: a\ntags: [x, y-z]\nrequires:\n  mcp: [rube]\n"
    assert only_simple_entries(text)
    fast = parse_simple(text, 1)
    assert (fast.root, fast.facts) == (parse_yaml(text, 1).root, parse_yaml(text, 1).facts)
    assert len(fast.facts.flow) == 2
    # What a word cannot hold, or a list nested or left open, takes the parser.
    for value in ("[a b]", "[a, [b]]", "[a,]", "['a']", "[a:b]", "[a", "[a] # c", "{a: b}"):
        assert not only_simple_entries(f"tags: {value}\n"), value


def test_one_level_maps_and_colons_take_the_fast_path() -> None:
    text = 'name: a\nallowed-tools: Bash(git:*) Read\nmetadata:\n  author: x\n  version: "1"\n'
    assert only_simple_entries(text)
    assert not only_simple_entries("metadata:\n  a:\n    b: c\n")  # two levels: the parser
    assert not only_simple_entries("a: b\n  c: d\n")  # indented under a value: the parser


def _c_printable(code: int) -> bool:
    """YAML 1.2's production c-printable, as the spec writes it."""
    return (
        code in (0x09, 0x0A, 0x0D, 0x85)
        or 0x20 <= code <= 0x7E
        or 0xA0 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )


def test_not_printable_is_exactly_what_c_printable_leaves_out() -> None:
    wrong = [
        hex(code)
        for code in range(0x110000)
        if (NOT_PRINTABLE.match(chr(code)) is None) != _c_printable(code)
    ]
    assert wrong == []
