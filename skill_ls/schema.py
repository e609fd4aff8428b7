"""JSON Schema (draft 2020-12) of SKILL.md frontmatter for one client, from the field and
client tables: the same facts that drive validation, completion and hover."""

from __future__ import annotations

from typing import Any

from skill_ls.clients.fields import ALL_FIELDS, UNICODE_NAME_PATTERN, FieldSpec
from skill_ls.clients.table import get_client

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_BASE = "https://skill-ls.dev/schemas/frontmatter"

_STRINGS: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
_TYPES: dict[str, dict[str, Any]] = {
    "string": {"type": "string"},
    "boolean": {"type": "boolean"},
    "enum": {"type": "string"},
    "string-map": {"type": "object", "additionalProperties": {"type": "string"}},
    "tools": {"anyOf": [{"type": "string"}, _STRINGS]},
    "string-or-list": {"anyOf": [{"type": "string"}, _STRINGS]},
    "map": {"type": "object"},
    "any": {},
}
_UNKNOWN = {
    "ignore": "ignores keys it does not know",
    "warn": "warns about keys it does not know and ignores them",
    "error": "rejects keys it does not know",
}


def schema_for(client_id: str) -> dict[str, Any]:
    """The frontmatter schema for `client_id` (KeyError for an unknown client)."""
    client = get_client(client_id)
    specs = [ALL_FIELDS[name] for name in sorted(client.fields.honoured) if name in ALL_FIELDS]
    properties: dict[str, Any] = {spec.name: field_schema(spec) for spec in specs}
    if client.reading.name_charset != "ascii" and "name" in properties:
        # This client also takes lowercase letters of other scripts (after NFKC).
        properties["name"]["pattern"] = UNICODE_NAME_PATTERN
    for name in sorted(client.fields.forbidden):
        # `false`: any value is invalid; the key itself is an error for this client.
        properties[name] = False
    policy = _UNKNOWN.get(client.fields.unknown, client.fields.unknown)
    return {
        "$schema": DRAFT,
        "$id": f"{SCHEMA_BASE}/{client.id}.json",
        "title": f"SKILL.md frontmatter for {client.name}",
        "description": (
            f"Frontmatter fields {client.name} honours. {client.name} {policy}, so other keys "
            "are allowed here; `skill-ls check` reports them."
        ),
        "type": "object",
        # A client that loads a skill without a description does not require one.
        "required": sorted(
            spec.name
            for spec in specs
            if spec.required
            and (spec.name != "description" or client.reading.without_description() == "skip")
        ),
        "properties": properties,
        "additionalProperties": client.fields.unknown != "error",
        "x-skill-ls": {"client": client.id, "unknownFields": client.fields.unknown},
    }


def field_schema(spec: FieldSpec) -> dict[str, Any]:
    """One field's schema: its type, enum, lengths and one-line doc."""
    schema: dict[str, Any] = {**_TYPES.get(spec.type, {}), "description": spec.doc}
    if spec.enum:
        schema["enum"] = list(spec.enum)
    if spec.min_length is not None:
        schema["minLength"] = spec.min_length
    if spec.max_length is not None:
        schema["maxLength"] = spec.max_length
    if spec.pattern is not None:
        schema["pattern"] = spec.pattern
    return schema
