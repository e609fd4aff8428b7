"""The MCP servers a workspace configures for an agent (`Client.mcp_skills.config_files`:
`.mcp.json` for Claude Code), and what that means for its catalog: an agent that lists
skills served over MCP may list more than skill-ls shows, since skill-ls never starts a
server (nothing from a repository is executed).

Read like every file a workspace names: only the fixed paths of the client table, regular
files inside the workspace folder (a link out of it is not followed), at most
`MAX_CONFIG_BYTES`; nothing is written. Server names are the repository's text: one that
is not plain is shown as an escaped string, never as it is."""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass

from skill_ls.clients.mcp_skills import McpConfigFile
from skill_ls.clients.table import Client
from skill_ls.files import is_within, read_regular

MAX_CONFIG_BYTES = 256 * 1024
# Names shown per file; the rest are counted.
MAX_SHOWN = 20
# A server name shown as it is; any other is shown escaped.
PLAIN_NAME = re.compile(r"[A-Za-z0-9_.@+-][A-Za-z0-9_.@+/ -]{0,63}")


@dataclass(frozen=True)
class ConfiguredServers:
    """The servers one configuration file names, or why none could be read from it."""

    file: str  # relative to the workspace folder, `/`-separated
    names: tuple[str, ...] = ()  # as shown (escaped where not plain), in the file's order
    problem: str = ""  # "" when read


def shown_name(name: str) -> str:
    """`name` as it may be shown: itself when plain, else a JSON string with every
    character beyond printable ASCII escaped (cut to 80 characters)."""
    if PLAIN_NAME.fullmatch(name) and not name.endswith(" "):
        return name
    escaped = json.dumps(name, ensure_ascii=True).replace("`", "\\u0060")
    return escaped if len(escaped) <= 80 else escaped[:76] + '..."'


def read_servers(folder: str, config: McpConfigFile) -> ConfiguredServers | None:
    """The servers `config` names in workspace `folder`; None when the file is absent."""
    path = os.path.join(folder, *config.path.split("/"))
    if not os.path.lexists(path):
        return None
    real_folder = os.path.realpath(folder)
    if not is_within(os.path.realpath(path), real_folder):
        return ConfiguredServers(config.path, problem="a link out of the workspace: not read")
    try:
        data = read_regular(path, MAX_CONFIG_BYTES + 1)
    except OSError as error:
        return ConfiguredServers(config.path, problem=f"not read ({error.strerror or error})")
    if len(data) > MAX_CONFIG_BYTES:
        return ConfiguredServers(
            config.path, problem=f"larger than {MAX_CONFIG_BYTES // 1024} KiB: not read"
        )
    parsed, problem = _parse(data, config.syntax)
    if problem:
        return ConfiguredServers(config.path, problem=problem)
    servers = parsed.get(config.servers_key) if isinstance(parsed, dict) else None
    if servers is None:
        return ConfiguredServers(config.path)
    if not isinstance(servers, dict):
        return ConfiguredServers(config.path, problem=f"`{config.servers_key}` is not a mapping")
    return ConfiguredServers(config.path, tuple(shown_name(str(name)) for name in servers))


def _parse(data: bytes, syntax: str) -> tuple[object, str]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, "not UTF-8"
    if syntax == "toml":
        try:
            return tomllib.loads(text), ""
        except tomllib.TOMLDecodeError as error:
            return None, f"not TOML ({error})"
    try:
        return json.loads(text), ""
    except json.JSONDecodeError as error:
        return None, f"not JSON (line {error.lineno}: {error.msg})"
    except RecursionError:
        return None, "not JSON (nested too deeply)"


def configured_for(folders: Sequence[str], client: Client) -> list[ConfiguredServers]:
    """Every configuration file of `client` found in the workspace folders."""
    facts = client.mcp_skills
    if facts is None:
        return []
    found = []
    for folder in folders:
        for config in facts.config_files:
            servers = read_servers(folder, config)
            if servers is not None:
                found.append(servers)
    return found


def mcp_notes(folders: Sequence[str], client: Client) -> list[str]:
    """What `client`'s catalog may hold beyond skill-ls's: the servers of the workspace it
    may ask for skills, in a sentence per file; nothing for an agent that never asks."""
    facts = client.mcp_skills
    if facts is None or not facts.may_list:
        return []
    notes = []
    for servers in configured_for(folders, client):
        if servers.problem:
            notes.append(
                f"{servers.file}: {servers.problem}; skill-ls cannot tell which MCP servers "
                f"{client.name} would ask for skills."
            )
            continue
        if not servers.names:
            continue
        shown = ", ".join(f"`{name}`" for name in servers.names[:MAX_SHOWN])
        more = len(servers.names) - MAX_SHOWN
        if more > 0:
            shown += f" and {more} more"
        plural = "s" if len(servers.names) > 1 else ""
        notes.append(
            f"{client.name} may also list skills served by MCP server{plural} {shown} "
            f"({servers.file}){_when(client)}; skill-ls does not start MCP servers, so such "
            "skills are not in this catalog."
        )
    return notes


def _when(client: Client) -> str:
    facts = client.mcp_skills
    assert facts is not None
    if facts.support == "switched":
        return (
            ", where a switch its vendor sets remotely turns the MCP Skills extension on (at "
            f"its default no server was asked: {facts.provenance.describe()})"
        )
    return f" through the MCP Skills extension ({facts.provenance.describe()})"
