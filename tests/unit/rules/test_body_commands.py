"""SKL412 inline-command: the `` !`command` `` spans each target agent runs or replaces on
activation, found as that agent's parser finds them (observed in the client lab)."""

from __future__ import annotations

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.settings import Settings

from ..unit_helpers import covered, r, run, skill

NAME = "name: my-skill"
DESC = "description: Formats tables. Use when asked for a table."
# Line numbers: the frontmatter is lines 0-3, the body starts on line 4.
B = 4
KILO_NOTICE = "`[skill shell execution disabled for untrusted skill]`"
KILO_TRUSTED = "(for a builtin or user skill it runs the command once the user approves)"


def findings(body: str, *targets: str) -> list[Diagnostic]:
    settings = Settings(select=("SKL412",), target_clients=targets)
    return run(skill(NAME, DESC, body=body), settings=settings)


def test_claude_code_runs_a_command_on_its_own_line() -> None:
    body = "Branch:\n\n!`git branch --show-current`\n"
    [found] = findings(body, "claude-code", "codex")
    assert found.code == "SKL412"
    assert found.severity == Severity.INFO
    assert found.range == r(B + 2, 0, B + 2, 28)
    assert covered(skill(NAME, DESC, body=body), found.range) == "!`git branch --show-current`"
    assert found.message == (
        "`git branch --show-current` runs in a shell when Claude Code activates the skill, "
        "and its output replaces this text; OpenAI Codex shows it to the model as written"
    )


def test_claude_code_positions_after_space_in_fences_and_bang_blocks() -> None:
    body = (
        "The date is !`date +%F` today.\n"
        "```sh\n!`echo fenced`\n```\n"
        "```!\necho block\n```\n"
        "Glued:!`echo glued` here.\n"
        "As code: `see !`echo code`` and ``!`echo double` ``.\n"
        "```!\n   \n```\n"
    )
    found = findings(body, "claude-code")
    text = skill(NAME, DESC, body=body)
    assert [covered(text, d.range) for d in found] == [
        "!`date +%F`",
        "!`echo fenced`",
        "```!\necho block\n```",
    ]
    assert found[2].range == r(B + 4, 0, B + 6, 3)
    assert found[2].message.startswith("`echo block` runs in a shell when Claude Code")


def test_kilo_replaces_spans_outside_code_with_its_notice() -> None:
    body = "Glued:!`echo glued` here.\n```sh\n!`echo fenced`\n```\nAs code: ``!`echo double` ``.\n"
    [found] = findings(body, "kilo")
    assert found.range == r(B, 6, B, 19)
    assert found.message == (
        f"Kilo Code CLI reads `echo glued` as a command and puts {KILO_NOTICE} in place of "
        f"this text {KILO_TRUSTED}"
    )


def test_each_agent_named_for_what_it_does_with_one_span() -> None:
    body = "!`echo both`\n\nx!`echo kilo-only`\n"
    first, second = findings(body, "claude-code", "kilo", "pi")
    assert first.message == (
        "`echo both` runs in a shell when Claude Code activates the skill, and its output "
        f"replaces this text; Kilo Code CLI puts {KILO_NOTICE} in its place {KILO_TRUSTED}; "
        "pi shows it to the model as written"
    )
    assert second.range == r(B + 2, 1, B + 2, 18)
    assert second.message == (
        f"Kilo Code CLI reads `echo kilo-only` as a command and puts {KILO_NOTICE} in place "
        f"of this text {KILO_TRUSTED}; Claude Code and pi show it to the model as written"
    )


def test_targets_that_show_the_text_get_told_who_would_run_it() -> None:
    [found] = findings("Run !`make test` first.\n", "codex", "pi")
    assert found.range == r(B, 4, B, 16)
    assert found.message == (
        "`make test`: OpenAI Codex and pi show it to the model as written, running nothing "
        "(Claude Code would run it, Kilo Code CLI would replace it)"
    )


def test_no_finding_without_a_command_span() -> None:
    body = "Say `hello` and wow!\n\nAn `echo`, a ! alone and !`` empty.\n"
    assert findings(body, "claude-code", "kilo", "codex") == []


def test_kilo_reads_a_bang_closing_code_as_a_command_across_lines() -> None:
    # Kilo's parser skips only code spans of two or more backticks: from a `!` closing
    # one-backtick code to the next backtick, over line ends, is a command to it (observed
    # in the lab: `#REF!` and `#N/A`); not to Claude Code.
    body = "- `#REF!`: a bad reference\n- `#DIV/0!`: division by zero\n"
    [first] = findings(body, "claude-code", "kilo")
    text = skill(NAME, DESC, body=body)
    assert covered(text, first.range) == "!`: a bad reference\n- `"
    assert first.range == r(B, 7, B + 1, 3)
    assert first.message == (
        f"Kilo Code CLI reads `: a bad reference -` as a command and puts {KILO_NOTICE} in "
        f"place of this text {KILO_TRUSTED}; Claude Code shows it to the model as written"
    )


def test_a_long_command_is_cut_in_the_message() -> None:
    command = "echo " + "word " * 30
    [found] = findings(f"!`{command.strip()}`\n", "claude-code")
    assert found.message.startswith(
        "`echo word word word word word word word word word word wo...` runs"
    )


def test_the_frontmatter_is_not_the_body() -> None:
    text = skill(NAME, "description: 'Runs !`date` for you.'", body="Plain body.\n")
    settings = Settings(select=("SKL412",), target_clients=("claude-code",))
    assert run(text, settings=settings) == []


def test_claude_code_skips_spans_its_parser_skips() -> None:
    body = "Glued:!`echo glued`.\n\nAs code: `see !`echo code``.\n\n```!\n   \n```\n"
    assert findings(body, "claude-code") == []
