"""Settings: one schema (data/settings.schema.json), read from files, the CLI and the editor.

Sources, later ones winning: `[tool.skill-ls]` in pyproject.toml, `.skill-ls.toml` at the
workspace root, then command-line flags or the editor's `skillLs` settings. Keys may be
written camelCase (editor), kebab-case or snake_case (TOML). Unknown keys and bad values are
reported as problems, never silently dropped, and never crash anything.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.diagnostics import Severity
from skill_ls.files import open_regular

CONFIG_FILE = ".skill-ls.toml"


@dataclass(frozen=True)
class Settings:
    target_clients: tuple[str, ...] = ()
    # Rule code -> severity, or None for "off".
    rules: dict[str, Severity | None] = field(default_factory=dict)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extra_roots: tuple[str, ...] = ()
    unicode_names: bool = False
    builtin_skills: str | None = None
    builtin_override: str = "override"
    debounce_ms: int = 0
    # The model's context window in tokens, for catalog budgets that scale with it; None:
    # each agent's default model.
    context_window: int | None = None

    def rule_enabled(self, code: str) -> bool:
        if self.select and not any(code.startswith(prefix) for prefix in self.select):
            return False
        if any(code.startswith(prefix) for prefix in self.ignore):
            return False
        return not (code in self.rules and self.rules[code] is None)


@dataclass(frozen=True)
class ConfigProblem:
    source: str  # file path or "settings"
    key: str
    message: str


@cache
def settings_schema() -> dict[str, Any]:
    """The one settings schema, shared with the VS Code extension's configuration."""
    text = resources.files("skill_ls").joinpath("data/settings.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


# Keys that belong to the editor only: accepted in editor settings, ignored by the server.
_EDITOR_ONLY = {"interpreter", "server.path", "trace.server", "server", "trace"}


def _camel(key: str) -> str:
    parts = re.split(r"[-_]", key)
    return parts[0] + "".join(part[:1].upper() + part[1:] for part in parts[1:])


def merge(
    base: Settings, values: dict[str, Any], source: str
) -> tuple[Settings, list[ConfigProblem]]:
    """Apply a mapping of settings over `base`; return the result and what was wrong."""
    problems: list[ConfigProblem] = []
    properties = settings_schema()["properties"]
    changes: dict[str, Any] = {}
    for raw_key, value in values.items():
        key = _camel(str(raw_key))
        if key in _EDITOR_ONLY:
            continue
        if key not in properties:
            problems.append(ConfigProblem(source, str(raw_key), f"unknown setting {raw_key!r}"))
            continue
        try:
            if key == "rules":
                attribute, converted = "rules", _convert_rules(value, source, problems)
            else:
                attribute, converted = _convert(key, value)
        except ValueError as exc:
            problems.append(ConfigProblem(source, str(raw_key), str(exc)))
            continue
        if key in ("select", "ignore"):
            codes = _rule_codes()
            unknown = [p for p in converted if not any(c.startswith(p) for c in codes)]
            if unknown:
                problems.append(
                    ConfigProblem(
                        source,
                        str(raw_key),
                        f"{', '.join(unknown)} in {raw_key} "
                        f"match{'es' if len(unknown) == 1 else ''} no rule code",
                    )
                )
        changes[attribute] = converted
    if "rules" in changes:
        changes["rules"] = {**base.rules, **changes["rules"]}
    return replace(base, **changes), problems


def _convert(key: str, value: Any) -> tuple[str, Any]:
    if key == "targetClients":
        items = _string_list(key, value)
        unknown = [item for item in items if item not in CLIENTS_BY_ID]
        if unknown:
            raise ValueError(
                f"unknown client(s) {', '.join(unknown)} in targetClients "
                f"(known: {', '.join(CLIENTS_BY_ID)})"
            )
        return "target_clients", tuple(items)
    if key in ("select", "ignore"):
        return key, tuple(item.upper() for item in _string_list(key, value))
    if key == "extraRoots":
        return "extra_roots", tuple(_string_list(key, value))
    if key == "unicodeNames":
        if not isinstance(value, bool):
            raise ValueError("unicodeNames must be true or false")
        return "unicode_names", value
    if key == "builtinSkills":
        if value is not None and not isinstance(value, str):
            raise ValueError("builtinSkills must be a folder path")
        return "builtin_skills", value
    if key == "builtinOverride":
        if value not in ("override", "conflict"):
            raise ValueError("builtinOverride must be 'override' or 'conflict'")
        return "builtin_override", value
    if key == "contextWindow":
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 1000 <= value <= 10**8
        ):
            raise ValueError("contextWindow must be a number of tokens from 1000 to 100000000")
        return "context_window", value
    if key == "debounceMs":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5000:
            raise ValueError("debounceMs must be an integer from 0 to 5000")
        return "debounce_ms", value
    raise ValueError(f"unsupported setting {key!r}")


def _rule_codes() -> frozenset[str]:
    # Imported here: the rule families import this module.
    from skill_ls.rules import RULES

    return frozenset(RULES)


def _convert_rules(
    value: Any, source: str, problems: list[ConfigProblem]
) -> dict[str, Severity | None]:
    """Each entry on its own: a bad one is reported, the others still apply."""
    if not isinstance(value, dict):
        raise ValueError("rules must be a table of rule code = severity")
    codes = _rule_codes()
    rules: dict[str, Severity | None] = {}
    for code, level in value.items():
        name = str(code).upper()
        where = str(code)  # the key as written, so the line that sets it can be found
        if name not in codes:
            problems.append(ConfigProblem(source, where, f"unknown rule code {name}"))
            continue
        if not isinstance(level, str):
            problems.append(ConfigProblem(source, where, f"severity of {name} must be a string"))
            continue
        try:
            rules[name] = None if level.strip().lower() == "off" else Severity.parse(level)
        except ValueError as exc:
            problems.append(ConfigProblem(source, where, f"{name}: {exc}"))
    return rules


def _string_list(key: str, value: Any) -> list[str]:
    if isinstance(value, str):
        value = [part for part in re.split(r"[,\s]+", value) if part]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{key} must be a list of strings")
    return list(value)


def load_file_settings(root: Path) -> tuple[Settings, list[ConfigProblem]]:
    """Settings from pyproject.toml `[tool.skill-ls]` then `.skill-ls.toml` under `root`."""
    settings = Settings()
    problems: list[ConfigProblem] = []
    for path, table_path in (
        (root / "pyproject.toml", ("tool", "skill-ls")),
        (root / CONFIG_FILE, ()),
    ):
        try:
            with open_regular(path) as handle:
                data: Any = tomllib.load(handle)
        except FileNotFoundError:
            continue
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            problems.append(ConfigProblem(str(path), "", f"cannot read configuration: {exc}"))
            continue
        for part in table_path:
            data = data.get(part, {}) if isinstance(data, dict) else {}
        if not isinstance(data, dict):
            problems.append(ConfigProblem(str(path), "", "configuration must be a table"))
            continue
        settings, found = merge(settings, data, str(path))
        problems.extend(found)
    return settings, problems
