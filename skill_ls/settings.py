"""The settings every check and render reads: a plain value, with no knowledge of where
the settings came from (`config.py` reads them from files, the CLI and the editor)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from skill_ls.diagnostics import Severity

if TYPE_CHECKING:
    import pathspec


@dataclass(frozen=True)
class Override:
    """One `[[overrides]]` table of a configuration file: values for the files that match
    `files` (gitignore-style patterns relative to `base`, the file's folder). None (and an
    empty `rules`): the key is not set, the file's value holds."""

    base: str
    files: tuple[str, ...]
    ignore: tuple[str, ...] | None = None
    select: tuple[str, ...] | None = None
    rules: dict[str, Severity | None] = field(default_factory=dict)
    target_clients: tuple[str, ...] | None = None


@lru_cache(maxsize=256)
def compiled_patterns(patterns: tuple[str, ...]) -> pathspec.GitIgnoreSpec:
    """The patterns as one matcher, compiled once per process (raises on a bad pattern;
    `config.py` reports those and keeps only overrides that compile)."""
    import pathspec  # only where a configuration has overrides

    return pathspec.GitIgnoreSpec.from_lines(patterns)


def _relative(path: str | os.PathLike[str], base: str) -> str | None:
    """`path` relative to `base` with `/` separators, or None when it is not below it (tried
    as given, then with symlinks resolved)."""
    for candidate, folder in (
        (os.path.abspath(path), base),
        (os.path.realpath(path), os.path.realpath(base)),
    ):
        relative = os.path.relpath(candidate, folder) if candidate != folder else ""
        if relative and relative != os.pardir and not relative.startswith(os.pardir + os.sep):
            return relative.replace(os.sep, "/")
    return None


@dataclass(frozen=True)
class Settings:
    target_clients: tuple[str, ...] = ()
    # Rule code -> severity, or None for "off".
    rules: dict[str, Severity | None] = field(default_factory=dict)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extra_roots: tuple[str, ...] = ()
    # True: Unicode lowercase letters are allowed in names; False: only a-z; None: as the
    # targets allow (`Client.reading.name_charset`: ASCII when one of them needs it).
    unicode_names: bool | None = None
    builtin_skills: str | None = None
    builtin_override: str = "override"
    debounce_ms: int = 0
    # The model's context window in tokens, for catalog budgets that scale with it; None:
    # each agent's default model.
    context_window: int | None = None
    # Where rule codes link to: the rules document's address (None: the copy shipped in the
    # package, as a file:// URI).
    docs_url: str | None = None
    # `[[overrides]]` of the configuration file, in order (later ones win); applied by
    # `for_path`, and kept on its result so that resolving again changes nothing.
    overrides: tuple[Override, ...] = ()
    # Whether `skill-ls: ignore[...]` comments suppress findings (off: an audit sees every
    # finding, and nothing about the comments).
    inline_suppressions: bool = True

    def for_path(self, path: str | os.PathLike[str]) -> Settings:
        """The settings a file is judged by: these, with the values of every override whose
        patterns match it applied in order. Without overrides, these (no work per file)."""
        if not self.overrides:
            return self
        changes: dict[str, Any] = {}
        rules: dict[str, Severity | None] | None = None
        relative: dict[str, str | None] = {}
        for override in self.overrides:
            if override.base not in relative:
                relative[override.base] = _relative(path, override.base)
            where = relative[override.base]
            if where is None or not compiled_patterns(override.files).match_file(where):
                continue
            for name in ("ignore", "select", "target_clients"):
                value = getattr(override, name)
                if value is not None:
                    changes[name] = value
            if override.rules:
                rules = {**(self.rules if rules is None else rules), **override.rules}
        if rules is not None:
            changes["rules"] = rules
        return replace(self, **changes) if changes else self

    def rule_enabled(self, code: str) -> bool:
        if self.select and not any(code.startswith(prefix) for prefix in self.select):
            return False
        if any(code.startswith(prefix) for prefix in self.ignore):
            return False
        return not (code in self.rules and self.rules[code] is None)
