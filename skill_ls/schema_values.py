"""Checks a settings value against its property in the settings schema.

Only the keywords the settings schema uses are understood (type, enum, minimum, maximum,
items, uniqueItems, additionalProperties); a test holds the schema to that subset and
compares the verdicts with a full JSON Schema validator. The messages are written for a
person editing a TOML file or the editor's settings.
"""

from __future__ import annotations

from typing import Any

SUPPORTED_KEYWORDS = frozenset(
    {
        "type",
        "enum",
        "minimum",
        "maximum",
        "items",
        "uniqueItems",
        "additionalProperties",
        # Annotations: no effect on validity.
        "default",
        "description",
        "scope",
        # What an untrusted workspace may not set; what only a configuration file sets.
        "x-restricted",
        "x-file-only",
        "title",
    }
)

_TYPE_WORDS = {
    "string": "a string",
    "boolean": "true or false",
    "integer": "an integer",
    "number": "a number",
    "array": "a list",
    "object": "a table",
    "null": "empty (null)",
}
_PLURALS = {
    "string": "strings",
    "boolean": "booleans",
    "integer": "integers",
    "number": "numbers",
    "array": "lists",
    "object": "tables",
}


def problem(key: str, value: Any, schema: dict[str, Any]) -> str | None:
    """What is wrong with `value` for the setting `key`, or None when it is valid."""
    types = _types(schema)
    if not any(_has_type(value, kind) for kind in types):
        return f"{key} must be {_describe(schema)}"
    if value is None:
        return None
    if "enum" in schema and value not in schema["enum"]:
        return f"{key} must be {_describe(schema)}"
    if _is_number(value) and not _in_bounds(value, schema):
        return f"{key} must be {_describe(schema)}"
    if isinstance(value, list):
        return _list_problem(key, value, schema)
    if isinstance(value, dict):
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            for name, item in value.items():
                found = problem(f"{key}.{name}", item, extra)
                if found is not None:
                    return found
    return None


def _list_problem(key: str, value: list[Any], schema: dict[str, Any]) -> str | None:
    items = schema.get("items", {})
    if not all(any(_has_type(v, kind) for kind in _types(items)) for v in value):
        return f"{key} must be a list of {_plural(items)}"
    allowed = items.get("enum")
    if allowed is not None:
        unknown = [str(v) for v in value if v not in allowed]
        if unknown:
            noun = items.get("title", "value")
            return (
                f"unknown {noun}(s) {', '.join(unknown)} in {key} "
                f"(known: {', '.join(map(str, allowed))})"
            )
    if schema.get("uniqueItems") and len(set(map(repr, value))) != len(value):
        return f"{key} lists a value twice"
    return None


def _types(schema: dict[str, Any]) -> list[str]:
    kind = schema.get("type")
    if kind is None:
        return list(_TYPE_WORDS)
    return [kind] if isinstance(kind, str) else list(kind)


def _has_type(value: Any, kind: str) -> bool:
    if kind == "null":
        return value is None
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return _is_number(value) and float(value).is_integer()
    if kind == "number":
        return _is_number(value)
    if kind == "string":
        return isinstance(value, str)
    if kind == "array":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    return False


def _is_number(value: Any) -> bool:
    # JSON Schema: a boolean is not a number.
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _in_bounds(value: float, schema: dict[str, Any]) -> bool:
    low, high = schema.get("minimum"), schema.get("maximum")
    return (low is None or value >= low) and (high is None or value <= high)


def _describe(schema: dict[str, Any]) -> str:
    """'an integer from 0 to 5000', "one of 'override', 'conflict'", 'a list of strings'."""
    parts: list[str] = []
    for kind in _types(schema):
        if kind == "null":
            continue
        if "enum" in schema and kind == "string":
            parts.append("one of " + ", ".join(repr(v) for v in schema["enum"]))
        elif kind in ("integer", "number") and ("minimum" in schema or "maximum" in schema):
            parts.append(f"{_TYPE_WORDS[kind]} {_bounds(schema)}")
        elif kind == "array":
            parts.append(f"a list of {_plural(schema.get('items', {}))}")
        else:
            parts.append(_TYPE_WORDS[kind])
    text = " or ".join(parts)
    return f"{text}, or empty (null)" if "null" in _types(schema) else text


def _bounds(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return f"of at least {low}" if low is not None else f"of at most {high}"


def _plural(items: dict[str, Any]) -> str:
    kinds = [k for k in _types(items) if k != "null"]
    return " or ".join(_PLURALS[k] for k in kinds)
