"""What each target agent makes of a `name` or `description` that is not a string (SKL102,
SKL112): drops the skill, reads it as text, or as if it were missing. The facts are the
client rows' (`Reading.typed_fields`, `non_string_name` / `non_string_description`, observed
in the lab's scenarios name-not-string and description-not-string)."""

from __future__ import annotations

from collections.abc import Iterable

from skill_ls.clients.reading import drops_for_type, read_non_string
from skill_ls.clients.table import Client
from skill_ls.rules.helpers import names
from skill_ls.yamltree import YNode
from skill_ls.yamltree.js_text import js_text, value_kind

# Beyond this many characters, the text an agent reads is cut in the message.
SHOWN_TEXT = 60


def _outcome(client: Client, key: str, value: YNode) -> str:
    if drops_for_type(client.reading, key, value_kind(value)):
        return "drop"
    if client.reading.field_reader == "yaml-else-lines":
        return "as-written"  # YAML gave no string: the `key:` line is read as plain text
    policy = (
        client.reading.non_string_name if key == "name" else client.reading.non_string_description
    )
    text = js_text(value)
    read = read_non_string(policy, value_kind(value), text) if text is not None else None
    if read is None:
        return "missing"
    return "empty" if read == "" else f"text:{read}"


def _verb(clients: list[Client], one: str, several: str) -> str:
    return f"{names(clients)} {one if len(clients) == 1 else several}"


def agents_reading(key: str, value: YNode, clients: Iterable[Client]) -> str:
    """ "; Cline drops the skill; Claude Code and Codex read it as "42"; …" for the agents
    among `clients` (upload targets aside), or "" when none of them does more than read
    the value as if it were missing, as the spec's reader does."""
    groups: dict[str, list[Client]] = {}
    for client in clients:
        if client.upload is not None:
            continue
        outcome = _outcome(client, key, value)
        # Reading it as missing is the default of a row: said only of agents observed so.
        if outcome != "missing" or client.provenance.kind == "observed":
            groups.setdefault(outcome, []).append(client)
    if set(groups) <= {"missing"}:
        return ""
    parts = []
    for outcome in sorted(groups, key=lambda o: (o != "drop", o == "missing", o)):
        members = groups[outcome]
        if outcome == "drop":
            parts.append(_verb(members, "drops the skill", "drop the skill"))
        elif outcome == "missing":
            parts.append(_verb(members, "reads it as missing", "read it as missing"))
        elif outcome == "as-written":
            parts.append(_verb(members, "reads it as written", "read it as written"))
        elif outcome == "empty":
            parts.append(
                _verb(members, f"lists it with an empty `{key}`", f"list it with an empty `{key}`")
            )
        else:
            text = outcome.removeprefix("text:")
            shown = text if len(text) <= SHOWN_TEXT else text[: SHOWN_TEXT - 1] + "…"
            parts.append(_verb(members, f'reads it as "{shown}"', f'read it as "{shown}"'))
    return "; " + "; ".join(parts)
