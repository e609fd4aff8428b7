"""Versions as data: where an agent's observed versions do not behave alike, its row is the
newest observed behaviour and each older one is kept beside it (`Client.older`), keyed by
the first version that no longer behaves so. A run chooses a version per agent
(`skill-ls --agent-version ID=VERSION`, the editor's `agentVersions` setting, both passed
on in the environment: `clients.version_choice`); the table is built with the chosen rows
(`clients.table`), so every reader sees one row per agent. Without a choice, the newest
observed."""

from __future__ import annotations

from skill_ls.clients.install_facts import version_key
from skill_ls.clients.model import Client


def row_at(client: Client, version: str | None) -> Client:
    """The row of `client` for agents at `version`: the older behaviour whose range holds
    it (the oldest also stands for versions older than any observed), else the row."""
    key = version_key(version) if version is not None else None
    if key is None:
        return client
    for older in sorted(client.older, key=lambda o: version_key(o.until) or ()):
        if key < (version_key(older.until) or ()):
            return older.row
    return client
