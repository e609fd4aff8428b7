"""The client row: what one agent does with skills, in typed sub-records that follow their
readers (discovery, reading, fields, clashes, listing, activation, bundles, markup, upload),
and where the facts come from (`Provenance`). The rows themselves are the modules of
`clients/agents/` (one per agent) and `upload_targets.py`; `table.py` orders them.

Every column whose values are enumerated is a `Literal`, so `mypy --strict` rejects a value
no reader knows; each sub-record's module says what each value means."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from skill_ls.clients.activation import Activation
from skill_ls.clients.bundle_format import BundleFormat
from skill_ls.clients.clashes import Clashes
from skill_ls.clients.discovery import Discovery
from skill_ls.clients.field_support import FieldSupport
from skill_ls.clients.install_facts import AgentInstall
from skill_ls.clients.listing import Listing
from skill_ls.clients.markup_facts import MarkupFacts
from skill_ls.clients.mcp_skills import McpSkills
from skill_ls.clients.mention_forms import MentionFacts, MentionFiles
from skill_ls.clients.provenance import CLIENT_GUIDE, Provenance
from skill_ls.clients.reading import Reading
from skill_ls.clients.upload_limits import UploadLimits


@dataclass(frozen=True)
class Client:
    id: str
    name: str
    provenance: Provenance = CLIENT_GUIDE
    # What is known beyond the columns, in words (shown in `skill-ls clients`).
    notes: str = ""
    discovery: Discovery = field(default_factory=Discovery)
    reading: Reading = field(default_factory=Reading)
    fields: FieldSupport = field(default_factory=FieldSupport)
    clashes: Clashes = field(default_factory=Clashes)
    listing: Listing = field(default_factory=Listing)
    activation: Activation = field(default_factory=Activation)
    # The bundle formats the client installs skills from (a plugin, an extension), each
    # with its manifest, where its skills live and how they are listed; empty: none known.
    bundles: tuple[BundleFormat, ...] = ()
    # Comments and `!`command`` lines (None: not observed).
    markup: MarkupFacts | None = None
    # The prompt forms that call a skill by name (None: not observed).
    mentions: MentionFacts | None = None
    # How a user's install of the agent is found (None: not known).
    install: AgentInstall | None = None
    # The project files it reads as instructions, where a mention names a skill to the
    # model (None: not known, or no form activates a skill in this agent).
    mention_files: MentionFiles | None = None
    # Whether it lists skills that MCP servers serve, and where it finds a project's
    # servers (None: not known).
    mcp_skills: McpSkills | None = None
    # What an upload target refuses (None: an agent, which refuses nothing on upload).
    upload: UploadLimits | None = None
    # Older versions of the agent that behave otherwise, each with its own row (see
    # `clients.versions`); empty: every observed version behaves as this row.
    older: tuple[OlderBehaviour, ...] = ()

    def with_context_window(self, tokens: int | None) -> Client:
        """The row for a model with another context window (its budget follows; None: no
        window, so the fixed `catalog_budget` if any)."""
        return replace(self, listing=replace(self.listing, context_window=tokens))

    @property
    def observed_version(self) -> str | None:
        """The agent's version the row's facts were observed in ("2.1.328"), if observed."""
        if self.provenance.kind != "observed":
            return None
        return self.provenance.source.rsplit(" ", 1)[-1]

    def observed_at(self, version: str) -> Client:
        """This row as observed at another version of the agent (an older behaviour's
        starting point): its provenance names that version, its built-ins are that
        version's where they differ (`clients.builtins`)."""
        if self.provenance.kind != "observed":
            raise ValueError(f"{self.id}: only an observed row has a version")
        agent = self.provenance.source.rsplit(" ", 1)[0]
        return replace(self, provenance=Provenance("observed", f"{agent} {version}"))


@dataclass(frozen=True)
class OlderBehaviour:
    """How the agent behaved before version `until`, where that differs from the next newer
    row: observed in the client lab at `observed` (`clients.versions`)."""

    until: str  # the first version that no longer behaves so
    change: str  # what changed at `until`, in words
    row: Client  # observed at the version the lab ran (`Client.observed_at`)

    def __post_init__(self) -> None:
        if self.row.observed_version is None:
            raise ValueError(f"{self.row.id}: an older behaviour is an observed one")

    @property
    def observed(self) -> str:
        """The version the lab ran."""
        return self.row.observed_version or ""
