"""A bounded YAML node tree with positions: the nodes (`nodes`) and the parser that builds
them from ruamel.yaml's events (`parser`)."""

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
from skill_ls.yamltree.parser import parse_yaml

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "ParseResult",
    "YAlias",
    "YMapping",
    "YNode",
    "YScalar",
    "YSequence",
    "YamlError",
    "YamlFacts",
    "parse_yaml",
    "resolve_plain",
]
