"""Frontmatter fields as data: type, constraints, docs. Which client honours which field is
in its row (`agents/<id>.py`, `Client.fields`). Validation, completion, hover and the JSON
Schema export all read this table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldSpec:
    name: str
    # "string" | "boolean" | "enum" | "string-map" | "tools" | "string-or-list" | "map" | "any"
    type: str
    doc: str
    enum: tuple[str, ...] = ()
    min_length: int | None = None
    max_length: int | None = None
    required: bool = False
    # Completion snippet for the value (LSP snippet syntax); None: no snippet.
    snippet: str | None = None
    # Part of the agentskills.io specification (as opposed to one client's extension).
    spec: bool = False
    # A regular expression the whole value must match (JSON Schema `pattern`).
    pattern: str | None = None


# The spec's limits and naming rule. The validator reports the finer points (length in code
# points, Unicode letters when allowed, the folder name).
NAME_MAX = 64
DESCRIPTION_MAX = 1024
COMPATIBILITY_MAX = 500
NAME_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"
# The same shape where letters of any script are allowed: no ASCII uppercase, space or
# punctuation but single inner hyphens (the validator checks case and NFKC beyond ASCII).
_NAME_CHAR = r"[^\s\-A-Z!-,./:-@\[-`{-~]"
UNICODE_NAME_PATTERN = f"^{_NAME_CHAR}+(-{_NAME_CHAR}+)*$"
# One character of a name (the pattern's alphabet).
NAME_CHARACTER = "[a-z0-9-]"


SPEC_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "name",
        "string",
        f"Skill name: 1–{NAME_MAX} characters, lowercase letters, digits and hyphens, no "
        "leading, trailing or double hyphen; must equal the skill's folder name.",
        min_length=1,
        max_length=NAME_MAX,
        required=True,
        spec=True,
        pattern=NAME_PATTERN,
    ),
    FieldSpec(
        "description",
        "string",
        f"What the skill does and when to use it (1–{DESCRIPTION_MAX} characters). Agents see "
        "it in their catalog and decide from it alone whether to load the skill.",
        min_length=1,
        max_length=DESCRIPTION_MAX,
        required=True,
        spec=True,
        snippet="${1:What this skill does}. Use when ${2:the situation it is for}.",
    ),
    FieldSpec(
        "license",
        "string",
        "License name or the name of a bundled license file.",
        spec=True,
        snippet="${1:Apache-2.0}",
    ),
    FieldSpec(
        "compatibility",
        "string",
        f"Environment requirements (1–{COMPATIBILITY_MAX} characters): intended product, "
        "system packages, network access.",
        min_length=1,
        max_length=COMPATIBILITY_MAX,
        spec=True,
    ),
    FieldSpec(
        "metadata",
        "string-map",
        "Map of string keys to string values for properties the spec does not define "
        "(author, version, ...).",
        spec=True,
    ),
    FieldSpec(
        "allowed-tools",
        "tools",
        "Experimental. Space-separated list of tools the skill may use without asking, "
        "e.g. `Bash(git:*) Read`.",
        spec=True,
    ),
)

CLIENT_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "when_to_use",
        "string",
        "Claude Code, Qwen Code: extra trigger guidance appended to the description in the "
        "listing (counts towards the per-entry cap of Claude Code's skill listing).",
    ),
    FieldSpec(
        "argument-hint",
        "string",
        "Hint shown after the slash command for arguments, e.g. `[issue-number]`. "
        "Quote it: an unquoted `[x]` is a YAML list.",
        snippet='"${1:[argument]}"',
    ),
    FieldSpec(
        "arguments",
        "string-or-list",
        "Claude Code: named positional arguments for `$name` substitution in the body.",
    ),
    FieldSpec(
        "disable-model-invocation",
        "boolean",
        "`true` hides the skill from the model's catalog: only the user can invoke it.",
    ),
    FieldSpec(
        "user-invocable",
        "boolean",
        "`false` hides the skill from the slash-command menu; the model can still use it.",
    ),
    FieldSpec("disallowed-tools", "tools", "Claude Code: tools the skill must not use."),
    FieldSpec(
        "model",
        "string",
        "Claude Code: the model to use while the skill is active (`inherit`, `sonnet`, "
        "`opus`, `haiku` or a full model id).",
    ),
    FieldSpec(
        "effort",
        "enum",
        "Claude Code: reasoning effort while the skill is active.",
        enum=("low", "medium", "high", "xhigh", "max"),
    ),
    FieldSpec(
        "context", "enum", "`fork` runs the skill in a forked sub-agent context.", enum=("fork",)
    ),
    FieldSpec("agent", "string", "Claude Code: sub-agent type used with `context: fork`."),
    FieldSpec("background", "boolean", "Claude Code: run the forked skill in the background."),
    FieldSpec("hooks", "map", "Claude Code: lifecycle hooks scoped to this skill."),
    FieldSpec(
        "paths",
        "string-or-list",
        "Claude Code: glob patterns; the skill is offered only when matching files are in play.",
    ),
    FieldSpec(
        "allowedTools",
        "tools",
        "Qwen Code: tools allowed without asking while the skill is active (a list; any "
        "other value drops the skill).",
    ),
    FieldSpec(
        "priority",
        "any",
        "Qwen Code: a finite number ordering the skill in its `/skills` display; any other "
        "value is ignored with a warning.",
    ),
    FieldSpec(
        "shell", "enum", "Claude Code: shell for `!` command blocks.", enum=("bash", "powershell")
    ),
    FieldSpec(
        "disabled",
        "boolean",
        "Cline CLI: `true` leaves the skill out of the catalog and refuses its activation; "
        "any value but true, false or empty drops the skill.",
    ),
    FieldSpec(
        "enabled",
        "boolean",
        "Cline CLI: `false` leaves the skill out of the catalog and refuses its activation; "
        "any value but true, false or empty drops the skill.",
    ),
    FieldSpec(
        "type",
        "string",
        "Kimi Code CLI: `prompt` or `inline` (listed, as without it); `reference` and `flow` "
        "are loaded but left out of the catalog and refused on activation; any other value "
        "drops the skill.",
    ),
)

# Fields that look like client fields but are Yoi's non-standard workflow projections.
YOI_FORBIDDEN_FIELDS: tuple[str, ...] = (
    "model_invokation",
    "model_invocation",
    "user_invocable",
    "disable_model_invocation",
    "workflow",
    "workflow_steps",
)

ALL_FIELDS: dict[str, FieldSpec] = {spec.name: spec for spec in SPEC_FIELDS + CLIENT_FIELDS}
SPEC_FIELD_NAMES: frozenset[str] = frozenset(spec.name for spec in SPEC_FIELDS)

# `metadata` keys seen in practice, offered by completion.
COMMON_METADATA_KEYS: tuple[tuple[str, str], ...] = (
    ("author", "Who wrote or maintains the skill."),
    ("version", "The skill's version, e.g. `1.0.0`."),
    ("short-description", "Codex: a shorter description shown in its UI."),
    ("tags", "Comma-separated topics."),
    ("category", "A grouping used by some collections."),
    ("homepage", "Where the skill is documented."),
)
