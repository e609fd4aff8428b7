"""What a check knows besides the document: folder, clients, files on disk, settings.

Plain data: `skill_ls.gathering` reads it from the disk before the rules run, and the rules
only look it up."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID, Client
from skill_ls.rules.paths import is_within
from skill_ls.settings import Settings

# Skill paths read from one manifest's skills key (a hostile list costs a bounded walk; the
# check of the key itself, SKL603, still looks at every entry).
MAX_SKILL_PATHS = 500


@dataclass(frozen=True)
class CheckContext:
    settings: Settings = field(default_factory=Settings)
    # The skill folder's name (None: unknown, e.g. an untitled buffer).
    folder_name: str | None = None
    # Files under the skill folder, relative POSIX paths ("scripts/run.py"); None: unknown,
    # in which case rules that need the file list stay silent.
    skill_files: frozenset[str] | None = None
    # Folders under the skill folder, relative POSIX paths.
    skill_dirs: frozenset[str] = frozenset()
    # Clients that discover the skill from where it lives.
    discovered_by: tuple[Client, ...] = ()
    # The SKILL.md file name as written on disk (to catch `skill.md`).
    file_name: str | None = None
    # A root-level `*.md` that every client discovering it reads as a file (`clients.table.
    # read_as_file`): its frontmatter is optional, so only what its text says is checked.
    read_as_file: bool = False
    # The folders installed together with the skill (None: unknown, e.g. a buffer).
    install: InstallTree | None = None
    # Bytes the listed files take together (their own size: a link counts as a link), added
    # up only when a target limits an upload's size (`Client.upload.max_upload_bytes`); None:
    # not added up. A lower bound when the listing stopped at its cap.
    skill_bytes: int | None = None

    @property
    def audience(self) -> tuple[Client, ...]:
        """The clients a finding is judged against.

        Configured targets win; else the clients that discover the skill from its path;
        else (a skill outside any client's folders, e.g. a collection) every client.
        """
        if self.settings.target_clients:
            return tuple(CLIENTS_BY_ID[c] for c in self.settings.target_clients)
        return self.discovered_by or CLIENTS


@dataclass(frozen=True)
class InstallTree:
    """The folders that are installed together with a skill, so that a reference out of
    the skill folder still resolves where the skill is installed.

    A bundle (a plugin: a folder with `.claude-plugin/plugin.json`; an extension: with
    `gemini-extension.json`; see `gathering.install.BUNDLE_MANIFESTS`) installs whole; a
    skill in a `skills/` collection installs with its sibling skills; a nested skill with
    the skill that holds it. Only paths inside `root` are ever looked up, and only for existence:
    the context builder looks up the paths the body's references lead to
    (`rules.body.install_lookups`) before the rules run, and `exists` answers from those.
    """

    skill_dir: str  # absolute, normalised (symlinks not resolved)
    root: str  # the widest folder installed with the skill (may be `skill_dir`)
    kind: str  # "skill" | "skill tree" | "skills collection" | "plugin" | "extension"
    plugin_root: str | None = None
    # The nearest folder above holding a SKILL.md: this skill is nested in that one.
    parent_skill: str | None = None
    # The paths looked up for the document checked, in order, and those of them that
    # exist (inside `root`, through no link out of it). Not part of the tree's identity:
    # a cached result stores them as its probes (`checking.result_cache`).
    looked_up: tuple[str, ...] = field(default=(), compare=False)
    found: frozenset[str] = field(default=frozenset(), compare=False)

    def contains(self, path: str) -> bool:
        """Whether the absolute, normalised `path` is `root` or below it."""
        return is_within(path, self.root)

    def exists(self, path: str) -> bool:
        """Whether `path` (absolute, normalised) was found inside the tree when the context
        was built; a path outside it, or one that leaves it through a symbolic link, is
        never looked at (and one not looked up is taken as missing)."""
        return path in self.found

    def describe(self) -> str:
        """The tree in words: "the plugin `x`", "the skills collection `skills`", ..."""
        name = posixpath.basename(self.root) or self.root
        if self.kind == "skill":
            return "the skill folder"
        return f"the {self.kind} `{name}`"
