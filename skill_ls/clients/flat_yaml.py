"""Factory Droid's fallback frontmatter reader, for the fields it types.

When js-yaml rejects a frontmatter block, Droid reads it line by line (read in its bundle,
0.225.2; the lab's tab-nested scenario shows its effect): every line is trimmed, so an
indented line is a top-level key too; blank and `#` lines are skipped, and so is a line
without a colon; a `key: value` line sets `key` (the last one wins) to the rest after the
first colon, trimmed, with one pair of matching quotes removed; a value that starts with
`[` or `{` and is JSON is that JSON; `true` and `false` are booleans; `tools` and
`mcpServers` are lists (their `- item` lines, or the value split at commas); anything else,
an empty value included, is the text. Its schema then requires `name` and `description`
strings and types the other fields; any mismatch loads the skill disabled.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

# Keys the reader reads as lists.
_LIST_KEYS = frozenset({"tools", "mcpServers"})


@dataclass(frozen=True)
class FlatRead:
    name: str | None
    description: str | None
    # The kind of each key read ("string", "bool", "strings", "list", "map", "int",
    # "float", "null"), as `SkillFacts.field_kinds` names them.
    kinds: dict[str, str] = field(default_factory=dict)


def flat_read(frontmatter: str) -> FlatRead:
    """`name`, `description` and the kind of every key as Droid's fallback reader takes them."""
    values: dict[str, object] = {}
    list_key: str | None = None
    for raw in frontmatter.split("\n"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if list_key is not None and line.startswith("- "):
            items = values[list_key]
            assert isinstance(items, list)
            items.append(_unquoted(line[2:].strip()))
            continue
        key, colon, value = line.partition(":")
        if not colon:
            continue
        key, value = key.strip(), _unquoted(value.strip())
        list_key = None
        values[key] = _typed(key, value)
        if key in _LIST_KEYS and not value:
            list_key = key
    name, description = values.get("name"), values.get("description")
    return FlatRead(
        name if isinstance(name, str) else None,
        description if isinstance(description, str) else None,
        {key: _kind(value) for key, value in values.items()},
    )


def _unquoted(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    # A lone quote character is both its own start and end.
    return "" if value in ('"', "'") else value


# Longer values are not tried as JSON (a frontmatter line of a megabyte of brackets would
# cost a deep parse); they read as text, which is what a typed key's check needs to know.
_MAX_JSON = 64 * 1024


def _typed(key: str, value: str) -> object:
    if value.startswith(("[", "{")) and len(value) <= _MAX_JSON:
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            pass
    if value in ("true", "false"):
        return value == "true"
    if key in _LIST_KEYS:
        return [] if not value else [part.strip() for part in value.split(",")]
    return value


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "strings" if all(isinstance(item, str) for item in value) else "list"
    if isinstance(value, dict):
        return "map"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "null"
