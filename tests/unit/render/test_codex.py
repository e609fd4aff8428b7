"""Codex's observed catalog and activation mechanisms: the roots table in Codex's read order
(`Client.discovery.root_load_order`), a token budget computed from the client row alone (2% of
`context_window`, a line costing its UTF-8 bytes / 4 rounded up), description characters
shared out round-robin, and the refusal of a `$name` that several loaded skills share
(`Client.activation.ambiguous_refusal`)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render import activation_for, refusal_for
from skill_ls.render.activation import source_for
from skill_ls.render.codex import (
    Measure,
    codex_instructions,
    codex_skill,
    for_lines,
    measure_for,
    root_order,
)
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.index_records import LoadedSkill

from ..workspace_helpers import write_skill

CODEX = CLIENTS_BY_ID["codex"]


def skill(
    name: str,
    description: str = "Does a thing.",
    *,
    root: str = "/w/.agents/skills",
    pattern: str = ".agents/skills",
    scope: str = "project",
) -> LoadedSkill:
    return LoadedSkill(
        name=name,
        description=description,
        path=f"{root}/{name}/SKILL.md",
        folder=f"{root}/{name}",
        real_path=f"{root}/{name}/SKILL.md",
        scope=scope,
        root=root,
        relative_path=f"{name}/SKILL.md",
        root_pattern=pattern,
    )


def test_roots_are_numbered_in_codex_read_order_not_listing_order() -> None:
    skills = [
        skill("a", root="/h/.codex/skills/.system", pattern="$CODEX_HOME/skills/.system"),
        skill("b"),
        skill("c", root="/w/.codex/skills", pattern=".codex/skills"),
        skill("d", root="/h/.agents/skills", pattern="~/.agents/skills", scope="user"),
        skill("e", root="/x/extra", pattern="/x/extra", scope="extra"),
    ]
    assert root_order(skills, CODEX) == [
        "/w/.codex/skills",
        "/h/.agents/skills",
        "/h/.codex/skills/.system",
        "/x/extra",
        "/w/.agents/skills",
    ]
    # Without `root_load_order`, roots come in the order of the skills.
    other = replace(CODEX, discovery=replace(CODEX.discovery, root_load_order=()))
    assert root_order(skills, other)[0] == "/h/.codex/skills/.system"


def test_catalog_layout_and_no_escaping() -> None:
    text = codex_instructions([skill("b", "Uses <b> & `x`\n  two lines"), skill("a")], CODEX).text
    assert text == (
        "<skills_instructions>\n## Skills\n"
        "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. "
        "Below is the list of skills that can be used. Each entry includes a name, "
        "description, and a short path that can be expanded into an absolute path using the "
        "skill roots table.\n"
        "### Skill roots\n- `r0` = `/w/.agents/skills`\n"
        "### Available skills\n"
        "- a: Does a thing. (file: r0/a/SKILL.md)\n"
        "- b: Uses <b> & `x` two lines (file: r0/b/SKILL.md)\n"
        "</skills_instructions>"
    )


def test_budget_comes_from_the_client_row() -> None:
    assert measure_for(CODEX) == Measure(5_440, 4)  # 2% of 272,000 tokens
    assert measure_for(CODEX.with_context_window(1_000_000)) == Measure(20_000, 4)
    assert measure_for(CODEX.with_context_window(None)) == Measure(8_000)  # characters
    assert Measure(10, 4).cost("abc") == 1  # "abc\n": 4 bytes
    assert Measure(10, 4).cost("abcd") == 2  # 5 bytes, rounded up
    assert Measure(10, 4).cost("é") == 1  # 3 bytes
    assert Measure(10).cost("abcd") == 5  # characters, line break included


def test_the_roots_table_is_charged_past_its_allowance() -> None:
    short = ["/r"]  # "- `r0` = `/r`\n": 14 bytes, within the allowance
    assert for_lines(Measure(100, 4), short) == Measure(100, 4)
    long = ["/" + "x" * 140]  # 153 bytes: 11 past the allowance, 3 tokens
    assert for_lines(Measure(100, 4), long) == Measure(97, 4)
    assert for_lines(Measure(100), long) == Measure(89)  # characters
    assert for_lines(None, long) is None


def test_a_bigger_window_cuts_less() -> None:
    skills = [skill(f"s{i:02d}", "z" * 1000) for i in range(60)]
    small = codex_instructions(skills, CODEX)
    big = codex_instructions(skills, CODEX.with_context_window(1_000_000))
    assert all(entry.truncated for entry in small.entries)
    assert not any(entry.truncated for entry in big.entries)
    assert small.truncated_at is not None and big.truncated_at is None


def test_shared_characters_follow_token_rounding() -> None:
    # One token left over the bare lines: each line may take characters until its cost
    # grows by a token, the first line first.
    lines = [skill("aa", "x" * 50), skill("bb", "y" * 50)]
    bare = sum(Measure(1, 4).cost(f"- {s.name}: (file: r0/{s.name}/SKILL.md)") for s in lines)
    client = CODEX.with_context_window((bare + 1) * 50)
    assert measure_for(client) == Measure(bare + 1, 4)
    text = codex_instructions(lines, client).text
    kept = [line for line in text.splitlines() if line.startswith(("- aa", "- bb"))]
    # "- aa: (file: r0/aa/SKILL.md)\n" is 29 bytes, 8 tokens: a space and 2 characters
    # still cost nothing; the third costs the spare token (aa's, it comes first), after
    # which aa takes characters up to 36 bytes, 9 tokens, and bb stays at 2.
    assert kept == ["- aa: xxxxxx (file: r0/aa/SKILL.md)", "- bb: yy (file: r0/bb/SKILL.md)"]


def test_activation_pastes_the_file_with_its_real_path(tmp_path: Path) -> None:
    target = write_skill(tmp_path / "shared" / "tool", "tool", "Does.")
    target.write_bytes(b"---\r\nname: tool\r\ndescription: Does.\r\n---\r\n</skill>\r\n")
    link = tmp_path / "root" / "tool"
    link.parent.mkdir()
    os.symlink(target.parent, link)
    source = source_for("tool", str(link / "SKILL.md"), keep_line_ends=True)
    text = codex_skill(source).text
    assert text == (
        f"<skill>\n<name>tool</name>\n<path>{os.path.realpath(target)}</path>\n"
        "---\r\nname: tool\r\ndescription: Does.\r\n---\r\n</skill>\r\n\n</skill>"
    )


def test_a_name_two_loaded_skills_share_is_not_activated(tmp_path: Path) -> None:
    project, home = tmp_path / "p", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    write_skill(project / ".agents/skills/twin", "twin", "Project copy.")
    write_skill(home / ".agents/skills/twin", "twin", "User copy.")
    write_skill(project / ".agents/skills/solo", "solo", "Only one.")
    index = WorkspaceIndex([project], Settings(), home=home, environ={})
    index.scan()
    assert [s.name for s in index.view("codex")].count("twin") == 2
    refusal = refusal_for(index, "codex", "twin")
    assert refusal is not None and "2 skills named twin" in refusal and "`$twin`" in refusal
    assert activation_for(index, "codex", "twin") is None
    assert refusal_for(index, "codex", "solo") is None
    assert activation_for(index, "codex", "solo") is not None
    # A client without `ambiguous_refusal` is unaffected (pi keeps the first copy anyway).
    assert refusal_for(index, "agentskills", "solo") is None
