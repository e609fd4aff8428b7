"""A bounded YAML node tree with positions: the nodes (`nodes`), the full parser that builds
them from ruamel.yaml's events (`parser`), and beside it the fast path for simple
frontmatter (`simple`), which must read exactly what the full parser reads."""

from __future__ import annotations

from skill_ls.yamltree.nodes import (
    MAX_DEPTH,
    MAX_NODES,
    ParseResult,
    YAlias,
    YamlError,
    YamlFacts,
    YMapping,
    YNode,
    YScalar,
    YSequence,
    resolve_plain,
)
from skill_ls.yamltree.simple import NOT_PRINTABLE, only_simple_entries, parse_simple

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "NOT_PRINTABLE",
    "ParseResult",
    "YAlias",
    "YMapping",
    "YNode",
    "YScalar",
    "YSequence",
    "YamlError",
    "YamlFacts",
    "only_simple_entries",
    "parse_simple",
    "parse_yaml",
    "resolve_plain",
]


def parse_yaml(text: str, line_offset: int = 0) -> ParseResult:
    """The full parser (`parser.parse_yaml`). ruamel.yaml is imported on the first call
    only: most frontmatter is read by the fast path (`parse_simple`) and never needs it."""
    from skill_ls.yamltree.parser import parse_yaml as parse_strict

    return parse_strict(text, line_offset)
