"""How a client reads one SKILL.md: what makes it drop the file, and the name and
description it takes (`Client.reading`). Read by `workspace/precedence.py` (load verdicts)
and the rules that predict them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# "strict": a YAML error drops the skill. "lenient": retries `key: a: b` as a string.
YamlMode = Literal["strict", "lenient"]
# The YAML loader the client reads frontmatter with, as it types plain scalars (an id of
# `clients.loaders.LOADERS`); findings name a client only when its loader is known.
YamlLoader = Literal["yaml-1.2-core", "js-yaml", "js-yaml-3", "yaml-1.1", "strictyaml", "unknown"]
# A SKILL.md without frontmatter, or whose frontmatter the client's YAML parser rejects:
# "skip" it | "ignore" the frontmatter and load it with the fallbacks | "ignore-missing" (a
# file without a block, or whose block is never closed, loads with the fallbacks, the whole
# text its body; a block the parser rejects drops the skill).
BadFrontmatter = Literal["skip", "ignore", "ignore-missing"]
# How the client reads `name` and `description`:
# - "yaml": the YAML loader, strict or lenient per `yaml`;
# - "yaml-else-lines": YAML when it loads and both are strings, else each `name:` /
#   `description:` line as plain text, indented lines continuing a description (the block
#   must open on the file's very first line; a skill without either is skipped: no
#   folder-name fallback; an empty description is kept);
# - "yaml-else-simple": YAML when it loads, else a simple `key: value` reader
#   (`clients.simple_yaml`, Qwen Code's `parseSimple`);
# - "yaml-else-flat": YAML when it loads, else every line trimmed and read as `key: value`
#   (`clients.flat_yaml`, Factory Droid's fallback), its typed fields checked as read there.
FieldReader = Literal["yaml", "yaml-else-lines", "yaml-else-simple", "yaml-else-flat"]
# A typed frontmatter key: a string, a boolean, a string or a list of strings, a map, or
# "text": a string or a whole number (a Rust `String` read by serde: `404` reads, a list
# fails and drops the skill).
FieldType = Literal["string", "bool", "strings", "map", "text"]
# The YAML types (`yamltree.js_text.value_kind`) each field type takes.
TYPE_ACCEPTS: dict[str, frozenset[str]] = {
    "string": frozenset({"string"}),
    "bool": frozenset({"bool"}),
    "strings": frozenset({"string", "strings"}),
    "map": frozenset({"map"}),
    "text": frozenset({"string", "int"}),
}
# What the client's YAML parser makes of a frontmatter line indented with a tab (YAML
# forbids tabs as indentation): "error" (the block fails, and a lenient retry does not
# mend it: `yaml` 2, js-yaml 4, serde_yaml) | "none" (the tab is not indentation, the line
# is read as a top-level one: js-yaml 3) | "spaces" (the tab indents as a space would, and
# a block that still fails is not mended).
TabIndent = Literal["error", "none", "spaces"]
# What a skill is keyed by (clashes, activation): "frontmatter" (`name`, else the folder) |
# "folder" (always the folder; a different `name` is only shown beside it, `folder (name)`,
# and also accepted on activation).
NameSource = Literal["frontmatter", "folder"]
# The letters a name may hold: "unicode-lowercase" (the spec and its reference validator:
# lowercase letters of any script, after NFKC normalisation) | "ascii" (only a-z; a name
# with other letters is dropped). The `unicodeNames` setting overrides it.
NameCharset = Literal["unicode-lowercase", "ascii"]
# A skill without a (non-blank) description: "skip" it | "body-first-line" (its first
# non-blank body line, heading marks dropped, over 100 characters cut to 97 + "...") |
# "body-lines" (its body lines joined by spaces, cut at `description_max`, when the
# frontmatter has no `description` key at all; a present one is kept as written, even
# empty, but for the line breaks that end it).
DescriptionFallback = Literal["skip", "body-first-line", "body-lines"]
# A `description` that is empty or only spaces: "drop" (it counts as none) | "keep-blank"
# (one of spaces is kept as written, an empty one counts as none: Continue CLI, oh-my-pi) |
# "keep" (both are kept: the skill is listed with it).
BlankDescription = Literal["drop", "keep-blank", "keep"]
# A skill without a `description`: "skip" it | "unlisted" (loaded, and activated by name,
# but left out of the catalog) | "listed" (loaded and listed without one: a catalog of
# names only).
MissingDescription = Literal["skip", "unlisted", "listed"]
# What the client makes of a `name` or `description` that YAML types as something other than
# a string (a number, a list, true/false); to drop the skill instead, list the key in
# `typed_fields` as "string":
# - "absent": read as if the key were missing (its fallbacks apply);
# - "number-text": a whole number reads as its text (`42` is "42"); anything else is absent;
# - "js-string": JavaScript's `String(value)`: a number's text, true/false, a list's items
#   joined by "," (`[a, b]` is "a,b");
# - "empty": a value JavaScript counts as true (a list, a number but 0, `true`) keeps the
#   skill, with an empty text; 0 and `false` are absent.
# Only these values are modelled (a whole decimal number, true/false, a list of strings);
# any other reads as absent.
NonString = Literal["absent", "number-text", "js-string", "empty"]


@dataclass(frozen=True)
class Reading:
    yaml: YamlMode = "lenient"
    yaml_loader: YamlLoader = "unknown"
    # The frontmatter is read only when `---` starts the file (a byte-order mark or a
    # blank line before it hides the block: no description, so the skill is skipped).
    frontmatter_at_start: bool = False
    bad_frontmatter: BadFrontmatter = "skip"
    tab_indent: TabIndent = "error"
    field_reader: FieldReader = "yaml"
    # A key repeated within one mapping of the frontmatter is a YAML error (the skill is
    # skipped), as in the `yaml` package's default `uniqueKeys`.
    unique_keys: bool = False
    # Frontmatter keys the client reads with a type; any other value of the key drops the
    # skill.
    typed_fields: tuple[tuple[str, FieldType], ...] = ()
    # The skill is dropped (not loaded, so it cannot be activated either) when one of these
    # (frontmatter key, value) pairs holds.
    dropped_when: tuple[tuple[str, object], ...] = ()
    # (frontmatter key, the values the client takes): any other value of the key drops the
    # skill (an absent key does not).
    allowed_values: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Strings (lower-cased, trimmed) the client reads as true in a boolean flag, besides
    # YAML's own `true` (Claude Code: "1", "true", "yes", "on").
    truthy_strings: frozenset[str] = frozenset()
    name_source: NameSource = "frontmatter"
    # A skill without a `name` string is skipped (no fallback to the folder name).
    name_required: bool = False
    # (regular expression, the rule in words): a skill whose name does not fully match the
    # expression is dropped.
    name_rule: tuple[str, str] | None = None
    name_charset: NameCharset = "unicode-lowercase"
    # `name` is trimmed of the spaces around it (a quoted `"  x  "` reads `x`); False: kept
    # as written, so the catalog shows the spaces and a name rule sees them (lab scenario
    # untrimmed-fields).
    trims_name: bool = True
    # Characters the client replaces with "-" in a skill's name.
    name_unsafe_chars: str = ""
    # The client warns but loads when `name` does not match the folder; False: it rejects
    # such a skill (an error), and a mismatch is an error when it is a target.
    lenient_name: bool = True
    description_fallback: DescriptionFallback = "skip"
    missing_description: MissingDescription = "skip"
    blank_description: BlankDescription = "drop"
    # A description longer than this many characters drops the skill (None: no limit).
    description_max: int | None = None
    # The frontmatter is read only when the file's first line, trimmed as JavaScript trims
    # (a byte-order mark with it), is `---`: after a blank line the file has no block for
    # the client (whose rules for a file without one then apply: Kimi Code CLI drops it,
    # Claude Code describes it by its first line, `---`), a byte-order mark does not hide
    # it. See also `frontmatter_at_start`, which a byte-order mark fails too.
    frontmatter_first_line: bool = False
    # The block is the text between the file's first two lines that are `---` and
    # whitespace, wherever they are (text above is dropped; a byte-order mark before the
    # first `---` makes it no such line), the body what follows the second (Continue CLI,
    # `document.split_block`).
    frontmatter_split: bool = False
    # A typed field (`typed_fields`) left empty (YAML null) counts as absent, not as a
    # value of the wrong type.
    typed_null_ok: bool = False
    # A `name` / `description` that is not a string (see `NonString`).
    non_string_name: NonString = "absent"
    non_string_description: NonString = "absent"

    def without_description(self) -> str:
        """What the client does with a skill whose frontmatter has no `description`: "skip",
        "body-first-line" / "body-lines" (describes it by its body), "unlisted" or "listed"
        (loads it without one). Read by SKL111 and the per-client schema."""
        if self.description_fallback != "skip" and self.field_reader == "yaml":
            return self.description_fallback
        return self.missing_description


def read_non_string(policy: NonString, kind: str | None, text: str) -> str | None:
    """A non-string value (of YAML type `kind`, JavaScript text `text`, see
    `yamltree.js_text`) as a client with `policy` reads it (None: as if absent)."""
    if policy == "number-text":
        return text if kind == "int" else None
    if policy == "js-string":
        return text
    if policy == "empty":
        truthy = kind in ("list", "strings") or text not in ("0", "false")
        return "" if truthy else None
    return None


def drops_for_type(reading: Reading, key: str, kind: str | None) -> bool:
    """Whether a client reading with `reading` drops a skill whose `key` has a value of the
    YAML type `kind` (None: the key is absent), for `typed_fields`."""
    if kind is None or (kind == "null" and reading.typed_null_ok):
        return False
    return any(
        kind not in TYPE_ACCEPTS.get(typed, frozenset({typed}))
        for typed_key, typed in reading.typed_fields
        if typed_key == key
    )
