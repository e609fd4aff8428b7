"""What an upload target refuses (SKL125-SKL127, and SKL301/SKL104 where the row drives
them): reported when the upload is among the targets, silent otherwise."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.rules import check
from skill_ls.rules.context import CheckContext
from skill_ls.settings import Settings

from ..unit_helpers import covered, one, parse, r, run, skill

UPLOAD = "Claude API / claude.ai upload"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."


def upload_findings(*lines: str, targets: tuple[str, ...] = ("claude-api",)) -> list[Diagnostic]:
    return run(skill(*lines), settings=Settings(select=("SKL12", "SKL3"), target_clients=targets))


# --- SKL125: reserved words in the name --------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "word", "start"),
    [("claude-helper", "claude", 0), ("my-anthropic-tools", "anthropic", 3)],
)
def test_a_reserved_word_in_the_name_is_refused(name: str, word: str, start: int) -> None:
    text = skill(f"name: {name}", DESC)
    diag = one(upload_findings(f"name: {name}", DESC), "SKL125")
    assert diag.severity is Severity.ERROR
    assert diag.message == f"`name` contains the reserved word `{word}`: {UPLOAD} refuses the skill"
    assert diag.range == r(1, 6 + start, 1, 6 + start + len(word))
    assert covered(text, diag.range) == word


def test_a_name_without_a_reserved_word_passes() -> None:
    assert upload_findings("name: pdf-tools", DESC) == []


def test_reserved_words_are_not_reported_for_agents() -> None:
    # Claude Code loads `claude-helper` from its folder: only the upload refuses it.
    assert upload_findings("name: claude-helper", DESC, targets=("claude-code",)) == []
    assert upload_findings("name: claude-helper", DESC, targets=()) == []


# --- SKL126: XML tags in the name or description ------------------------------------------------


def test_an_xml_tag_in_the_description_is_refused() -> None:
    line = "description: Turns <example> blocks into tables. Use when asked."
    text = skill("name: pdf-tools", line)
    diag = one(upload_findings("name: pdf-tools", line), "SKL126")
    assert diag.severity is Severity.ERROR
    assert (
        diag.message == f"`description` holds the XML tag `<example>`: {UPLOAD} refuses the skill"
    )
    assert covered(text, diag.range) == "<example>"


@pytest.mark.parametrize("tag", ["</b>", "<br/>", "<a href='x'>"])
def test_closing_empty_and_attributed_tags_are_tags(tag: str) -> None:
    line = f'description: "Keeps {tag} as written. Use when asked."'
    diag = one(upload_findings("name: pdf-tools", line), "SKL126")
    assert diag.message.startswith(f"`description` holds the XML tag `{tag}`")


@pytest.mark.parametrize(
    "text", ["Compares a < b and b > c.", "Needs <5 MB files.", "Arrows -> and <- only."]
)
def test_angle_brackets_that_are_no_tag_pass(text: str) -> None:
    assert upload_findings("name: pdf-tools", f'description: "{text} Use when asked."') == []


def test_xml_tags_are_not_reported_for_agents() -> None:
    line = "description: Turns <example> blocks into tables. Use when asked."
    assert upload_findings("name: pdf-tools", line, targets=("claude-code", "codex")) == []


# --- SKL127: the folder's size -------------------------------------------------------------------


def size_findings(size: int | None, targets: tuple[str, ...] = ("claude-api",)) -> list[Diagnostic]:
    settings = Settings(select=("SKL127",), target_clients=targets)
    context = CheckContext(settings=settings, folder_name="pdf-tools", skill_bytes=size)
    return check(parse(skill("name: pdf-tools", DESC)), context)


def test_a_folder_over_the_limit_is_refused() -> None:
    diag = one(size_findings(30_000_001), "SKL127")
    assert diag.severity is Severity.ERROR
    assert diag.range == r(0, 0, 0, 3)
    assert diag.message == (
        f"the skill folder's files take 30,000,001 bytes together; {UPLOAD} refuses a skill "
        "over 30,000,000 bytes"
    )


@pytest.mark.parametrize("size", [30_000_000, 0, None])
def test_a_folder_at_the_limit_or_not_measured_passes(size: int | None) -> None:
    assert size_findings(size) == []


def test_the_size_is_not_reported_for_agents() -> None:
    assert size_findings(90_000_000, targets=("claude-code",)) == []


# --- Rules the row drives: unknown keys (SKL301), the name's letters (SKL104) -------------------


def test_a_key_the_upload_does_not_take_is_an_error_naming_it() -> None:
    diag = one(upload_findings("name: pdf-tools", DESC, "argument-hint: '[file]'"), "SKL301")
    assert diag.severity is Severity.ERROR
    assert diag.message == (
        "`argument-hint` is honoured only by Claude Code, Copilot Chat (VS Code), Copilot CLI "
        f"and Qwen Code; {UPLOAD} refuses a skill that has it"
    )


def test_an_unknown_key_beside_an_agent_that_honours_it() -> None:
    found = upload_findings(
        "name: pdf-tools", DESC, "argument-hint: '[file]'", targets=("claude-code", "claude-api")
    )
    diag = one(found, "SKL301")
    assert diag.severity is Severity.ERROR
    assert diag.message == (
        f"`argument-hint` is honoured by Claude Code; {UPLOAD} refuses a skill that has it"
    )


def test_a_key_no_client_reads_is_refused_by_the_upload() -> None:
    diag = one(upload_findings("name: pdf-tools", DESC, "version: 1.0.0"), "SKL301")
    assert diag.severity is Severity.ERROR
    assert diag.message == (
        f"unknown field `version`: no client reads it; {UPLOAD} refuses a skill that has it; "
        "keep custom data under `metadata`"
    )


def test_the_spec_keys_pass_the_upload() -> None:
    lines = ("license: MIT", "compatibility: Needs Python", "metadata:", "  version: '1'")
    assert upload_findings("name: pdf-tools", DESC, *lines, "allowed-tools: Read") == []


def test_without_the_upload_an_unknown_key_stays_a_warning_or_information() -> None:
    found = upload_findings("name: pdf-tools", DESC, "version: 1.0.0", targets=("claude-code",))
    assert one(found, "SKL301").severity is Severity.INFO


def test_letters_beyond_a_to_z_are_refused_by_the_upload() -> None:
    found = run(
        skill("name: café", DESC),
        folder="café",
        settings=Settings(select=("SKL104",), target_clients=("claude-api",)),
    )
    assert one(found, "SKL104").message == (
        f"`name` 'café' contains characters 'é'; {UPLOAD} accepts only a-z, 0-9 and `-`"
    )
    agents = run(
        skill("name: café", DESC),
        folder="café",
        settings=Settings(select=("SKL104",), target_clients=("claude-code",)),
    )
    assert agents == []
