"""SKL701 on its own: mentions against what each agent resolves, as plain data."""

from __future__ import annotations

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.diagnostics import Diagnostic, Range, Severity, TextEdit
from skill_ls.document.mentions import find_mentions
from skill_ls.rules.context import CheckContext
from skill_ls.rules.mentions import (
    HIDDEN_MENTION,
    UNKNOWN_MENTION,
    USER_SKILL_MENTION,
    AgentNames,
    check_mentions,
)
from skill_ls.rules.reporter import Reporter
from skill_ls.settings import Settings


def agent(client_id: str, *names: str) -> AgentNames:
    return AgentNames(CLIENTS_BY_ID[client_id], frozenset(names))


def found(text: str, *agents: AgentNames) -> list[Diagnostic]:
    reporter = Reporter(CheckContext(settings=Settings()))
    check_mentions(find_mentions(text), agents, reporter)
    return reporter.found


def test_a_typo_is_an_error_with_a_did_you_mean_and_a_fix() -> None:
    (finding,) = found("Run /delpoy now", agent("claude-code", "deploy", "review"))
    assert finding.code == UNKNOWN_MENTION.code
    assert finding.severity is Severity.ERROR
    assert finding.range == Range.of(0, 4, 0, 11)
    assert finding.message == "'/delpoy' calls no skill Claude Code knows; did you mean '/deploy'?"
    assert [fix.edits for fix in finding.fixes] == [(TextEdit(Range.of(0, 4, 0, 11), "/deploy"),)]
    assert finding.data == {"clients": ["claude-code"], "suggestions": ["deploy"]}


def test_a_known_name_is_not_reported() -> None:
    assert found("Run /deploy", agent("claude-code", "deploy")) == []


def test_an_unknown_slash_name_with_nothing_close_is_left_alone() -> None:
    # `/help`, `/init`: the agent's own commands, which no fact table lists.
    assert found("Type /help or /init", agent("claude-code", "deploy")) == []


def test_a_form_no_reading_agent_honours_is_not_checked() -> None:
    # Codex honours `$name` only; Claude Code `/name` and `/plugin:name` only.
    assert found("Run /delpoy", agent("codex", "deploy")) == []
    assert found("Run $delpoy", agent("claude-code", "deploy")) == []


def test_a_name_some_agents_resolve_names_the_agents_that_drop_it() -> None:
    (finding,) = found("Run /deploy", agent("claude-code", "deploy"), agent("qwen-code", "review"))
    assert finding.severity is Severity.WARNING
    assert finding.message == (
        "'/deploy' calls a skill Claude Code resolves, but Qwen Code does not have a skill 'deploy'"
    )
    assert finding.data["clients"] == ["qwen-code"]


def test_skill_prefix_is_always_a_skill() -> None:
    (finding,) = found("Use /skill:zzz", agent("pi", "deploy"))
    assert finding.message == "'/skill:zzz' calls no skill pi knows"
    assert finding.fixes == ()


def test_plugin_mentions_are_checked_against_plugin_skills() -> None:
    claude = agent("claude-code", "deploy", "acme:lint", "acme:format")
    (typo,) = found("Use /acme:lnit", claude)
    assert typo.message == (
        "'/acme:lnit' calls no skill Claude Code knows; did you mean '/acme:lint'?"
    )
    (unknown,) = found("Use /acme:zzz", claude)
    assert unknown.message == "'/acme:zzz' calls no skill Claude Code knows"
    # An unknown plugin with nothing close: perhaps a plugin's command.
    assert found("Use /other:zzz", claude) == []
    assert found("Use /acme:lint", claude) == []


def test_dollar_mentions_for_codex() -> None:
    (finding,) = found("Use $pdf-tool", agent("codex", "pdf-tools", "imagegen"))
    assert finding.message == (
        "'$pdf-tool' calls no skill OpenAI Codex knows; did you mean '$pdf-tools'?"
    )
    assert found("costs $dir", agent("codex", "pdf-tools")) == []


def test_a_skill_kept_from_the_model_is_reported_where_the_model_reads_the_mention() -> None:
    claude = AgentNames(
        CLIENTS_BY_ID["claude-code"], frozenset({"release"}), frozenset({"release"})
    )
    (finding,) = found("After merging, run /release", claude)
    assert finding.code == HIDDEN_MENTION.code and finding.severity is Severity.WARNING
    assert finding.message == (
        "'/release' calls 'release', which Claude Code keeps from the model and will not "
        "activate for it: the model reading this file cannot run it, only a person typing it can"
    )


def test_a_user_folder_skill_in_a_shared_file() -> None:
    claude = AgentNames(
        CLIENTS_BY_ID["claude-code"], frozenset({"notes"}), user_only={"notes": "~/.claude/skills"}
    )
    reporter = Reporter(CheckContext(settings=Settings()))
    check_mentions(find_mentions("Use /notes"), [claude], reporter, shared=True)
    (finding,) = reporter.found
    assert finding.code == USER_SKILL_MENTION.code
    assert finding.message == (
        "'/notes' resolves only to a skill in a user folder (`~/.claude/skills`) for Claude "
        "Code: others who work in this repository do not have it"
    )
    # Not in a personal file, nor where another agent resolves it from the project.
    assert found("Use /notes", claude) == []
    codex = AgentNames(CLIENTS_BY_ID["codex"], frozenset({"notes"}))
    reporter = Reporter(CheckContext(settings=Settings()))
    check_mentions(find_mentions("Use /notes and $notes"), [claude, codex], reporter, shared=True)
    assert [f.code for f in reporter.found] == [USER_SKILL_MENTION.code]
