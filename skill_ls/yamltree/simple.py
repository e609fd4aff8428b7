"""The fast path for the common frontmatter: one `key: scalar` (or a one-line flow list of
plain words) per line, or such lines one level under a value-less key (`metadata:`).

Such YAML means the same to every loader, so it is read with a regular expression instead
of the full parser (`parser.py`), which dominates a cold `check` run otherwise. It must
read exactly what the full parser reads: the same nodes, ranges, facts and errors (tests
compare the two on generated input).
"""

from __future__ import annotations

import functools
import re

from skill_ls.diagnostics import Position, Range
from skill_ls.yamltree.nodes import (
    MAX_NODES,
    ParseResult,
    YamlError,
    YamlFacts,
    YMapping,
    YNode,
    YScalar,
    YSequence,
)

# Characters YAML does not allow anywhere in a stream (YAML 1.2, production c-printable),
# spelled as the complement: the set as the spec writes it, negated, took 6 ms to compile.
NOT_PRINTABLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
)


# An item of a flow list the fast path reads: a plain word that means the same to every
# loader inside `[...]` (no spaces, quotes, commas, brackets, `:` or `#`).
_FLOW_ITEM = r"[A-Za-z0-9_][A-Za-z0-9_./-]*+"
_FLOW_ITEMS = re.compile(_FLOW_ITEM)

_SIMPLE_LINE = re.compile(
    r"(?P<key>[A-Za-z_][A-Za-z0-9_-]*):"
    r"(?:[ ]+(?P<value>\"(?:[^\"\\]|\\[\"\\/0abtnvfre ])*\"|'(?:[^']|'')*'"
    # Possessive, one space run per step: a lazy `[^...]*?` before `[ ]*$` backtracks
    # quadratically over long runs of spaces (a 20,000-space value took seconds).
    # A `:` is plain text when no space follows it (`Bash(git:*)`).
    r"|[A-Za-z0-9(](?:[ ]*+(?:[^#:\"'\t ]|:(?=[^ ])))*+"
    # A flow list of plain words on one line (`mcp: [rube]`, `tags: [a, b]`).
    rf"|\[[ ]*+(?:{_FLOW_ITEM}(?:[ ]*+,[ ]*+{_FLOW_ITEM})*+[ ]*+)?\]"
    r"))?[ ]*$"
)


# Tabs and CR need YAML's rules; U+0085, U+2028 and U+2029 are line breaks to some loaders.
_NOT_SIMPLE_CHARACTER = re.compile("[\t\r\x85\u2028\u2029]")


def only_simple_entries(yaml_text: str) -> bool:
    """True when every line is `key: value` with a plain, single- or simple double-quoted value,
    or such a line indented under a `key:` with no value (a one-level map, like `metadata`).

    Such frontmatter means the same to every YAML loader, so we read it without the full
    YAML parser (most real files; the parser dominates a cold `check` run otherwise).
    """
    if _NOT_SIMPLE_CHARACTER.search(yaml_text) or NOT_PRINTABLE.search(yaml_text):
        return False
    if not yaml_text.endswith("\n"):
        return False  # frontmatter always ends with a line break; other text takes the parser
    return _simple_shape(yaml_text) is not None


@functools.lru_cache(maxsize=4)
def _simple_shape(yaml_text: str) -> tuple[re.Match[str], ...] | None:
    """Each line's match of `_SIMPLE_LINE` (from its indentation: 0 or the one nested
    level), or None when the shape is not simple: nested lines must follow a value-less key
    or a nested line of equal indent. Kept for the few texts last asked about: the check
    (`only_simple_entries`) and the reading (`parse_simple`) of a text share one pass."""
    lines = yaml_text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return None
    matches: list[re.Match[str]] = []
    parent_open = False  # the previous top-level line was `key:` with no value
    nested_indent = 0
    for line in lines:
        indent = len(line) - len(line.lstrip(" "))
        match = _SIMPLE_LINE.fullmatch(line, indent)
        if match is None:
            return None
        if indent == 0:
            parent_open = match.group("value") is None
            nested_indent = 0
        elif parent_open and nested_indent in (0, indent):
            nested_indent = indent
        else:
            return None
        matches.append(match)
    if "[" in yaml_text and _node_count(matches) > MAX_NODES // 2:
        return None  # near the node bound, the full parser says where it stops
    return tuple(matches)


def _node_count(matches: list[re.Match[str]]) -> int:
    """At most the nodes the entries make: the root, each key and value, each list item."""
    count = 1 + 2 * len(matches)
    for match in matches:
        value = match.group("value")
        if value is not None and value.startswith("["):
            count += value.count(",") + 1
    return count


_ESCAPES = {
    '"': '"',
    "\\": "\\",
    "/": "/",
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    " ": " ",
}


def parse_simple(yaml_text: str, line_offset: int) -> ParseResult:
    """Read frontmatter accepted by `only_simple_entries`; same result as `parse_yaml`,
    including its node bound."""
    facts = YamlFacts()
    matches = _simple_shape(yaml_text)
    assert matches is not None  # guaranteed by only_simple_entries
    top: list[tuple[YNode, YNode]] = []
    top_seen: dict[str, Range] = {}
    nested: list[tuple[YNode, YNode]] = []
    nested_seen: dict[str, Range] = {}
    nodes = 1  # the root mapping
    for offset, match in enumerate(matches):
        number = line_offset + offset
        indent = match.start()
        key, value = _simple_entry(match, number)
        if isinstance(value, YSequence):
            opening = value.range.start
            facts.flow.append(Range(opening, Position(opening.line, opening.column + 1)))
        if indent and not nested:
            # The first nested line turns its parent's empty value into a mapping.
            parent_key = top[-1][0]
            nested = []
            nested_seen = {}
            mapping = YMapping(nested, False, Range(key.range.start, key.range.start))
            top[-1] = (parent_key, mapping)
        if indent:
            parent = top[-1][1]
            assert isinstance(parent, YMapping)
            parent.range = Range(parent.range.start, Position(number + 1, 0))
        else:
            nested = []
        for node in (key, value, *(value.items if isinstance(value, YSequence) else ())):
            nodes += 1
            if nodes > MAX_NODES:
                return ParseResult(
                    None,
                    facts,
                    YamlError(
                        f"frontmatter has more than {MAX_NODES} YAML nodes; not read further",
                        node.range,
                    ),
                )
        if indent:
            _note_key(facts, nested_seen, key)
        else:
            # Like the full parser, a key is checked once its value is complete, which for
            # a nested map is after the map's own keys.
            if top:
                _note_key(facts, top_seen, top[-1][0])
        (nested if indent else top).append((key, value))
    if top:
        _note_key(facts, top_seen, top[-1][0])
    end = Position(line_offset + len(matches), 0)
    root = YMapping(top, False, Range(Position(line_offset, 0), end))
    return ParseResult(root, facts, None)


def _note_key(facts: YamlFacts, seen: dict[str, Range], key: YNode) -> None:
    assert isinstance(key, YScalar)
    first = seen.get(key.value)
    if first is not None:
        facts.duplicate_keys.append((key.value, key.range, first))
    else:
        seen[key.value] = key.range


def _simple_entry(match: re.Match[str], number: int) -> tuple[YScalar, YScalar | YSequence]:
    indent = match.start()
    key_text = match.group("key")
    key = YScalar(key_text, "", Range.of(number, indent, number, indent + len(key_text)))
    raw = match.group("value")
    if raw is None:
        col = indent + len(key_text) + 1
        return key, YScalar("", "", Range.of(number, col, number, col))
    start = match.start("value")
    rng = Range.of(number, start, number, start + len(raw))
    if raw.startswith('"'):
        text = re.sub(r"\\(.)", lambda m: _ESCAPES[m.group(1)], raw[1:-1])
        return key, YScalar(text, '"', rng)
    if raw.startswith("'"):
        return key, YScalar(raw[1:-1].replace("''", "'"), "'", rng)
    if raw.startswith("["):
        items: list[YNode] = [
            YScalar(
                item.group(), "", Range.of(number, start + item.start(), number, start + item.end())
            )
            for item in _FLOW_ITEMS.finditer(raw)
        ]
        return key, YSequence(items, True, rng)
    return key, YScalar(raw, "", rng)
