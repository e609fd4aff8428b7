"""What JavaScript's `String()` makes of a YAML value a JavaScript agent loaded, where that is
sure: agents that read a non-string `name` or `description` as text (`Client.reading`'s
`non_string_name` / `non_string_description`) show that text."""

from __future__ import annotations

import re

from skill_ls.yamltree.nodes import YMapping, YNode, YScalar, YSequence

# A whole decimal number JavaScript prints as written (no sign, leading zero or exponent to
# normalise, well inside a double's exact integers).
_WHOLE_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]{0,14})")


def js_text(node: YNode | None) -> str | None:
    """`String(value)` of a non-string value: a whole decimal number, true/false, a list of
    strings (its items joined by ","); None for a string (read as such) and anything else."""
    if isinstance(node, YScalar):
        if node.kind == "int" and _WHOLE_NUMBER.fullmatch(node.value):
            return node.value
        if node.kind == "bool" and node.value in ("true", "false"):
            return node.value
        return None
    if isinstance(node, YSequence) and all(
        isinstance(item, YScalar) and item.kind == "string" for item in node.items
    ):
        return ",".join(item.value for item in node.items if isinstance(item, YScalar))
    return None


def value_kind(node: YNode | None) -> str:
    """The type a YAML 1.2 core loader gives a value: a scalar's kind ("string", "int",
    "bool", "null", ...), "strings" (a list of strings only), "list", "map" or "other"."""
    if node is None:
        return "null"
    if isinstance(node, YScalar):
        return node.kind
    if isinstance(node, YSequence):
        strings = all(isinstance(i, YScalar) and i.kind == "string" for i in node.items)
        return "strings" if strings else "list"
    return "map" if isinstance(node, YMapping) else "other"
