"""The mention probe (`clientlab/mention_probe.py`): its golden backs every observed row's
`Client.mentions` (forms and the version they were seen in), and its classification of an
agent's model requests holds on the request shapes the agents send."""

from __future__ import annotations

import re
from typing import Any

import pytest

from clientlab.drivers import DRIVERS
from clientlab.mention_classify import (
    ACTIVATED,
    ACTIVATED_OTHER,
    AS_WRITTEN,
    REFUSED,
    REWRITTEN,
    WITH_NOTICE,
    answer_of,
    classify,
    mentions,
    texts,
)
from clientlab.mention_probe import (
    MARKERS,
    PLUGIN_SKILL,
    PROJECT_SKILL,
    PROMPTS,
    differences,
    honoured,
    load,
)
from skill_ls.clients.table import CLIENTS_BY_ID

GOLDEN = load()
PROJECT_MARKER = MARKERS[PROJECT_SKILL]
PLUGIN_MARKER = MARKERS[PLUGIN_SKILL]


# --- the golden and the rows -------------------------------------------------------------


def test_the_golden_holds_every_observed_agent_and_every_prompt() -> None:
    assert sorted(GOLDEN) == sorted(DRIVERS)
    for entry in GOLDEN.values():
        assert list(entry["prompts"]) == list(PROMPTS)


@pytest.mark.parametrize("agent", sorted(DRIVERS))
def test_row_mention_forms_are_the_observed_ones(agent: str) -> None:
    facts = CLIENTS_BY_ID[agent].mentions
    assert facts is not None, f"{agent}: an observed row without mention facts"
    assert facts.forms == honoured(GOLDEN[agent])


@pytest.mark.parametrize("agent", sorted(DRIVERS))
def test_row_mention_provenance_names_the_version_run(agent: str) -> None:
    facts = CLIENTS_BY_ID[agent].mentions
    assert facts is not None
    assert facts.provenance.kind == "observed"
    seen = re.fullmatch(r".+ (\S+), lab mention probe", facts.provenance.source)
    assert seen is not None, facts.provenance.source
    assert seen.group(1) == GOLDEN[agent]["version"]


def test_honoured_forms_are_the_activated_prompts_that_name_a_skill() -> None:
    entry = {
        "prompts": {
            "/probe-skill": {"outcome": ACTIVATED, "evidence": ""},
            "$probe-skill": {"outcome": AS_WRITTEN, "evidence": ""},
            "/probe-plugin:probe-skill": {"outcome": ACTIVATED, "evidence": ""},
            "/skill:probe-skill": {"outcome": ACTIVATED_OTHER, "evidence": ""},
            "/no-such-skill": {"outcome": ACTIVATED, "evidence": ""},
        }
    }
    assert honoured(entry) == frozenset({"slash", "plugin"})


def test_differences_name_each_changed_value() -> None:
    golden = {
        "pi": {
            "package": "p",
            "version": "1.0",
            "bundle": False,
            "prompts": {"/x": {"outcome": AS_WRITTEN, "evidence": "user text: /x"}},
        }
    }
    same = {"pi": {**golden["pi"]}}
    assert differences(golden, same) == []
    changed = {"pi": {**golden["pi"], "version": "1.1", "prompts": {"/x": {"outcome": ACTIVATED}}}}
    lines = differences(golden, changed)
    assert len(lines) == 2
    assert lines[0].startswith("pi version: golden '1.0', seen '1.1'")
    assert lines[1].startswith("pi /x: golden")
    assert differences(golden, {"kilo": golden["pi"]}) == ["kilo: not in the golden"]


# --- classification on recorded request shapes -------------------------------------------


def _classify(prompt: str, bodies: list[dict[str, Any]], answer: str = "") -> tuple[str, str]:
    found = classify(prompt, bodies, MARKERS, PROMPTS[prompt][1], answer)
    return found.outcome, found.evidence


def _anthropic(*blocks: str) -> dict[str, Any]:
    content = [{"type": "text", "text": text} for text in blocks]
    return {
        "system": [{"type": "text", "text": "You are an agent."}],
        "tools": [{"name": "Skill", "description": "Run a skill."}],
        "messages": [{"role": "user", "content": content}],
    }


def _chat(user: str, system: str = "You are an agent.") -> dict[str, Any]:
    return {
        "tools": [{"type": "function", "function": {"name": "skill", "description": "x"}}],
        "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
    }


def test_an_expanded_skill_body_is_an_activation() -> None:
    body = _anthropic(
        "<command-name>/probe-skill</command-name>",
        "Base directory for this skill: /w/.claude/skills/probe-skill\n\n# Probe\n"
        + PROJECT_MARKER,
    )
    outcome, evidence = _classify("/probe-skill", [body])
    assert outcome == ACTIVATED
    assert evidence == (
        "project probe-skill body in a user text: Base directory for this skill: "
        "/w/.claude/skills/probe-skill"
    )


def test_an_activation_in_a_responses_input_item() -> None:
    body = {
        "tools": [{"type": "function", "name": "shell"}],
        "input": [
            {
                "type": "message",
                "role": "developer",
                "content": [{"type": "input_text", "text": "x"}],
            },
            {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "$probe-skill"}],
            },
            {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": f"<skill>\n{PROJECT_MARKER}\n</skill>"}],
            },
        ],
    }
    assert _classify("$probe-skill", [body])[0] == ACTIVATED


def test_the_body_of_the_other_skill_is_not_the_one_asked_for() -> None:
    body = _chat(f"<skill name='probe-plugin:probe-skill'>\n{PLUGIN_MARKER}")
    assert _classify("/probe-skill", [body])[0] == ACTIVATED_OTHER
    assert _classify("/probe-plugin:probe-skill", [body])[0] == ACTIVATED
    assert _classify("/no-such-skill", [body])[0] == ACTIVATED_OTHER


def test_a_marker_in_a_tool_definition_is_no_activation() -> None:
    body = _chat("/probe-skill")
    body["tools"][0]["function"]["description"] = PROJECT_MARKER
    assert _classify("/probe-skill", [body]) == (AS_WRITTEN, "user text: /probe-skill")


def test_the_prompt_on_a_line_of_its_own_is_as_written() -> None:
    # Copilot CLI puts the date before the prompt in the same text.
    body = _chat("<current_datetime>2026-01-01T00:00:00Z</current_datetime>\n\n/probe-skill")
    assert _classify("/probe-skill", [body]) == (AS_WRITTEN, "user text: /probe-skill")


def test_gemini_contents_are_read_by_role() -> None:
    body = {
        "systemInstruction": {"parts": [{"text": "/probe-skill is mentioned here"}]},
        "contents": [{"role": "user", "parts": [{"text": "$no-such-skill"}]}],
        "tools": [{"functionDeclarations": [{"name": "activate_skill"}]}],
    }
    assert ("system", "/probe-skill is mentioned here") in list(texts(body))
    assert _classify("$no-such-skill", [body]) == (AS_WRITTEN, "user text: $no-such-skill")
    # A system text naming the prompt is not the prompt reaching the model.
    assert _classify("/probe-skill", [body])[0] == REWRITTEN


def test_a_notice_beside_the_prompt_is_kept() -> None:
    notice = (
        "<system-reminder>\nThe user's message starts with the slash command /no-such-skill, "
        "but no command with that name is available in this session.\n</system-reminder>"
    )
    outcome, evidence = _classify("/no-such-skill", [_anthropic(notice, "/no-such-skill")])
    assert outcome == WITH_NOTICE
    assert evidence.startswith("notice: The user's message starts with the slash command")
    assert len(evidence) == 120 and evidence.endswith("…")


def test_no_request_is_a_refusal_with_the_agents_answer() -> None:
    outcome, evidence = _classify("/no-such-skill", [], "Unknown skill: no-such-skill")
    assert outcome == REFUSED
    assert evidence == "no model request; the agent answered: Unknown skill: no-such-skill"


def test_a_request_without_the_prompt_is_a_rewrite() -> None:
    outcome, evidence = _classify("/skill:probe-skill", [_chat("Run the skill probe-skill.")])
    assert (outcome, evidence) == (REWRITTEN, "last user text: Run the skill probe-skill.")


def test_the_agents_turn_comes_before_its_side_requests() -> None:
    title = {"messages": [{"role": "user", "content": "Title for: /probe-skill please"}]}
    turn = _chat("/probe-skill")
    assert _classify("/probe-skill", [title, turn]) == (AS_WRITTEN, "user text: /probe-skill")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("/probe-skill", True),
        ("run /probe-skill now", True),
        ("/probe-skill-two", False),
        ("/probe-plugin:probe-skill", False),
        ("/skill:probe-skill", False),
        ("x/probe-skill", False),
    ],
)
def test_a_mention_is_a_word_of_its_own(text: str, found: bool) -> None:
    assert mentions(text, "/probe-skill") is found


def test_the_answer_is_a_json_result_or_the_last_line() -> None:
    assert answer_of('{"type": "result", "result": "Unknown skill"}', "") == "Unknown skill"
    assert answer_of("", "starting\nError: no such command\n") == "Error: no such command"
    assert answer_of("Done.\n", "noise") == "Done."
    assert answer_of("", "") == ""
