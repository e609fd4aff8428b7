"""The YAML node tree: nodes with exact positions, the facts a parse records, and how the
YAML 1.2 core schema types a plain scalar. Both readers build these: the full parser
(`parser.py`) and the fast path for simple frontmatter (`simple.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from skill_ls.diagnostics import Range

MAX_NODES = 20_000
MAX_DEPTH = 64


@dataclass
class YScalar:
    value: str
    # '' plain, "'" single, '"' double, '|' literal, '>' folded
    style: str
    range: Range
    tag: str | None = None  # explicit tag as written (e.g. '!!str'), None when implicit
    anchor: str | None = None

    @property
    def kind(self) -> str:
        """The type a YAML 1.2 core-schema loader gives this scalar."""
        if self.tag is not None:
            return _tag_kind(self.tag)
        if self.style:
            return "string"
        return resolve_plain(self.value)


@dataclass
class YMapping:
    entries: list[tuple[YNode, YNode]]
    flow: bool
    range: Range
    tag: str | None = None
    anchor: str | None = None
    kind: str = "map"

    def get(self, key: str) -> YNode | None:
        for k, v in self.entries:
            if isinstance(k, YScalar) and k.value == key:
                return v
        return None


@dataclass
class YSequence:
    items: list[YNode]
    flow: bool
    range: Range
    tag: str | None = None
    anchor: str | None = None
    kind: str = "list"


@dataclass
class YAlias:
    name: str
    range: Range
    tag: str | None = None
    anchor: str | None = None
    kind: str = "alias"


YNode = YScalar | YMapping | YSequence | YAlias


@dataclass
class YamlFacts:
    """Constructs that are legal YAML but that naive or strict loaders read differently."""

    anchors: list[Range] = field(default_factory=list)
    aliases: list[Range] = field(default_factory=list)
    tags: list[tuple[str, Range]] = field(default_factory=list)
    flow: list[Range] = field(default_factory=list)
    duplicate_keys: list[tuple[str, Range, Range]] = field(default_factory=list)  # key, dup, first
    extra_documents: bool = False


@dataclass
class YamlError:
    message: str
    range: Range


@dataclass
class ParseResult:
    root: YNode | None
    facts: YamlFacts
    error: YamlError | None


_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)$|0o[0-7]+$|0x[0-9a-fA-F]+$")
_FLOAT = re.compile(
    r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$|[-+]?\.(inf|Inf|INF)$|\.(nan|NaN|NAN)$"
)


# YAML 1.1 timestamps: not in the 1.2 core schema, but PyYAML, js-yaml and ruamel.yaml all
# load `2024-01-15` as a date, not as text.
_TIMESTAMP = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}$"
    r"|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?"
    r"(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$"
)


def resolve_plain(value: str) -> str:
    """YAML 1.2 core schema resolution of a plain scalar: null, bool, int, float or string;
    and "timestamp" for what the common typed loaders read as a date."""
    if value in ("", "~", "null", "Null", "NULL"):
        return "null"
    if value in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return "bool"
    if _INT.match(value):
        return "int"
    if _FLOAT.match(value):
        return "float"
    if _TIMESTAMP.match(value):
        return "timestamp"
    return "string"


def _tag_kind(tag: str) -> str:
    short = tag.rsplit(":", 1)[-1].lstrip("!")
    return {
        "str": "string",
        "bool": "bool",
        "int": "int",
        "float": "float",
        "null": "null",
        "map": "map",
        "seq": "list",
        "binary": "binary",
        "timestamp": "timestamp",
    }.get(short, "tagged")
