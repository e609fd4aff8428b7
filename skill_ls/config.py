"""Configuration loading: settings read from files, the CLI and the editor, checked against
the one schema (data/settings.schema.json) and turned into a `Settings` value.

Sources, later ones winning: `[tool.skill-ls]` in pyproject.toml, `.skill-ls.toml` at the
workspace root, then command-line flags or the editor's `skillLs` settings. Keys may be
written camelCase (editor), kebab-case or snake_case (TOML). Unknown keys and bad values are
reported as problems, never silently dropped, and never crash anything.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, fields, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from skill_ls.clients.groups import expand_clients
from skill_ls.diagnostics import Severity
from skill_ls.files import read_regular, too_wide_root
from skill_ls.rules import RULES
from skill_ls.rules.registry import docs_base_problem
from skill_ls.schema_values import problem
from skill_ls.settings import Settings

__all__ = [
    "CONFIG_FILE",
    "ConfigProblem",
    "Settings",
    "load_file_settings",
    "merge",
    "settings_schema",
]

CONFIG_FILE = ".skill-ls.toml"
# A configuration file is read up to this many bytes; a bigger one is one problem, not read.
MAX_CONFIG_BYTES = 1 << 20


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


def _camel(key: str) -> str:
    parts = re.split(r"[-_]", key)
    return parts[0] + "".join(part[:1].upper() + part[1:] for part in parts[1:])


def _snake(key: str) -> str:
    return re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), key)


@cache
def _editor_only() -> frozenset[str]:
    """Schema keys with no `Settings` field belong to the editor (the VS Code client reads
    them); the server accepts and ignores them, also as nested tables (`server.path`)."""
    attributes = {f.name for f in fields(Settings)}
    keys = {key for key in settings_schema()["properties"] if _snake(key) not in attributes}
    return frozenset(keys | {key.split(".")[0] for key in keys})


def merge(
    base: Settings, values: dict[str, Any], source: str
) -> tuple[Settings, list[ConfigProblem]]:
    """Apply a mapping of settings over `base`; return the result and what was wrong."""
    problems: list[ConfigProblem] = []
    properties = settings_schema()["properties"]
    changes: dict[str, Any] = {}
    for raw_key, value in values.items():
        key = _camel(str(raw_key))
        if key in _editor_only():
            continue
        if key not in properties:
            problems.append(ConfigProblem(source, str(raw_key), f"unknown setting {raw_key!r}"))
            continue
        if key == "rules":
            if not isinstance(value, dict):
                problems.append(
                    ConfigProblem(source, str(raw_key), "rules must be a table of code = severity")
                )
                continue
            changes["rules"] = {**base.rules, **_rule_levels(value, source, problems)}
            continue
        schema = properties[key]
        if schema.get("type") == "array" and isinstance(value, str):
            # The command line and hand-written settings may give a list as one string.
            value = [part for part in re.split(r"[,\s]+", value) if part]
        wrong = problem(key, value, schema)
        if wrong is not None:
            problems.append(ConfigProblem(source, str(raw_key), wrong))
            continue
        if key in ("extraRoots", "builtinSkills"):
            problems.extend(_too_wide(value, source, str(raw_key)))
        if key == "docsUrl" and isinstance(value, str) and value:
            wrong = docs_base_problem(value)
            if wrong is not None:
                problems.append(ConfigProblem(source, str(raw_key), f"{raw_key}: {wrong}"))
                continue
        if key in ("select", "ignore"):
            value = [item.upper() for item in value]
            problems.extend(_unmatched_codes(value, source, str(raw_key)))
        if key == "targetClients":
            value = list(expand_clients(value))  # groups (`all`, `observed`, ...) as ids
        if isinstance(value, float):
            value = int(value)  # JSON Schema counts 5.0 as an integer; Settings holds ints
        changes[_snake(key)] = tuple(value) if isinstance(value, list) else value
    return replace(base, **changes), problems


def _too_wide(value: Any, source: str, key: str) -> list[ConfigProblem]:
    """Absolute folders too wide to search (the disk, the home folder or above): said here,
    where they are written; the index never searches them, however they are written."""
    home = os.path.normpath(os.path.expanduser("~"))
    wide = [
        pattern
        for pattern in (value if isinstance(value, list) else [value])
        if isinstance(pattern, str)
        and (pattern.startswith("~") or os.path.isabs(pattern))
        and too_wide_root(os.path.normpath(os.path.abspath(os.path.expanduser(pattern))), home)
    ]
    if not wide:
        return []
    listed = ", ".join(repr(pattern) for pattern in wide)
    return [
        ConfigProblem(
            source, key, f"{key}: {listed} not searched (the disk, the home folder or above)"
        )
    ]


def _unmatched_codes(prefixes: list[str], source: str, key: str) -> list[ConfigProblem]:
    unknown = [p for p in prefixes if not any(code.startswith(p) for code in RULES)]
    if not unknown:
        return []
    verb = "matches" if len(unknown) == 1 else "match"
    return [ConfigProblem(source, key, f"{', '.join(unknown)} in {key} {verb} no rule code")]


def _rule_levels(
    value: dict[Any, Any], source: str, problems: list[ConfigProblem]
) -> dict[str, Severity | None]:
    """Each entry on its own: a bad one is reported, the others still apply."""
    levels: dict[str, Severity | None] = {}
    for code, level in value.items():
        name = str(code).upper()
        where = str(code)  # the key as written, so the line that sets it can be found
        if name not in RULES:
            problems.append(ConfigProblem(source, where, f"unknown rule code {name}"))
            continue
        if not isinstance(level, str):
            problems.append(ConfigProblem(source, where, f"severity of {name} must be a string"))
            continue
        try:
            # Severity.parse also takes the spellings people write (`warn`, `Information`).
            levels[name] = None if level.strip().lower() == "off" else Severity.parse(level)
        except ValueError as exc:
            problems.append(ConfigProblem(source, where, f"{name}: {exc}"))
    return levels


def load_file_settings(root: Path) -> tuple[Settings, list[ConfigProblem]]:
    """Settings from pyproject.toml `[tool.skill-ls]` then `.skill-ls.toml` under `root`.

    Never raises: a file that cannot be read, is over `MAX_CONFIG_BYTES` or is not TOML
    (hostile nesting and integers too long to convert included) is one problem on that
    file, and the other file still applies."""
    settings = Settings()
    problems: list[ConfigProblem] = []
    for path, table_path in (
        (root / "pyproject.toml", ("tool", "skill-ls")),
        (root / CONFIG_FILE, ()),
    ):
        data, why = _read_toml(path)
        if why is not None:
            problems.append(ConfigProblem(str(path), "", f"cannot read configuration: {why}"))
            continue
        if data is None:
            continue
        for part in table_path:
            data = data.get(part, {}) if isinstance(data, dict) else {}
        if not isinstance(data, dict):
            problems.append(ConfigProblem(str(path), "", "configuration must be a table"))
            continue
        settings, found = merge(settings, data, str(path))
        problems.extend(found)
    return settings, problems


def _read_toml(path: Path) -> tuple[Any, str | None]:
    """(the TOML document at `path`, None), (None, None) when there is no such file, or
    (None, why it cannot be read); never raises."""
    try:
        data = read_regular(path, MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL in it
        return None, str(exc)
    if len(data) > MAX_CONFIG_BYTES:
        return None, f"the file is larger than {MAX_CONFIG_BYTES:,} bytes, more than is read"
    try:
        return tomllib.loads(data.decode("utf-8")), None
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 ({exc.reason} at byte {exc.start})"
    except RecursionError:
        return None, "the TOML nests too deep to read"
    except tomllib.TOMLDecodeError as exc:
        return None, str(exc)
    except (ValueError, MemoryError):
        # An integer with more digits than Python converts (`sys.get_int_max_str_digits`).
        return None, "a value in it is too large to read"
