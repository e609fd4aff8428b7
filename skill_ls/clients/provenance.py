"""Where a client fact comes from: observed in the client lab, or cited from a source."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Provenance:
    """Where a row's facts come from: observed in the client lab (agent and version), or
    cited from a source file or page for agents that cannot run here."""

    kind: Literal["observed", "cited"]
    source: str  # "Claude Code 2.1.328" | a file path in the agent's repository, or a URL

    def describe(self) -> str:
        verb = "observed in" if self.kind == "observed" else "cited from"
        return f"{verb} {self.source}"


# The default of a row that names no source: the spec's guide for clients.
CLIENT_GUIDE = Provenance("cited", "the agentskills.io client-implementation guide")
