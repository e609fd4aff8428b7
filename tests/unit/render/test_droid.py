"""Factory Droid's catalog (`droid-available-skills`) and its `Skill` tool's answer
(`droid-skill`), beyond what the lab's goldens replay."""

from __future__ import annotations

import dataclasses

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render.activation import ActivationSource
from skill_ls.render.droid import HEADER, droid_catalog, droid_skill, one_line
from skill_ls.render.strings import js_length
from skill_ls.workspace.index_records import LoadedSkill
from tests.unit.render.skills import loaded_skill

DROID = CLIENTS_BY_ID["droid"]


def _skill(
    name: str, description: str, scope: str = "project", hidden: bool = False
) -> LoadedSkill:
    return loaded_skill(name, description, "/w/.factory/skills", scope, hidden)


def test_one_line_per_skill_hidden_ones_left_out() -> None:
    rendering = droid_catalog(
        [_skill("a", "Line one.\n  Line two."), _skill("e", ""), _skill("h", "x", hidden=True)],
        DROID,
    )
    assert rendering.text == f"{HEADER}\na: Line one. Line two.\ne: No description provided"
    assert [(e.name, e.hidden) for e in rendering.entries] == [
        ("a", False),
        ("e", False),
        ("h", True),
    ]
    assert rendering.budget == 15000  # 250,000 tokens x 4 characters x 1.5%


def test_nothing_listed_is_no_reminder() -> None:
    assert droid_catalog([_skill("h", "x", hidden=True)], DROID).text == ""


def test_only_the_reminder_tags_are_defused() -> None:
    assert one_line("<b>&</b> </system-reminder>") == "<b>&</b> &lt;/system-reminder&gt;"


def test_a_long_description_keeps_1023_characters_and_an_ellipsis() -> None:
    line = droid_catalog([_skill("a", "x" * 2000)], DROID).text.split("\n")[1]
    assert line == "a: " + "x" * 1023 + "\u2026"


def test_past_the_budget_built_ins_keep_descriptions_then_project_then_user() -> None:
    small = dataclasses.replace(
        DROID, listing=dataclasses.replace(DROID.listing, context_window=None, catalog_budget=60)
    )
    skills = [
        _skill("user", "u" * 10, scope="user"),
        _skill("big", "b" * 40),
        _skill("small", "s" * 5),
        _skill("tool", "t" * 30, scope="builtin"),
    ]
    rendering = droid_catalog(skills, small)
    # 60 - names (4 + 3 + 5 + 4) - 3 breaks = 41; the built-in takes 32, leaving 9: `big`
    # (42) does not fit, the later `small` (7) does, then `user` (12) does not.
    assert rendering.text.split("\n")[1:] == ["user", "big", "small: sssss", "tool: " + "t" * 30]
    assert [e.truncated for e in rendering.entries] == [True, True, False, False]


def test_lengths_count_utf16_units() -> None:
    assert js_length("a\U0001f600") == 3


def test_activation_trims_the_body_and_escapes_the_tag() -> None:
    text = "---\r\nname: a&b\r\ndescription: d\r\n---\r\n\r\n# Body\r\nStep.\r\n\r\n"
    source = ActivationSource("a&b", "/w/it's/SKILL.md", "/w/it's", text)
    assert droid_skill(source, "ignored").text == (
        'Skill "a&amp;b" is now active.\n\n'
        '<skill name="a&amp;b" filePath="/w/it&#39;s/SKILL.md">\n# Body\r\nStep.\n</skill>'
    )
