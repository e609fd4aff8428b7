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
from skill_ls.settings import Override, Settings, compiled_patterns

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


# The keys an `[[overrides]]` table may set besides `files`, and their `Settings` fields.
OVERRIDE_KEYS = {
    "ignore": "ignore",
    "select": "select",
    "rules": "rules",
    "targetClients": "target_clients",
}


def merge(
    base: Settings, values: dict[str, Any], source: str, *, in_file: bool = False
) -> tuple[Settings, list[ConfigProblem]]:
    """Apply a mapping of settings over `base`; return the result and what was wrong.

    `in_file`: the values are a configuration file's, which alone may hold `[[overrides]]`
    (appended to those of `base`). Values from elsewhere (the command line, the editor) are
    applied over the overrides too: see `_over_overrides`."""
    problems: list[ConfigProblem] = []
    properties = settings_schema()["properties"]
    changes: dict[str, Any] = {}
    rule_codes: set[str] = set()  # the codes whose level `values` sets
    for raw_key, value in values.items():
        key = _camel(str(raw_key))
        if key in _editor_only():
            continue
        if key not in properties:
            problems.append(ConfigProblem(source, str(raw_key), f"unknown setting {raw_key!r}"))
            continue
        if key == "overrides":
            if not in_file:
                problems.append(
                    ConfigProblem(
                        source, str(raw_key), "overrides are read from a configuration file only"
                    )
                )
                continue
            found = _overrides(value, source, str(raw_key), problems)
            changes["overrides"] = (*base.overrides, *found)
            continue
        if key == "rules":
            if not isinstance(value, dict):
                problems.append(
                    ConfigProblem(source, str(raw_key), "rules must be a table of code = severity")
                )
                continue
            levels = _rule_levels(value, source, problems)
            rule_codes.update(levels)
            changes["rules"] = {**base.rules, **levels}
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
    if base.overrides and not in_file:
        changes["overrides"] = _over_overrides(base, changes, rule_codes)
    return replace(base, **changes), problems


def _over_overrides(
    base: Settings, changes: dict[str, Any], rule_codes: set[str]
) -> tuple[Override, ...]:
    """The overrides of `base` under values from the command line or the editor, which
    hold in every file: the `select`, `target-clients` and rule levels they set win over an
    override's, and the codes their `ignore` adds to the file's are ignored everywhere."""
    added = tuple(code for code in changes.get("ignore", ()) if code not in base.ignore)
    kept: list[Override] = []
    for override in base.overrides:
        kept.append(
            replace(
                override,
                select=None if "select" in changes else override.select,
                target_clients=None if "target_clients" in changes else override.target_clients,
                ignore=(*override.ignore, *added) if override.ignore is not None else None,
                rules={c: v for c, v in override.rules.items() if c not in rule_codes},
            )
        )
    return tuple(kept)


def _overrides(value: Any, source: str, key: str, problems: list[ConfigProblem]) -> list[Override]:
    """`[[overrides]]` tables, each checked on its own: a bad key or value is reported and
    the rest of that table still applies; one without usable `files` matches nothing and is
    dropped."""
    if not isinstance(value, list):
        problems.append(ConfigProblem(source, key, f"{key} must be an array of tables"))
        return []
    base = os.path.dirname(os.path.abspath(source))
    found: list[Override] = []
    for number, table in enumerate(value, start=1):
        where = f"{key}[{number}]"
        if not isinstance(table, dict):
            problems.append(ConfigProblem(source, key, f"{where} must be a table"))
            continue
        files: tuple[str, ...] = ()
        settings_values: dict[str, Any] = {}
        for raw, item in table.items():
            name = _camel(str(raw))
            if name == "files":
                files = _override_files(item, source, where, problems)
            elif name in OVERRIDE_KEYS:
                settings_values[raw] = item
            else:
                allowed = ", ".join(["files", "ignore", "select", "rules", "target-clients"])
                problems.append(
                    ConfigProblem(
                        source,
                        str(raw),
                        f"unknown key {raw!r} in {where} (an override may set {allowed})",
                    )
                )
        if "files" not in {_camel(str(raw)) for raw in table}:
            problems.append(ConfigProblem(source, key, f"{where} has no files"))
        parsed, found_problems = merge(Settings(), settings_values, source)
        problems.extend(replace(p, message=f"{where}: {p.message}") for p in found_problems)
        if not files:
            continue
        given = {OVERRIDE_KEYS[_camel(str(raw))] for raw in settings_values}
        found.append(
            Override(
                base,
                files,
                ignore=parsed.ignore if "ignore" in given else None,
                select=parsed.select if "select" in given else None,
                rules=parsed.rules,
                target_clients=parsed.target_clients if "target_clients" in given else None,
            )
        )
    return found


def _override_files(
    value: Any, source: str, where: str, problems: list[ConfigProblem]
) -> tuple[str, ...]:
    """The override's patterns, or () when they are not a non-empty list of patterns that
    compile."""
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        problems.append(
            ConfigProblem(
                source,
                "files",
                f"{where}: files must be a non-empty list of gitignore-style patterns (strings)",
            )
        )
        return ()
    good: list[str] = []
    for pattern in value:
        if not pattern.strip() or pattern.lstrip().startswith("#"):
            problems.append(
                ConfigProblem(
                    source,
                    "files",
                    f"{where}: {pattern!r} is no pattern (empty or a comment), it matches nothing",
                )
            )
            continue
        try:
            compiled_patterns((pattern,))
        except Exception as exc:  # pathspec's errors for a pattern git would not take
            problems.append(ConfigProblem(source, "files", f"{where}: bad pattern: {exc}"))
            continue
        good.append(pattern)
    return tuple(good)


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
        settings, found = merge(settings, data, str(path), in_file=True)
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
    import tomllib  # only where a configuration file is found (4 ms of a small check)

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
