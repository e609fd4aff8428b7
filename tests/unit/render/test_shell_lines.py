"""`` !`command` `` spans in activations: a marked placeholder where the agent runs the
command (skill-ls runs nothing), the agent's notice where it runs nothing, the text as
written elsewhere."""

from __future__ import annotations

from skill_ls.render import render_activation
from skill_ls.render.activation import ActivationSource

TEXT = "---\nname: s\ndescription: Shows the date.\n---\nToday: !`date +%F`\n\nx!`echo glued`\n"


def _source() -> ActivationSource:
    return ActivationSource("s", "/k/s/SKILL.md", "/k/s", TEXT)


def test_claude_code_shows_a_placeholder_where_it_puts_the_output() -> None:
    text = render_activation("claude-code", _source()).text
    assert text == (
        "Base directory for this skill: /k/s\n\n"
        "Today: [skill-ls: output of `date +%F`, which Claude Code runs on activation]\n\n"
        "x!`echo glued`\n"
    )


def test_kilo_puts_its_notice_in_a_project_skill_and_runs_a_user_skills_commands() -> None:
    notice = "[skill shell execution disabled for untrusted skill]"
    project = render_activation("kilo", _source()).text
    assert f"Today: {notice}\n\nx{notice}\n" in project
    user = render_activation("kilo", _source(), scope="user").text
    assert (
        "Today: [skill-ls: output of `date +%F`, which Kilo Code CLI runs on activation, "
        "once the user approves it]\n\n"
        "x[skill-ls: output of `echo glued`, which Kilo Code CLI runs on activation, "
        "once the user approves it]\n"
    ) in user


def test_agents_that_show_the_text_leave_it_as_written() -> None:
    assert render_activation("pi", _source()).text == TEXT
    assert "Today: !`date +%F`\n\nx!`echo glued`" in render_activation("opencode", _source()).text
