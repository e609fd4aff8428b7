"""Skills an agent may list from MCP servers (`Client.mcp_skills`): the MCP Skills extension
(`io.modelcontextprotocol/skills`, SEP-2640, https://github.com/modelcontextprotocol/ext-skills
`specification/stable/skills.mdx`) lets a server serve skills (`skills/list`, `skills/get`,
each file a `skill://<skill-path>/...` resource). skill-ls never starts a server, so such
skills are never in its catalogs; what it can say is which of a workspace's configured
servers an agent would ask, and whether the agent asks at all.

Observed in the client lab's MCP probe (`clientlab/mcp_probe.py`, golden
`clientlab/goldens/mcp-skills.json`) for the agents whose package holds a client of the
extension; the other rows cite the package that holds none."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Literal

from skill_ls.clients.provenance import Provenance

# none: the agent's package has no client of the extension: it never sends `skills/list`.
# switched: it has one, turned on by a switch the agent's vendor sets remotely; with the
#   switch at its default (the lab, offline) no server is asked.
# asks: it asks every server that declares the extension (protocol 2026-07-28 or later).
McpSkillsSupport = Literal["none", "switched", "asks"]


@dataclass(frozen=True)
class McpConfigFile:
    """A project file that names MCP servers: `path` relative to the project's folder
    (`/`-separated), the servers an object (JSON) or table (TOML) under `servers_key`, keyed
    by the server's name."""

    path: str
    servers_key: str
    syntax: Literal["json", "toml"] = "json"

    def __post_init__(self) -> None:
        # Fixed, relative, inside the project: never a path a document could steer.
        if posixpath.isabs(self.path) or ".." in self.path.split("/"):
            raise ValueError(f"an MCP configuration file must be inside the project: {self.path}")


@dataclass(frozen=True)
class McpSkills:
    support: McpSkillsSupport
    provenance: Provenance
    # The project files whose servers the agent connects to (empty: none known or none
    # read); where those paths come from.
    config_files: tuple[McpConfigFile, ...] = ()
    files_provenance: Provenance | None = None

    @property
    def may_list(self) -> bool:
        """Whether the agent may list skills a server serves (a switch may keep it off)."""
        return self.support != "none"

    def describe(self) -> str:
        words = {
            "none": "never asks MCP servers for skills (no client of the MCP Skills extension)",
            "switched": "asks an MCP server that declares the MCP Skills extension for its "
            "skills only where a switch its vendor sets remotely allows it; with the switch at "
            "its default, offline, no server is asked",
            "asks": "asks every MCP server that declares the MCP Skills extension for its skills",
        }[self.support]
        words += f" ({self.provenance.describe()})"
        if self.config_files:
            files = ", ".join(f"`{f.path}` (`{f.servers_key}`)" for f in self.config_files)
            where = f"; {self.files_provenance.describe()}" if self.files_provenance else ""
            words += f"; project servers from {files}{where}"
        return words


def observed_in_mcp_probe(agent: str) -> Provenance:
    """The provenance of what the lab's MCP probe saw an agent do with a skills server."""
    return Provenance("observed", f"{agent}, lab MCP probe")


def no_client_in(package: str) -> McpSkills:
    """The row of an agent whose published package (`package`, with its version) holds no
    client of the extension: the extension's id, `io.modelcontextprotocol/skills`, is in none
    of its files."""
    return McpSkills(
        "none", Provenance("cited", f"{package}, in none of whose files the extension's id is")
    )
