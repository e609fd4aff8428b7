"""Client fields (SKL3xx): keys beyond the spec, judged against the clients a skill is for."""

from __future__ import annotations

import pytest

from skill_ls.clients.fields import ALL_FIELDS, YOI_FORBIDDEN_FIELDS
from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.settings import Settings

from ..unit_helpers import apply_fix, codes, covered, find, one, r, run, skill

NAME = "name: my-skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."


def fields(
    *lines: str, targets: tuple[str, ...] = (), discovered_by: tuple[str, ...] = ()
) -> list[Diagnostic]:
    settings = Settings(select=("SKL3",), target_clients=targets)
    return run(skill(NAME, DESC, *lines), settings=settings, discovered_by=discovered_by)


# --- Unknown fields and audiences ------------------------------------------------------------


def test_spec_fields_are_never_unknown() -> None:
    lines = ("license: MIT", "compatibility: x", "metadata:", "  a: b", "allowed-tools: Read")
    assert fields(*lines) == []
    assert fields(*lines, targets=("gemini-cli",)) == []


def test_field_honoured_by_every_target() -> None:
    assert fields("argument-hint: '[file]'", targets=("claude-code",)) == []
    assert fields("argument-hint: '[file]'", targets=("claude-code", "copilot")) == []


def test_field_honoured_by_some_targets_is_info() -> None:
    diag = one(fields("argument-hint: '[file]'", targets=("claude-code", "codex")), "SKL301")
    assert diag.severity is Severity.INFO
    assert diag.range == r(3, 0, 3, 13)
    assert diag.message == "`argument-hint` is honoured by Claude Code but ignored by OpenAI Codex"
    assert diag.data == {"key": "argument-hint"}


def test_field_every_target_ignores_silently_is_info_naming_who_honours_it() -> None:
    diag = one(fields("argument-hint: '[file]'", targets=("codex", "gemini-cli")), "SKL301")
    assert diag.severity is Severity.INFO
    assert diag.message == (
        "`argument-hint` is honoured only by Claude Code, Copilot Chat (VS Code), Copilot CLI "
        "and Qwen Code; ignored by OpenAI Codex and Gemini CLI"
    )


def test_field_a_target_warns_about_is_a_warning_naming_it() -> None:
    diag = one(fields("argument-hint: '[file]'", targets=("codex", "agentskills")), "SKL301")
    assert diag.severity is Severity.WARNING
    assert diag.message == (
        "`argument-hint` is honoured only by Claude Code, Copilot Chat (VS Code), Copilot CLI "
        "and Qwen Code; ignored by OpenAI Codex and Agent Skills spec; Agent Skills spec warns "
        "about it"
    )


def test_field_honoured_by_one_target_and_warned_about_by_another() -> None:
    diag = one(fields("effort: high", targets=("claude-code", "copilot")), "SKL301")
    assert diag.severity is Severity.WARNING
    assert diag.message == (
        "`effort` is honoured by Claude Code but ignored by Copilot Chat (VS Code); "
        "Copilot Chat (VS Code) warns about it"
    )


def test_audience_from_discovery_when_no_targets() -> None:
    found = fields("argument-hint: '[file]'", discovered_by=("codex", "gemini-cli"))
    assert one(found, "SKL301").severity is Severity.INFO
    found = fields("argument-hint: '[file]'", discovered_by=("agentskills", "codex"))
    assert one(found, "SKL301").severity is Severity.WARNING
    assert fields("argument-hint: '[file]'", discovered_by=("claude-code", "copilot")) == []
    # Configured targets win over discovery.
    found = fields("argument-hint: '[file]'", targets=("claude-code",), discovered_by=("codex",))
    assert found == []


def test_every_client_is_the_audience_by_default() -> None:
    diag = one(fields("argument-hint: '[file]'"), "SKL301")
    # The spec profile and insomnia warn about keys they do not know.
    assert diag.severity is Severity.WARNING
    assert diag.message.endswith("; Agent Skills spec and insomnia warn about it")
    assert diag.message.startswith(
        "`argument-hint` is honoured by Claude Code, Copilot Chat (VS Code), Copilot CLI and "
        "Qwen Code but ignored by "
    )
    assert "OpenAI Codex" in diag.message and "Gemini CLI" in diag.message


def test_field_no_client_reads() -> None:
    diag = one(fields("version: 1.0", targets=("claude-code",)), "SKL301")
    assert diag.severity is Severity.INFO
    assert diag.message == (
        "unknown field `version`: no client reads it; Claude Code ignores it; keep custom data "
        "under `metadata`"
    )


def test_field_no_client_reads_is_a_warning_when_a_target_warns() -> None:
    diag = one(fields("version: 1.0", targets=("claude-code", "insomnia")), "SKL301")
    assert diag.severity is Severity.WARNING
    assert diag.message == (
        "unknown field `version`: no client reads it; insomnia warns about it; keep custom data "
        "under `metadata`"
    )


def test_misspelt_field_suggests_and_renames() -> None:
    text = skill(NAME, DESC, "argumnet-hint: x")
    diag = one(run(text, settings=Settings(select=("SKL3",))), "SKL301")
    assert diag.message.endswith("did you mean `argument-hint`?")
    assert diag.fixes[0].title == "Rename to `argument-hint`"
    fixed = apply_fix(text, diag.fixes[0])
    assert "\nargument-hint: x\n" in fixed
    settings = Settings(select=("SKL3",), target_clients=("claude-code",))
    assert "SKL301" not in codes(run(fixed, settings=settings))


def test_unknown_field_moved_under_new_metadata() -> None:
    text = skill(NAME, DESC, "version: 1.0", "license: MIT")
    diag = one(run(text, settings=Settings(select=("SKL3",))), "SKL301")
    move = diag.fixes[0]
    assert move.title == "Move `version` under `metadata`"
    fixed = apply_fix(text, move)
    assert fixed == skill(NAME, DESC, "license: MIT", "metadata:", '  version: "1.0"')
    assert run(fixed, settings=Settings(select=("SKL1", "SKL3"))) == []


def test_unknown_field_moved_under_existing_metadata() -> None:
    text = skill(NAME, DESC, "metadata:", "  author: me", "version: 1.0")
    diag = one(run(text, settings=Settings(select=("SKL3",))), "SKL301")
    fixed = apply_fix(text, diag.fixes[0])
    assert fixed == skill(NAME, DESC, "metadata:", "  author: me", '  version: "1.0"')
    assert run(fixed, settings=Settings(select=("SKL1", "SKL3"))) == []


def test_unknown_field_moved_under_metadata_keeps_its_indentation() -> None:
    text = skill(NAME, DESC, "metadata:", "    author: me", "version: 1.0")
    diag = one(run(text, settings=Settings(select=("SKL3",))), "SKL301")
    fixed = apply_fix(text, diag.fixes[0])
    assert fixed == skill(NAME, DESC, "metadata:", "    author: me", '    version: "1.0"')
    assert run(fixed, settings=Settings(select=("SKL0", "SKL1", "SKL3"))) == []


def test_no_move_when_metadata_has_the_key_already() -> None:
    diag = one(fields("metadata:", "  version: '1'", "version: 2", targets=("codex",)), "SKL301")
    assert [f.title for f in diag.fixes] == ["Remove `version`"]


def test_unknown_field_with_a_block_value_is_removed_whole() -> None:
    text = skill(NAME, "tags:", "  - a", "  - b", DESC)
    diag = one(run(text, settings=Settings(select=("SKL3",))), "SKL301")
    assert [f.title for f in diag.fixes] == ["Remove `tags`"]
    assert not diag.fixes[0].safe
    assert apply_fix(text, diag.fixes[0]) == skill(NAME, DESC)


def test_no_move_into_a_flow_or_empty_metadata() -> None:
    for metadata in ("metadata: {a: b}", "metadata:"):
        diag = one(fields(metadata, "version: x", targets=("codex",)), "SKL301")
        assert [f.title for f in diag.fixes] == ["Remove `version`"]


# --- Yoi's workflow fields -------------------------------------------------------------------


@pytest.mark.parametrize("key", YOI_FORBIDDEN_FIELDS)
def test_yoi_workflow_fields_are_errors_for_yoi(key: str) -> None:
    diag = one(fields(f"{key}: true", targets=("yoi",)), "SKL303")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(3, 0, 3, len(key))
    assert "Yoi rejects it" in diag.message


def test_yoi_workflow_fields_when_discovered_by_yoi() -> None:
    found = fields("model_invokation: true", discovered_by=("yoi",))
    assert codes(found) == ["SKL303"]


def test_yoi_workflow_fields_without_yoi_are_plain_unknown_fields() -> None:
    found = fields("model_invokation: true", targets=("claude-code", "codex"))
    assert codes(found) == ["SKL301"]
    assert found[0].severity is Severity.INFO
    found = fields("model_invokation: true", discovered_by=("claude-code",))
    assert codes(found) == ["SKL301"]


def test_yoi_workflow_field_fix_removes_it() -> None:
    text = skill(NAME, DESC, "user_invocable: true")
    settings = Settings(select=("SKL3",), target_clients=("yoi",))
    diag = one(run(text, settings=settings), "SKL303")
    fixed = apply_fix(text, diag.fixes[-1])
    assert fixed == skill(NAME, DESC)


# --- Types and enums -------------------------------------------------------------------------


CLAUDE = ("claude-code",)


@pytest.mark.parametrize(
    ("line", "rng", "kind", "outcome"),
    [
        # Observed: Claude Code 2.1.332 hides a skill with `disable-model-invocation: yes`
        # or `"true"` (clientlab/goldens/claude-code/dmi-variants).
        ("disable-model-invocation: 'true'", r(3, 26, 3, 32), "a string", "reads it as true"),
        ('user-invocable: "false"', r(3, 16, 3, 23), "a string", "ignores the value"),
        ("disable-model-invocation: yes", r(3, 26, 3, 29), "a string", "reads it as true"),
        ("user-invocable: 1", r(3, 16, 3, 17), "a number", "ignores the value"),
        ("background: [true]", r(3, 12, 3, 18), "a list", "ignores the value"),
    ],
)
def test_boolean_fields(line: str, rng: object, kind: str, outcome: str) -> None:
    diag = one(fields(line, targets=CLAUDE), "SKL302")
    assert diag.severity is Severity.WARNING  # Claude Code keeps the skill
    assert diag.range == rng
    assert diag.message.endswith(f"to be true or false, but it is {kind}; Claude Code {outcome}")
    assert diag.message.startswith("Claude Code expects")


def test_boolean_field_of_another_type_drops_the_skill_in_copilot_cli() -> None:
    # Copilot CLI reads `user-invocable` typed: any other value drops the whole skill.
    diag = one(fields("user-invocable: 'no'", targets=("copilot-cli",)), "SKL302")
    assert diag.message == (
        "Copilot CLI expects `user-invocable` to be true or false, but it is a string; "
        "Copilot CLI drops the skill"
    )
    assert diag.severity is Severity.ERROR
    diag = one(fields("user-invocable: 'no'", targets=("claude-code", "copilot-cli")), "SKL302")
    assert diag.severity is Severity.ERROR
    assert diag.message.endswith("; Copilot CLI drops the skill, Claude Code ignores the value")


@pytest.mark.parametrize("quoted", ["'true'", '"False"'])
def test_boolean_written_as_a_string_fix(quoted: str) -> None:
    text = skill(NAME, DESC, f"disable-model-invocation: {quoted}")
    settings = Settings(select=("SKL3",), target_clients=CLAUDE)
    diag = one(run(text, settings=settings), "SKL302")
    fixed = apply_fix(text, diag.fixes[0])
    assert f"disable-model-invocation: {quoted.strip(chr(39) + chr(34)).lower()}\n" in fixed
    assert run(fixed, settings=settings) == []


@pytest.mark.parametrize("value", ["true", "false", "True", "FALSE"])
def test_real_booleans_are_fine(value: str) -> None:
    assert fields(f"disable-model-invocation: {value}", targets=CLAUDE) == []


def test_boolean_field_message_names_every_honouring_target() -> None:
    diag = one(fields("user-invocable: 'no'", targets=("claude-code", "copilot")), "SKL302")
    assert diag.message.startswith("Claude Code and Copilot Chat (VS Code) expect `user-invocable`")


@pytest.mark.parametrize("value", ["low", "medium", "high", "xhigh", "max"])
def test_effort_enum_values(value: str) -> None:
    assert fields(f"effort: {value}", targets=CLAUDE) == []


@pytest.mark.parametrize(
    ("value", "fix"), [("High", "high"), ("meduim", "medium"), ("extreme", None), ("5", None)]
)
def test_effort_outside_the_enum(value: str, fix: str | None) -> None:
    text = skill(NAME, DESC, f"effort: {value}")
    settings = Settings(select=("SKL3",), target_clients=CLAUDE)
    diag = one(run(text, settings=settings), "SKL302")
    assert diag.range == r(3, 8, 3, 8 + len(value))
    assert diag.message == (
        f"`effort` must be one of low, medium, high, xhigh, max for Claude Code; got '{value}'"
    )
    if fix is None:
        assert diag.fixes == ()
    else:
        fixed = apply_fix(text, diag.fixes[0])
        assert f"effort: {fix}\n" in fixed
        assert run(fixed, settings=settings) == []


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("context: forked", "`context` must be one of fork for Claude Code; got 'forked'"),
        ("shell: zsh", "`shell` must be one of bash, powershell for Claude Code; got 'zsh'"),
        (
            "effort: [low]",
            "`effort` must be one of low, medium, high, xhigh, max for Claude Code; got 'a list'",
        ),
    ],
)
def test_other_enums(line: str, message: str) -> None:
    assert one(fields(line, targets=CLAUDE), "SKL302").message == message


def test_argument_hint_of_two_unquoted_lists_is_unreadable_yaml() -> None:
    text = skill(NAME, DESC, "argument-hint: [issue-number] [branch]")
    settings = Settings(select=("SKL0", "SKL3"), target_clients=CLAUDE)
    diag = one(run(text, settings=settings), "SKL003")
    assert diag.range.start.line == 3


def test_argument_hint_flow_list_drops_the_skill_in_copilot_cli() -> None:
    # Observed: Copilot CLI 1.0.102 drops the skill, Claude Code 2.1.332 lists it
    # (clientlab/goldens/*/argument-hint-list).
    found = fields("argument-hint: [file]", targets=("claude-code", "copilot-cli"))
    diag = one(found, "SKL302")
    assert diag.severity is Severity.ERROR
    assert diag.message == (
        "`argument-hint` must be a string for Claude Code and Copilot CLI, but it is a list "
        "(an unquoted `[...]` is a YAML list); Copilot CLI drops the skill, Claude Code keeps it"
    )
    diag = one(fields("argument-hint: [file]", targets=("copilot-cli",)), "SKL302")
    assert diag.severity is Severity.ERROR
    assert diag.message.endswith("; Copilot CLI drops the skill")


def test_argument_hint_flow_list_is_a_warning_where_every_target_keeps_the_skill() -> None:
    diag = one(fields("argument-hint: [file]", targets=("claude-code", "copilot")), "SKL302")
    assert diag.severity is Severity.WARNING
    assert diag.message == (
        "`argument-hint` must be a string for Claude Code and Copilot Chat (VS Code), but it is "
        "a list (an unquoted `[...]` is a YAML list); Claude Code and Copilot Chat (VS Code) "
        "keep the skill"
    )


def test_argument_hint_flow_list() -> None:
    text = skill(NAME, DESC, "argument-hint: [issue-number]")
    settings = Settings(select=("SKL3",), target_clients=CLAUDE)
    diag = one(run(text, settings=settings), "SKL302")
    assert diag.severity is Severity.WARNING
    assert diag.range == r(3, 15, 3, 29)
    assert diag.message == (
        "`argument-hint` must be a string for Claude Code, but it is a list "
        "(an unquoted `[...]` is a YAML list); Claude Code keeps the skill"
    )
    fixed = apply_fix(text, diag.fixes[0])
    assert 'argument-hint: "[issue-number]"\n' in fixed
    assert run(fixed, settings=settings) == []


def test_argument_hint_quoted_is_fine() -> None:
    assert fields("argument-hint: '[issue-number]'", targets=CLAUDE) == []
    assert fields('argument-hint: "<file> [--force]"', targets=CLAUDE) == []


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "model: 3",
            "`model` must be a string for Claude Code, but it is a number; Claude Code keeps "
            "the skill",
        ),
        (
            "agent: {a: b}",
            "`agent` must be a string for Claude Code, but it is a mapping; Claude Code keeps "
            "the skill",
        ),
        ("hooks: x", "`hooks` must be a mapping for Claude Code, but it is a string"),
        ("paths: [a, 1]", "`paths` must be a string or a list of strings for Claude Code"),
        ("arguments: {a: b}", "`arguments` must be a string or a list of strings for Claude Code"),
    ],
)
def test_string_map_and_list_fields(line: str, message: str) -> None:
    assert one(fields(line, targets=CLAUDE), "SKL302").message == message


@pytest.mark.parametrize(
    "line",
    ["model: sonnet", "paths: src/**", "paths: [a, b]", "hooks:\n  PreToolUse: []", "effort:"],
)
def test_valid_client_values(line: str) -> None:
    assert fields(*line.split("\n"), targets=CLAUDE) == []


def test_types_are_not_checked_for_clients_that_ignore_the_field() -> None:
    # Codex ignores `effort`: it is unknown there, and its value does not matter.
    found = fields("effort: extreme", targets=("codex",))
    assert codes(found) == ["SKL301"]


def test_disallowed_tools_is_checked_like_allowed_tools() -> None:
    text = skill(NAME, DESC, "disallowed-tools: Read, Write")
    found = run(text, settings=Settings(target_clients=CLAUDE))
    diag = one(found, "SKL124")
    assert "`disallowed-tools` is comma-separated" in diag.message
    fixed = apply_fix(text, diag.fixes[0])
    assert "disallowed-tools: Read Write\n" in fixed


def test_every_client_field_has_a_known_type() -> None:
    types = {"string", "boolean", "enum", "string-map", "tools", "string-or-list", "map", "any"}
    assert {spec.type for spec in ALL_FIELDS.values()} <= types
    assert all(spec.enum for spec in ALL_FIELDS.values() if spec.type == "enum")


# --- Listing cap -----------------------------------------------------------------------------


def test_claude_code_listing_cap_counts_when_to_use() -> None:
    description = "description: " + "d" * 1000
    ok = skill(NAME, description, "when_to_use: " + "w" * 535)
    settings = Settings(select=("SKL3",), target_clients=CLAUDE)
    assert run(ok, settings=settings) == []  # 1,000 + 1 + 535 = 1,536
    over = skill(NAME, description, "when_to_use: " + "w" * 536)
    diag = one(run(over, settings=settings), "SKL304")
    assert diag.severity is Severity.WARNING
    # The characters past the cap: the last `w`.
    assert diag.range == r(3, 13 + 535, 3, 13 + 536)
    assert covered(over, diag.range) == "w"
    assert "1,536 characters; this one is 1,537" in diag.message


def test_listing_cap_ignores_when_to_use_for_other_clients() -> None:
    text = skill(NAME, "description: " + "d" * 1000, "when_to_use: " + "w" * 600)
    settings = Settings(select=("SKL304",), target_clients=("copilot",))
    assert run(text, settings=settings) == []


def test_listing_cap_inside_the_description() -> None:
    text = skill(NAME, "description: '" + "d" * 1600 + "'")
    settings = Settings(select=("SKL304",), target_clients=CLAUDE)
    diag = one(run(text, settings=settings), "SKL304")
    assert diag.range == r(2, 14 + 1536, 2, 14 + 1601)


def test_client_rules_do_not_run_without_frontmatter() -> None:
    assert find(run("no frontmatter\n"), "SKL301") == []
