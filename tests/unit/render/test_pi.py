"""pi's catalog (`pi-available-skills`) and its `read` tool's result (`pi-read`)."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render.activation import ActivationSource
from skill_ls.render.pi import (
    PREAMBLE,
    READ_MAX_BYTES,
    READ_MAX_LINES,
    format_size,
    pi_catalog,
    pi_read,
    read_result,
)
from skill_ls.workspace.index_records import LoadedSkill
from tests.unit.render.skills import loaded_skill

PI = CLIENTS_BY_ID["pi"]


def _skill(name: str, description: str, hidden: bool = False) -> LoadedSkill:
    return loaded_skill(name, description, "/w/.agents/skills", hidden=hidden)


def test_catalog_is_the_preamble_then_one_block_per_visible_skill() -> None:
    rendering = pi_catalog(
        [_skill("a", "Does <a> & 'b'."), _skill("h", "Hidden.", hidden=True)], PI
    )
    assert rendering.text == (
        PREAMBLE + "<available_skills>\n"
        "  <skill>\n"
        "    <name>a</name>\n"
        "    <description>Does &lt;a&gt; &amp; &apos;b&apos;.</description>\n"
        "    <location>/w/.agents/skills/a/SKILL.md</location>\n"
        "  </skill>\n"
        "</available_skills>"
    )
    assert [(e.name, e.hidden) for e in rendering.entries] == [("a", False), ("h", True)]
    assert rendering.entries[0].characters == len(rendering.text) - len(PREAMBLE) - len(
        "<available_skills>\n</available_skills>"
    )


def test_catalog_without_visible_skills_is_empty() -> None:
    assert pi_catalog([_skill("h", "Hidden.", hidden=True)], PI).text == ""
    assert pi_catalog([], PI).text == ""


def test_read_returns_the_raw_file_with_its_line_ends(tmp_path: Path) -> None:
    text = "---\r\nname: x\r\ndescription: y\r\n---\r\nBody\r\n"
    source = ActivationSource("x", str(tmp_path / "SKILL.md"), str(tmp_path), text)
    rendering = pi_read(source)
    assert rendering.text == text
    assert rendering.truncated_at is None and not rendering.entries[0].truncated


def test_read_cuts_at_the_line_limit_with_a_note() -> None:
    lines = [f"line {i}" for i in range(READ_MAX_LINES + 5)]
    text, cut = read_result("\n".join(lines), "/w/SKILL.md")
    kept = "\n".join(lines[:READ_MAX_LINES])
    assert text == (
        kept + f"\n\n[Showing lines 1-{READ_MAX_LINES} of {READ_MAX_LINES + 5}. "
        f"Use offset={READ_MAX_LINES + 1} to continue.]"
    )
    assert cut == len(kept)


def test_read_cuts_at_the_byte_limit_at_a_line_end() -> None:
    line = "é" * 999  # 1,998 bytes, 999 characters
    content = "\n".join([line] * 30)
    text, cut = read_result(content, "/w/SKILL.md")
    fits = (READ_MAX_BYTES + 1) // (len(line.encode()) + 1)
    assert text.endswith(
        f"\n\n[Showing lines 1-{fits} of 30 (50.0KB limit). Use offset={fits + 1} to continue.]"
    )
    assert cut == len("\n".join([line] * fits))


def test_read_of_an_overlong_first_line_says_how_to_read_it() -> None:
    text, cut = read_result("x" * (READ_MAX_BYTES + 1) + "\nmore", "/w/a/SKILL.md")
    assert text == (
        "[Line 1 is 50.0KB, exceeds 50.0KB limit. Use bash: sed -n '1p' /w/a/SKILL.md | "
        f"head -c {READ_MAX_BYTES}]"
    )
    assert cut == 0


def test_format_size_rounds_ties_up_as_javascript_does() -> None:
    assert format_size(512) == "512B"
    assert format_size(1280) == "1.3KB"  # 1.25 KB
    assert format_size(50 * 1024) == "50.0KB"
    assert format_size(3 * 1024 * 1024) == "3.0MB"
