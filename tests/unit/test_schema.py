"""The frontmatter JSON Schema per client: valid draft 2020-12, and it agrees with the field
and client tables (required keys, types, enums, lengths, unknown-key policy)."""

from __future__ import annotations

import jsonschema
import pytest

from skill_ls.clients.fields import ALL_FIELDS, SPEC_FIELD_NAMES, YOI_FORBIDDEN_FIELDS
from skill_ls.clients.table import CLIENTS, get_client
from skill_ls.schema import DRAFT, schema_for

CLIENT_IDS = [client.id for client in CLIENTS]


def validator(client_id: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema_for(client_id))


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_schema_is_valid_draft_2020_12(client_id: str) -> None:
    schema = schema_for(client_id)
    assert schema["$schema"] == DRAFT
    jsonschema.Draft202012Validator.check_schema(schema)
    # A client that loads a skill without a description (describing it by its body, or
    # unlisted) does not require one.
    skips = get_client(client_id).reading.without_description() == "skip"
    assert schema["required"] == (["description", "name"] if skips else ["name"])


@pytest.mark.parametrize("client_id", CLIENT_IDS)
def test_properties_are_the_fields_the_client_honours(client_id: str) -> None:
    client = get_client(client_id)
    properties = schema_for(client_id)["properties"]
    honoured = {name for name, value in properties.items() if value is not False}
    assert honoured == {name for name in client.fields.honoured if name in ALL_FIELDS}
    assert honoured >= SPEC_FIELD_NAMES
    for name in honoured:
        assert properties[name]["description"] == ALL_FIELDS[name].doc


def test_minimal_valid_frontmatter_for_every_client() -> None:
    document = {"name": "pdf-tools", "description": "Extracts text. Use when asked."}
    for client_id in CLIENT_IDS:
        assert list(validator(client_id).iter_errors(document)) == [], client_id


def test_constraints_from_the_field_table() -> None:
    check = validator("agentskills")
    assert not check.is_valid({"name": "pdf"})  # description is required
    assert not check.is_valid({"name": "Bad_Name", "description": "d"})
    assert not check.is_valid({"name": "x" * 65, "description": "d"})
    assert not check.is_valid({"name": "ok", "description": "d" * 1025})
    assert not check.is_valid({"name": "ok", "description": "d", "metadata": {"a": 1}})
    assert check.is_valid({"name": "ok", "description": "d", "metadata": {"a": "1"}})
    assert check.is_valid({"name": "ok", "description": "d", "allowed-tools": ["Read"]})
    assert check.is_valid({"name": "ok", "description": "d", "x-unknown": 1})


def test_client_fields_and_enums() -> None:
    claude = validator("claude-code")
    assert claude.is_valid({"name": "a", "description": "d", "effort": "high"})
    assert not claude.is_valid({"name": "a", "description": "d", "effort": "extreme"})
    assert not claude.is_valid({"name": "a", "description": "d", "disable-model-invocation": "yes"})
    assert schema_for("claude-code")["properties"]["effort"]["enum"] == [
        "low",
        "medium",
        "high",
        "xhigh",
        "max",
    ]
    assert "effort" not in schema_for("gemini-cli")["properties"]


def test_unknown_keys_are_allowed_but_documented() -> None:
    for client in CLIENTS:
        schema = schema_for(client.id)
        assert schema["additionalProperties"] is (client.fields.unknown != "error")
        assert schema["x-skill-ls"]["unknownFields"] == client.fields.unknown


def test_yoi_forbids_its_workflow_projections() -> None:
    schema = schema_for("yoi")
    for name in YOI_FORBIDDEN_FIELDS:
        assert schema["properties"][name] is False
    assert not validator("yoi").is_valid({"name": "a", "description": "d", "user_invocable": True})


def test_unknown_client() -> None:
    with pytest.raises(KeyError, match="unknown client"):
        schema_for("nope")


def test_names_of_any_script_where_the_client_takes_them() -> None:
    spec = validator("agentskills")
    assert spec.is_valid({"name": "naïve-名前", "description": "d"})
    for bad in ("Bad_Name", "a--b", "-a", "a-", "x y", "a/b"):
        assert not spec.is_valid({"name": bad, "description": "d"}), bad
    ascii_only = validator("copilot-cli")
    assert ascii_only.is_valid({"name": "naive-name", "description": "d"})
    assert not ascii_only.is_valid({"name": "naïve-名前", "description": "d"})
