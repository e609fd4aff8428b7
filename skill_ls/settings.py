"""The settings every check and render reads: a plain value, with no knowledge of where
the settings came from (`config.py` reads them from files, the CLI and the editor)."""

from __future__ import annotations

from dataclasses import dataclass, field

from skill_ls.diagnostics import Severity


@dataclass(frozen=True)
class Settings:
    target_clients: tuple[str, ...] = ()
    # Rule code -> severity, or None for "off".
    rules: dict[str, Severity | None] = field(default_factory=dict)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extra_roots: tuple[str, ...] = ()
    # True: Unicode lowercase letters are allowed in names; False: only a-z; None: as the
    # targets allow (`Client.name_charset`: ASCII when one of them needs it).
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

    def rule_enabled(self, code: str) -> bool:
        if self.select and not any(code.startswith(prefix) for prefix in self.select):
            return False
        if any(code.startswith(prefix) for prefix in self.ignore):
            return False
        return not (code in self.rules and self.rules[code] is None)
