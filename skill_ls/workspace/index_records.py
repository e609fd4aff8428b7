"""The workspace index's vocabulary: roots, found files, facts read from them, and the
entries and per-client placements it answers with. Plain frozen data, JSON-able."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from skill_ls.diagnostics import Range
from skill_ls.rules.suppression_comments import Suppression

SCOPES = ("project", "extra", "user", "builtin")


class Status(StrEnum):
    """What a client does with one copy of a skill."""

    LOADED = "loaded"
    # Another copy with the same name wins under the client's clash rule.
    SHADOWED = "shadowed"
    # Kept next to another copy with the same name (Codex lists both), or refused by policy
    # (a workspace skill reusing a Yoi builtin name with `builtinOverride = "conflict"`).
    CONFLICT = "conflict"
    # Loaded, but left out of the model's catalog (`disable-model-invocation: true`, ...).
    HIDDEN = "hidden-from-model"
    # The client refuses the file: no description, YAML its parser rejects, unreadable.
    SKIPPED = "skipped"


@dataclass(frozen=True)
class RootFolder:
    """A folder a client searches for skills, with the user's words for it."""

    path: str  # absolute and normalised; symlinks are not resolved
    scope: str  # "project" | "user" | "extra" | "builtin"
    pattern: str  # as the client table or the settings write it (".claude/skills", "~/...")
    # Ignore files from here down to the root apply below the root.
    ignore_base: str


@dataclass(frozen=True, slots=True)
class FoundFile:
    """A skill file one walk of a root found (before any client's rules)."""

    path: str  # absolute, as discovered (through symlinks)
    relative: str  # POSIX path below the root
    real: str  # symlinks resolved: one real file is one skill
    # Folders between the root and the file: 0 for a root-level `*.md`, 1 for `x/SKILL.md`.
    depth: int
    kind: str  # "skill" (a SKILL.md) | "root-md" (pi's root-level Markdown skill)
    # Relative path of the SKILL.md whose folder holds this one, if any.
    parent_skill: str | None = None
    # Some folder between the root and the file starts with a dot.
    dotted: bool = False
    # An ignore file (.gitignore, ...) covers the file or a folder above it, below the root.
    ignored: bool = False
    # One inside the root itself does (see `Client.discovery.ignore_files_from`).
    ignored_in_root: bool = False
    # Some folder between the root and the file is a symlink (see
    # `Client.discovery.follows_links`).
    linked: bool = False


@dataclass(frozen=True)
class BoundHit:
    """Discovery stopped early somewhere; reported, never silent."""

    root: str
    kind: str  # "depth" | "count" | "time"
    path: str
    message: str


@dataclass(frozen=True, slots=True)
class SkillFacts:
    """What indexing reads from one skill file (its frontmatter and sidecar only)."""

    name: str | None  # `name` when it is a non-empty string, trimmed
    description: str | None  # `description` when it is a string
    when_to_use: str | None = None
    # Values of flags that hide a skill from a client's catalog (see Client.listing.hidden_when).
    flags: Mapping[str, object] = field(default_factory=dict)
    has_frontmatter: bool = True
    strict_ok: bool = True
    lenient_ok: bool = True
    name_range: Range | None = None
    # The `description` value (its key when it has none): where findings about it go.
    description_range: Range | None = None
    error: str | None = None  # the file could not be read
    yaml_error: str | None = None  # what a strict YAML loader says about the frontmatter
    # The body's first non-blank line, stripped (clients that describe a skill by it).
    first_body_line: str | None = None
    # The file's very first line is the opening `---` (no BOM, no blank line before it).
    opens_at_start: bool = True
    # `name:` and `description:` read as plain text lines of the frontmatter, for clients
    # that fall back to that when YAML fails (see `Client.reading.field_reader`): the rest of the
    # line, trimmed; indented lines after `description:` continue it, joined by spaces.
    line_name: str | None = None
    line_description: str | None = None
    # `name` and `description` as Qwen Code's simple reader takes them when YAML fails
    # (`Client.reading.field_reader` "yaml-else-simple", `clients.simple_yaml`).
    simple_name: str | None = None
    simple_description: str | None = None
    # The same as Factory Droid's fallback reader takes them (`Client.reading.field_reader`
    # "yaml-else-flat", `clients.flat_yaml`), with the kinds of the typed keys it read.
    flat_name: str | None = None
    flat_description: str | None = None
    flat_kinds: Mapping[str, str] = field(default_factory=dict)
    # The YAML type of each top-level key some client reads with a type (see
    # `Client.reading.typed_fields`) and that the file has: "string" | "bool" | "int" | "float" |
    # "null" | "map" | "list" | "strings" (a list of strings only) | ...
    field_kinds: Mapping[str, str] = field(default_factory=dict)
    # The body's first few non-blank lines that are not Markdown headings, stripped.
    body_lines: tuple[str, ...] = ()
    # The first key the frontmatter repeats within one mapping (None: no key repeats).
    duplicate_key: str | None = None
    # The frontmatter's inline suppressions: the cross-skill findings honour them.
    suppressions: tuple[Suppression, ...] = ()
    # The file's first line, trimmed as JavaScript trims (a byte-order mark with it), is
    # `---` (see `Client.reading.frontmatter_first_line`).
    first_line_fence: bool = True
    # Only when a frontmatter line is indented with a tab: the facts as a client reads the
    # file whose parser takes such a tab otherwise than as an error, keyed by
    # `Client.reading.tab_indent` ("none", "spaces").
    tab_readings: Mapping[str, SkillFacts] = field(default_factory=dict)
    # A `name` / `description` that YAML types otherwise (a number, a list of strings,
    # true/false): what JavaScript's String() makes of it, where that is sure (None: a
    # string, absent, or a value not modelled). Clients that read such a value as text:
    # `Client.reading.non_string_name` / `non_string_description`.
    name_text: str | None = None
    description_text: str | None = None
    # Only when the first line is not `---` (`first_line_fence` False): the file's first
    # non-blank line, stripped; a client that then reads no frontmatter describes a
    # root-level `*.md` skill by it (`Discovery.root_markdown_reading` "file").
    first_text_line: str | None = None
    # Only when `name` has spaces around its text: the string as written (see
    # `Client.reading.trims_name`).
    raw_name: str | None = None
    # Only when the file does not open with `---`: the facts as clients that find its block
    # otherwise read them, keyed "first-line" / "split" (`Client.reading.frontmatter_first_line`
    # / `frontmatter_split`; `workspace.facts._block_readings`).
    block_readings: Mapping[str, SkillFacts] | None = None

    def loaded_name(self, fallback: str) -> str:
        """The name clients key the skill by: `name`, else the folder (or file) name."""
        return self.name if self.name else fallback


@dataclass(frozen=True, slots=True)
class Placement:
    """How one client sees one skill file: where it finds it and what it does with it."""

    client: str
    path: str  # SKILL.md as this client finds it
    root: str
    scope: str
    relative_path: str
    status: Status
    loaded: bool  # in the client's skill list (it can be activated)
    # The copy the client uses instead (shadowed, conflict), as a path it finds.
    winner: str | None = None
    reason: str = ""
    # Copies this one wins over (they are shadowed or refused in its favour).
    overrides: tuple[str, ...] = ()
    # The client's clash winner varies from run to run (Client.clashes.clash "varies"): `winner`,
    # or this copy when it is loaded, is one possible outcome.
    winner_varies: bool = False
    # The name the client keys the skill by, where it is not the entry's (a `name: 404`
    # that the client reads as "404" while the spec's reader takes the folder's).
    name: str | None = None

    def to_json(self) -> dict[str, object]:
        named = {"name": self.name} if self.name is not None else {}
        return {
            **named,
            "client": self.client,
            "path": self.path,
            "root": self.root,
            "scope": self.scope,
            "relativePath": self.relative_path,
            "status": self.status.value,
            "loaded": self.loaded,
            "winner": self.winner,
            "reason": self.reason,
            "overrides": list(self.overrides),
            "winnerVaries": self.winner_varies,
        }


@dataclass(frozen=True)
class SkillEntry:
    """One skill file (one real file, however many paths lead to it) and its fate."""

    name: str
    description: str | None
    path: str  # SKILL.md as first discovered (project before extra, user, builtin)
    folder: str
    scope: str
    root: str
    relative_path: str
    real_path: str
    clients: tuple[str, ...]  # clients that load it (in the audience)
    status: Status  # summary over the audience: loaded > hidden > conflict > shadowed > skipped
    shadowed_by: tuple[str, ...]  # copies that win over this one in some client
    overrides: tuple[str, ...]  # copies this one wins over in some client
    placements: tuple[Placement, ...]  # every client that finds it, audience or not
    other_paths: tuple[str, ...] = ()  # further paths (symlinks) to the same real file

    def placement(self, client_id: str) -> Placement | None:
        for placement in self.placements:
            if placement.client == client_id:
                return placement
        return None

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "description": self.description,
            "path": self.path,
            "folder": self.folder,
            "scope": self.scope,
            "root": self.root,
            "relativePath": self.relative_path,
            "realPath": self.real_path,
            "clients": list(self.clients),
            "status": self.status.value,
            "shadowedBy": list(self.shadowed_by),
            "overrides": list(self.overrides),
            "otherPaths": list(self.other_paths),
            "placements": [placement.to_json() for placement in self.placements],
        }


@dataclass(frozen=True, slots=True)
class LoadedSkill:
    """A skill in one client's view: what its catalog and activation are built from."""

    name: str
    description: str
    path: str  # SKILL.md as this client finds it
    folder: str
    real_path: str
    scope: str
    root: str
    relative_path: str
    hidden: bool = False  # loaded, but left out of the catalog
    conflict: bool = False  # listed next to another copy with the same name
    when_to_use: str | None = None
    # The skill's own `name` when the client keys it by something else (Claude Code keys
    # skills by folder): shown beside the key, and also accepted on activation.
    display_name: str | None = None
    # The root's pattern as the client table (or the settings) writes it, e.g.
    # ".agents/skills", "~/.agents/skills"; a built-in's folder as its location writes it.
    root_pattern: str = ""
    # The client's clash winner varies from run to run and this copy is the one shown
    # (`Client.clashes.clash == "varies"`).
    winner_varies: bool = False


@dataclass(frozen=True)
class ScanReport:
    roots: int
    skills: int
    seconds: float
    cancelled: bool = False
    bounds_hit: tuple[BoundHit, ...] = ()
