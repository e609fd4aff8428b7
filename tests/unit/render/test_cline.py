"""Cline CLI's catalog (`cline-skills`) and its `skills` tool's answer (`cline-command`),
beyond what the lab's goldens replay; and the file system's directory order its rows use
(`root_order="directory"`)."""

from __future__ import annotations

import os
from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render.activation import ActivationSource
from skill_ls.render.cline import HEADER, cline_catalog, cline_command
from skill_ls.workspace.index_records import LoadedSkill
from skill_ls.workspace.order import root_order_key
from tests.unit.render.skills import loaded_skill

CLINE = CLIENTS_BY_ID["cline"]


def _skill(name: str, description: str = "d", hidden: bool = False) -> LoadedSkill:
    return loaded_skill(name, description, "/w/.cline/skills", hidden=hidden)


def _source(text: str, name: str = "tool") -> ActivationSource:
    folder = f"/w/.cline/skills/{name}"
    return ActivationSource(name=name, path=f"{folder}/SKILL.md", folder=folder, text=text)


def test_names_only_in_load_order_disabled_ones_left_out() -> None:
    rendering = cline_catalog(
        [_skill("zeta"), _skill("alpha", ""), _skill("off", hidden=True), _skill("<b>&")],
        CLINE,
    )
    assert rendering.text == HEADER + "zeta, alpha, <b>&."
    assert [(e.name, e.hidden) for e in rendering.entries] == [
        ("zeta", False),
        ("alpha", False),
        ("<b>&", False),
        ("off", True),
    ]
    assert rendering.budget is None


def test_nothing_listed_is_no_catalog() -> None:
    assert cline_catalog([_skill("off", hidden=True)], CLINE).text == ""
    assert cline_catalog([], CLINE).text == ""


def test_activation_with_arguments_and_description() -> None:
    text = "---\nname: tool\ndescription: '  Does <it> & more.  '\n---\n\n\n# Tool\n\nStep.\n\n"
    assert cline_command(_source(text), "  a b  ").text == (
        "<command-name>tool</command-name>\n"
        "<command-args>a b</command-args>\n"
        "<command-instructions>\n"
        "Description: Does <it> & more.\n"
        "\n"
        "# Tool\n\nStep.\n"
        "</command-instructions>"
    )


def test_no_description_no_line_and_blank_arguments_no_tag() -> None:
    text = "---\nname: tool\ndescription: '   '\n---\nBody.\n"
    assert cline_command(_source(text), "   ").text == (
        "<command-name>tool</command-name>\n<command-instructions>\nBody.\n</command-instructions>"
    )


def test_byte_order_mark_dropped_crlf_kept() -> None:
    text = "\ufeff---\r\nname: tool\r\ndescription: D.\r\n---\r\n# T\r\n\r\nStep.\r\n"
    assert cline_command(_source(text)).text == (
        "<command-name>tool</command-name>\n<command-instructions>\n"
        "Description: D.\n\n# T\r\n\r\nStep.\n</command-instructions>"
    )


def test_without_frontmatter_the_whole_text_is_the_body() -> None:
    text = "# Just a body\n\nText.\n"
    assert cline_command(_source(text, "no-front"), "x").text == (
        "<command-name>no-front</command-name>\n<command-args>x</command-args>\n"
        "<command-instructions>\n# Just a body\n\nText.\n</command-instructions>"
    )


def test_directory_order_follows_the_file_system_listing(tmp_path: Path) -> None:
    for name in ("zeta", "alpha", "Mid", "beta-2"):
        (tmp_path / name).mkdir()
    listed = os.listdir(tmp_path)
    keys = {name: root_order_key(CLINE, f"{name}/SKILL.md", str(tmp_path)) for name in listed}
    assert sorted(keys, key=keys.__getitem__) == listed
    # A folder the listing lacks comes after those it has; without the root, path order.
    assert root_order_key(CLINE, "gone/SKILL.md", str(tmp_path)) > max(keys.values())
    assert root_order_key(CLINE, "b/SKILL.md") < root_order_key(CLINE, "c/SKILL.md")
