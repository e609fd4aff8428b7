"""Codex's `agents/openai.yaml` beside a skill, as data: every key Codex reads, its type, its
limits and what Codex does when a value breaks them. The rules (`rules.openai_yaml`),
completion and hover all read this table; nothing else names a key or a limit.

How Codex reads the file (Codex 0.171.0, observed by `clientlab/openai_yaml_probe.py` and
replayed by `tests/lab/test_openai_yaml_probe.py`; the source is cited in `PROVENANCE`):
the whole file goes through one typed YAML deserialisation (serde_yaml, YAML 1.2). When it
fails (not YAML, a duplicate key, a second document, a top level that is not a mapping, a
value of the wrong type) Codex logs `ignoring …: invalid openai.yaml` and reads *none* of the
file: the skill still loads, but without its interface, dependencies and policy (so a
`policy.allow_implicit_invocation: false` in a broken file does not hide the skill). Keys it
does not know are skipped silently, at every level. A value of the right type that breaks a
limit (too long, empty, a colour that is not `#RRGGBB`, an icon outside `assets/`) is dropped
alone, with a warning in Codex's log.
"""

from __future__ import annotations

from dataclasses import dataclass

from skill_ls.clients.provenance import Provenance

# Where Codex looks, relative to the skill's folder, and the client row of the agent that
# reads the file.
SIDECAR_PATH = "agents/openai.yaml"
READER = "codex"

PROVENANCE = (
    Provenance(
        "observed", "OpenAI Codex 0.171.0 (clientlab/openai_yaml_probe.py: one skill per variant)"
    ),
    Provenance(
        "cited",
        "openai/codex codex-rs/core-skills/src/loader.rs "
        "@ 033d1d0741d697436d4d5527aaac8893c28b424c (SkillMetadataFile, Interface, "
        "Dependencies, Policy, DependencyTool; resolve_str, resolve_color_str, "
        "resolve_asset_path); the 0.169.0 binary carries the same "
        "warnings (skills/src/interface.rs, skills/src/metadata.rs)",
    ),
)

# Codex's own limits (MAX_NAME_LEN, MAX_DESCRIPTION_LEN in the loader).
NAME_LEN = 64
DESCRIPTION_LEN = 1024

# `policy.products`: the product names Codex's deserialiser accepts (observed: lower case,
# and `CODEX`, `CHATGPT`, `ATLAS` in capitals; `Codex` or `ChatGPT` make the file invalid).
# A non-empty list without `codex` keeps the skill out of Codex altogether.
PRODUCTS = ("codex", "chatgpt", "atlas")
PRODUCT_SPELLINGS = frozenset((*PRODUCTS, *(p.upper() for p in PRODUCTS)))
OWN_PRODUCT = "codex"


@dataclass(frozen=True)
class SidecarField:
    """One key of `agents/openai.yaml`. `path` is dotted from the top; `[]` marks the items
    of a list (`dependencies.tools[].type`)."""

    path: str
    # "map" | "list" | "string" | "bool" | "product-list" | "color" | "asset-path"
    type: str
    doc: str
    # Longest value Codex keeps, in characters, after joining whitespace runs into one space.
    max_length: int | None = None
    # A tool entry without it is dropped by Codex.
    required: bool = False
    # Values offered by completion (the only ones accepted for "product-list").
    values: tuple[str, ...] = ()
    # Completion text after `key: ` for a new key ($1 where the cursor goes).
    snippet: str = ""

    @property
    def key(self) -> str:
        return self.path.rsplit(".", 1)[-1]

    @property
    def parent(self) -> str:
        return self.path.rpartition(".")[0]


SIDECAR_FIELDS: tuple[SidecarField, ...] = (
    SidecarField(
        "interface",
        "map",
        "How Codex's app shows the skill: name, short description, icons, colour, prompt.",
        snippet="\n  display_name: $1",
    ),
    SidecarField(
        "interface.display_name",
        "string",
        f"The skill's title in Codex's skill lists and chips (at most {NAME_LEN} characters).",
        max_length=NAME_LEN,
    ),
    SidecarField(
        "interface.short_description",
        "string",
        "A line shown under the title in Codex's app (at most "
        f"{DESCRIPTION_LEN:,} characters); the model still sees the SKILL.md `description`.",
        max_length=DESCRIPTION_LEN,
    ),
    SidecarField(
        "interface.icon_small",
        "asset-path",
        "A small icon: a relative path below the skill's `assets/` folder (a plugin's skill may "
        "climb with `..` into the plugin's own `assets/`).",
        snippet='"./assets/$1"',
    ),
    SidecarField(
        "interface.icon_large",
        "asset-path",
        "A larger logo: a relative path below the skill's `assets/` folder (a plugin's skill "
        "may climb with `..` into the plugin's own `assets/`).",
        snippet='"./assets/$1"',
    ),
    SidecarField(
        "interface.brand_color",
        "color",
        'The accent colour in Codex\'s app, as `"#RRGGBB"` (quoted: `#` starts a YAML comment).',
        snippet='"#$1"',
    ),
    SidecarField(
        "interface.default_prompt",
        "string",
        f"The prompt Codex's app suggests with the skill (at most {DESCRIPTION_LEN:,} characters).",
        max_length=DESCRIPTION_LEN,
    ),
    SidecarField(
        "dependencies",
        "map",
        "What the skill needs besides itself (MCP servers).",
        snippet="\n  tools:\n    - type: mcp\n      value: $1",
    ),
    SidecarField(
        "dependencies.tools",
        "list",
        "The tools the skill depends on, one mapping each; Codex drops an entry without "
        "`type` or `value`.",
        snippet="\n  - type: mcp\n    value: $1",
    ),
    SidecarField(
        "dependencies.tools[].type",
        "string",
        f"The kind of dependency (at most {NAME_LEN} characters); `mcp` is the one Codex uses.",
        max_length=NAME_LEN,
        required=True,
        values=("mcp",),
    ),
    SidecarField(
        "dependencies.tools[].value",
        "string",
        "The tool's identifier, e.g. the MCP server's name (at most "
        f"{DESCRIPTION_LEN:,} characters).",
        max_length=DESCRIPTION_LEN,
        required=True,
    ),
    SidecarField(
        "dependencies.tools[].description",
        "string",
        f"What the tool is for, in words (at most {DESCRIPTION_LEN:,} characters).",
        max_length=DESCRIPTION_LEN,
    ),
    SidecarField(
        "dependencies.tools[].transport",
        "string",
        f"How Codex connects to an MCP tool (at most {NAME_LEN} characters).",
        max_length=NAME_LEN,
    ),
    SidecarField(
        "dependencies.tools[].command",
        "string",
        f"The command that starts a local MCP server (at most {DESCRIPTION_LEN:,} characters).",
        max_length=DESCRIPTION_LEN,
    ),
    SidecarField(
        "dependencies.tools[].url",
        "string",
        f"The MCP server's address (at most {DESCRIPTION_LEN:,} characters).",
        max_length=DESCRIPTION_LEN,
    ),
    SidecarField(
        "policy",
        "map",
        "When Codex may use the skill.",
        snippet="\n  allow_implicit_invocation: ${1:false}",
    ),
    SidecarField(
        "policy.allow_implicit_invocation",
        "bool",
        "`false`: Codex leaves the skill out of the model's catalog; it runs only when the user "
        "names it (`$skill`). Default `true`.",
        values=("false", "true"),
        snippet="${1:false}",
    ),
    SidecarField(
        "policy.products",
        "product-list",
        "The OpenAI products the skill is for; a list that does not name `codex` keeps the "
        "skill out of Codex. Empty or absent: every product.",
        values=PRODUCTS,
        snippet="[codex]",
    ),
)

FIELDS_BY_PATH = {field.path: field for field in SIDECAR_FIELDS}


def children(parent: str) -> tuple[SidecarField, ...]:
    """The keys directly under `parent` ("" for the top, `dependencies.tools[]` for a tool)."""
    return tuple(field for field in SIDECAR_FIELDS if field.parent == parent)
