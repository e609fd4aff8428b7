"""Qwen Code's fallback frontmatter reader (its `parseSimple`), for `name` and `description`.

When the `yaml` package rejects a frontmatter block, Qwen Code reads it line by line: blank
lines and `#` lines are dropped; a top-level `key: value` line sets `key` to the rest of
the line after the first colon, trimmed (no continuation lines, no block scalars); an
indented line belongs to the map or list opened by a `key:` line with nothing after it
(a map drops the skill, a list reads as its items joined by commas, nulls left out).
A value is typed: `true`, `false`, `null`, a double-quoted string (quotes removed), a
number, else the text as it is. The skill then takes `String(value)`; null counts as
missing. Only what `name` and `description` come out as is modelled here.
"""

from __future__ import annotations

import math

# JavaScript's Number() accepts these besides decimal numbers; each reads as a number.
_JS_NUMBER_PREFIXES = ("0x", "0o", "0b", "0X", "0O", "0B")


def simple_fields(frontmatter: str) -> tuple[str | None, str | None]:
    """`name` and `description` as Qwen Code's simple reader takes them (None: missing)."""
    lines = [
        line
        for line in frontmatter.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if line.strip() and not line.strip().startswith("#")
    ]
    found: dict[str, str | None] = {}
    key = ""
    items: list[str | None] | None = None  # the list being read, for `key`
    in_map = False
    for at, line in enumerate(lines):
        if line.startswith("  - "):
            items = [] if items is None else items
            items.append(_as_string(line[4:].strip()))
            continue
        if items is not None:
            found[key] = _list_string(items)
            items, key = None, ""
        if line.startswith("  ") and in_map:
            continue
        in_map = False
        if ":" not in line:
            continue
        head, _, value = line.partition(":")
        value = value.strip()
        if value:
            found[head.strip()] = _as_string(value)
            continue
        key = head.strip()
        following = lines[at + 1] if at + 1 < len(lines) else ""
        if following.startswith("  ") and not following.startswith("  - "):
            # A map: an object without a prototype, which String() cannot convert, so a
            # name or description that is one drops the skill, as a missing one does.
            found[key], key, in_map = None, "", True
    if items is not None:
        found[key] = _list_string(items)
    return _present(found.get("name")), _present(found.get("description"))


def _list_string(items: list[str | None]) -> str:
    """JavaScript's String() of the array once its nulls are stripped: items joined by
    commas."""
    return ",".join(item for item in items if item is not None)


def _present(value: str | None) -> str | None:
    return None if value is None or value == "" else value


def _as_string(value: str) -> str | None:
    """`String(parseValue(value))`; None for null."""
    if value in ("true", "false"):
        return value
    if value == "null":
        return None
    if len(value) >= 2 and value.startswith('"') and value.endswith('"'):
        return value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    number = _js_number(value)
    return value if number is None else _js_number_text(number)


def _js_number(value: str) -> float | None:
    """JavaScript's `Number(value)` when it is finite, else None."""
    text = value.strip()
    try:
        if text.startswith(_JS_NUMBER_PREFIXES):
            return float(int(text, 0))
        if text.lower().lstrip("+-") in ("inf", "infinity", "nan") or "_" in text:
            return None
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _js_number_text(number: float) -> str:
    """`String(number)` for the common cases (integers, plain decimals)."""
    if number == int(number) and abs(number) < 1e21:
        return str(int(number))
    return repr(number)
