"""SKL102 and SKL112 say what each target agent makes of a `name` or `description` that is
not a string, from the client rows (observed in the lab's name-not-string and
description-not-string scenarios)."""

from __future__ import annotations

from skill_ls.settings import Settings

from ..unit_helpers import one, run, skill

NAME = "name: my-skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."


def message(code: str, *lines: str, targets: tuple[str, ...]) -> str:
    settings = Settings(select=("SKL1",), target_clients=targets)
    return one(run(skill(*lines), folder="my-skill", settings=settings), code).message


def test_a_number_description_per_agent() -> None:
    targets = ("claude-code", "codex", "cline", "oh-my-pi", "pi")
    assert message("SKL112", NAME, "description: 42", targets=targets) == (
        "`description` is read as a number by typed YAML loaders; quote it; Cline CLI drops "
        "the skill; oh-my-pi lists it with an empty `description`; Claude Code and OpenAI "
        'Codex read it as "42"; pi reads it as missing'
    )


def test_a_list_description_per_agent() -> None:
    targets = ("claude-code", "opencode", "qwen-code")
    assert message("SKL112", NAME, "description: [first part, second part]", targets=targets) == (
        "`description` must be a string, but it is a list; OpenCode drops the skill; Qwen "
        'Code reads it as "first part,second part"; Claude Code reads it as missing'
    )


def test_nothing_is_added_when_every_target_reads_it_as_missing() -> None:
    # pi was observed to read a list description as missing; the spec says nothing.
    assert message("SKL112", NAME, "description: [a]", targets=("pi", "agentskills")) == (
        "`description` must be a string, but it is a list"
    )


def test_a_line_reader_reads_the_line_as_written() -> None:
    # Gemini CLI, its YAML giving no string, reads the `description:` line as plain text.
    assert message("SKL112", NAME, "description: [a, b]", targets=("gemini-cli",)) == (
        "`description` must be a string, but it is a list; Gemini CLI reads it as written"
    )


def test_an_empty_name_does_not_drop_where_null_is_allowed() -> None:
    # Cline reads `name:` (null) as no name and takes the folder's: typed, but null is fine.
    text = message("SKL102", "name:", DESC, targets=("cline", "kimi-code"))
    assert text.endswith("; Kimi Code CLI drops the skill; Cline CLI reads it as missing"), text


def test_a_list_name_per_agent() -> None:
    # Observed: Codex takes a number as the name's text and drops a skill whose name is a
    # list; Claude Code and oh-my-pi take the folder's name; Gemini CLI lists the line.
    targets = ("codex", "claude-code", "oh-my-pi", "gemini-cli")
    text = message("SKL102", "name: [listed, name]", DESC, targets=targets)
    assert text.endswith(
        "; OpenAI Codex drops the skill; Gemini CLI reads it as written; Claude Code and "
        "oh-my-pi read it as missing"
    ), text
    number = message("SKL102", "name: 404", DESC, targets=("codex",))
    assert number.endswith('; OpenAI Codex reads it as "404"'), number
