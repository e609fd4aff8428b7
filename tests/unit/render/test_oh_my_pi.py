"""oh-my-pi's catalog (`omp-skills`) and its `read` of `skill://<name>` (`omp-read`), beyond
what the lab's goldens replay."""

from __future__ import annotations

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render.oh_my_pi import HEADER, omp_catalog, omp_read, post_render
from skill_ls.render.source import ActivationSource
from skill_ls.workspace.index_records import LoadedSkill
from tests.unit.render.skills import loaded_skill

OMP = CLIENTS_BY_ID["oh-my-pi"]


def _skill(name: str, description: str, hidden: bool = False) -> LoadedSkill:
    return loaded_skill(name, description, "/w/.omp/skills", hidden=hidden)


def test_a_line_per_skill_nothing_escaped_hidden_ones_left_out() -> None:
    rendering = omp_catalog([_skill("a", "<b> & c"), _skill("h", "x", hidden=True)], OMP)
    assert rendering.text == f"{HEADER}- a: <b> & c\n</skills>"
    assert [(e.name, e.hidden) for e in rendering.entries] == [("a", False), ("h", True)]


def test_nothing_listed_is_no_section() -> None:
    assert omp_catalog([_skill("h", "x", hidden=True)], OMP).text == ""


def test_the_prompt_formatter_tidies_blank_lines_and_trailing_spaces() -> None:
    assert post_render("a  \n\nb\n\n\nc\n\n</skills>") == "a\n\nb\nc\n</skills>"
    assert post_render("```\n\n\n```") == "```\n\n\n```"


def test_read_drops_the_last_line_end() -> None:
    source = ActivationSource(
        "a", "/w/.omp/skills/a/SKILL.md", "/w/.omp/skills/a", "---\nname: a\n---\nBody.\n"
    )
    assert omp_read(source).text == "---\nname: a\n---\nBody."
