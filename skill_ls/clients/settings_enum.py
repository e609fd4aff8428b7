"""The `targetClients` enum of the settings schema, derived from the client table: the
file is written by `skill-ls clients --format settings-schema` and a test holds it current
(the schema is one hand-written file for the server, the config files and the extension;
only this one line comes from the table)."""

from __future__ import annotations

import json
from importlib import resources

from skill_ls.clients.groups import GROUP_DOCS
from skill_ls.clients.table import CLIENTS_BY_ID

_KEY = '"targetClients": {'
_ENUM = '"enum": ['


def target_client_values() -> list[str]:
    """Every id a `targetClients` entry may hold: the agents and upload targets, then the
    groups."""
    return [*CLIENTS_BY_ID, *GROUP_DOCS]


def settings_schema_text() -> str:
    """data/settings.schema.json with its `targetClients` enum written from the table."""
    text = resources.files("skill_ls").joinpath("data/settings.schema.json").read_text("utf-8")
    start = text.index(_ENUM, text.index(_KEY)) + len(_ENUM) - 1
    end = text.index("]", start) + 1
    return text[:start] + json.dumps(target_client_values()) + text[end:]
