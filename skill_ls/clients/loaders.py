"""YAML loaders as data: how each reads a plain (unquoted) scalar, for the forms where
loaders disagree with the YAML 1.2 core schema skill-ls reads by (`1_000`, `0b101`, `yes`,
`1:30`, ...). A client row names its loader (`Client.reading.yaml_loader`); where it is not known,
"unknown", and no finding names that client."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Loader:
    id: str
    name: str
    # Plain scalars this loader reads as something other than a string, beyond the YAML
    # 1.2 core schema: (kind, pattern) pairs, kind "bool" | "int" | "float" | "null".
    extra: tuple[tuple[str, re.Pattern[str]], ...] = ()
    # Every scalar is a string (strictyaml): nothing is read as a number or a boolean.
    all_strings: bool = False
    source: str = ""


# Each run is split at its first required character (`0b_*[01]`, not `0b[01_]*[01]`):
# two adjacent runs of the same characters backtrack, quadratic on `1____...x`.
_BINARY_OR_UNDERSCORE_INT = re.compile(r"[-+]?(?:0b_*[01][01_]*|[0-9]+_[0-9_]*)")
_UNDERSCORE_FLOAT = re.compile(r"[-+]?[0-9]+_[0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?")
_SEXAGESIMAL_INT = re.compile(r"[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+")
_SEXAGESIMAL_FLOAT = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*")
_YAML11_BOOL = re.compile(r"yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF")

LOADERS: dict[str, Loader] = {
    loader.id: loader
    for loader in (
        Loader(
            "yaml-1.2-core",
            "YAML 1.2 core schema",
            source="the `yaml` npm package 2.x (its default version is 1.2, core schema)",
        ),
        Loader(
            "js-yaml",
            "js-yaml",
            extra=(("int", _BINARY_OR_UNDERSCORE_INT), ("float", _UNDERSCORE_FLOAT)),
            source="js-yaml 3 and 4 (lib/type/int.js, float.js): binary `0b`, `_` between "
            "digits; only the forms both majors read as numbers",
        ),
        Loader(
            "js-yaml-3",
            "js-yaml 3",
            extra=(
                ("int", _BINARY_OR_UNDERSCORE_INT),
                ("int", _SEXAGESIMAL_INT),
                ("float", _UNDERSCORE_FLOAT),
                ("float", _SEXAGESIMAL_FLOAT),
            ),
            source="js-yaml 3 (lib/js-yaml/type/int.js, float.js): binary `0b`, `_` between "
            "digits, base 60 (`1:30`)",
        ),
        Loader(
            "yaml-1.1",
            "YAML 1.1 (PyYAML)",
            extra=(
                ("bool", _YAML11_BOOL),
                ("int", _BINARY_OR_UNDERSCORE_INT),
                ("int", _SEXAGESIMAL_INT),
                ("float", _UNDERSCORE_FLOAT),
                ("float", _SEXAGESIMAL_FLOAT),
            ),
            source="PyYAML's resolver (yaml/resolver.py): yes/no/on/off, `0b`, `_`, base 60",
        ),
        Loader(
            "strictyaml",
            "strictyaml",
            all_strings=True,
            source="strictyaml: every scalar is a string unless a schema says otherwise",
        ),
        Loader("unknown", "unknown"),
    )
}


def misread_as(loader_id: str, text: str) -> str | None:
    """The kind a loader reads a plain scalar as when the YAML 1.2 core schema reads it as a
    string: "bool", "int", "float" or "null"; None when it is a string to this loader too,
    or the loader is not known."""
    loader = LOADERS.get(loader_id)
    if loader is None or loader.all_strings:
        return None
    for kind, pattern in loader.extra:
        if pattern.fullmatch(text):
            return kind
    return None
