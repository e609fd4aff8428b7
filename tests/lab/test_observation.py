"""Scenario workspaces and golden files: what the lab writes and reads back."""

from __future__ import annotations

import os
from pathlib import Path

from clientlab.observation import (
    Activation,
    Observation,
    normalise,
    same,
    same_but_order,
    variants,
    write_variants,
)
from clientlab.scenarios import SCENARIOS, SCENARIOS_BY_ID, materialise


def _observation(catalog: str | None, text: str | None = "body") -> Observation:
    return Observation(
        agent="pi",
        package="p",
        version="1.0",
        scenario="order",
        listed=["a"],
        catalog=catalog,
        activation=Activation("a", "", text, None if text else "refused"),
    )


def test_scenario_ids_are_unique_and_every_scenario_has_a_skill() -> None:
    assert len(SCENARIOS_BY_ID) == len(SCENARIOS)
    for scenario in SCENARIOS:
        assert any(path.endswith("SKILL.md") for path in scenario.files), scenario.id


def test_materialise_fills_the_project_root_home_links_and_git(tmp_path: Path) -> None:
    workspace, home = str(tmp_path / "ws"), str(tmp_path / "home")
    materialise(SCENARIOS_BY_ID["symlink"], ".agents/skills", home, workspace)
    link = Path(workspace, ".agents/skills/linked")
    assert link.is_symlink() and (link / "SKILL.md").is_file()
    assert Path(workspace, ".git").is_dir()
    materialise(SCENARIOS_BY_ID["clash-project-user"], ".claude/skills", home, workspace)
    assert Path(workspace, ".claude/skills/twin/SKILL.md").is_file()
    assert Path(home, ".agents/skills/twin/SKILL.md").is_file()


def test_crlf_and_bom_are_written_byte_for_byte(tmp_path: Path) -> None:
    workspace = str(tmp_path / "ws")
    materialise(SCENARIOS_BY_ID["bom-crlf"], ".agents/skills", str(tmp_path / "h"), workspace)
    root = Path(workspace, ".agents/skills")
    assert (root / "bom/SKILL.md").read_bytes().startswith(b"\xef\xbb\xbf---\n")
    assert b"\r\n" in (root / "crlf/SKILL.md").read_bytes()


def test_normalise_replaces_the_longest_path_first() -> None:
    text = "/tmp/x/home/a and /tmp/x/ws/b"
    replaced = normalise(text, {"/tmp/x": "<BASE>", "/tmp/x/home": "<HOME>"})
    assert replaced == "<HOME>/a and <BASE>/ws/b"


def test_a_golden_round_trips(tmp_path: Path) -> None:
    written = _observation("cat\r\nalog")
    folder = written.write(tmp_path)
    assert same(Observation.read(folder), written)
    assert (folder / "catalog.txt").read_bytes() == b"cat\r\nalog"


def test_refusal_and_no_catalog_round_trip(tmp_path: Path) -> None:
    written = _observation(None, None)
    folder = written.write(tmp_path)
    assert not (folder / "catalog.txt").exists()
    read = Observation.read(folder)
    assert read.catalog is None and read.activation == written.activation


def test_distinct_runs_become_variants_and_repeats_collapse(tmp_path: Path) -> None:
    first, second = _observation("one"), _observation("two")
    write_variants([first, second, _observation("one")], tmp_path)
    found = variants(first, tmp_path)
    assert [o.catalog for o in found] == ["one", "two"]
    write_variants([second], tmp_path)  # a later refresh replaces old variants
    assert [o.catalog for o in variants(first, tmp_path)] == ["two"]
    assert not any(name.startswith("variant-") for name in os.listdir(first.folder(tmp_path)))


def test_same_entries_in_another_order_is_recognised() -> None:
    one = _observation("head\n<skill>a</skill>\n<skill>b</skill>\ntail")
    other = _observation("head\n<skill>b</skill>\n<skill>a</skill>\ntail")
    changed = _observation("head\n<skill>b</skill>\n<skill>c</skill>\ntail")
    assert not same(one, other)
    assert same_but_order(one, other)
    assert not same_but_order(one, changed)
    assert not same_but_order(one, _observation("HEAD\n<skill>b</skill>\n<skill>a</skill>\ntail"))


def test_name_entries_in_another_order_are_recognised() -> None:
    # Continue CLI's catalog: entries after a sentence, joined by `,`.
    one = _observation("Tool.\n\nname: a\ndescription: A\n,\nname: b\ndescription: B\n")
    other = _observation("Tool.\n\nname: b\ndescription: B\n,\nname: a\ndescription: A\n")
    changed = _observation("Tool.\n\nname: b\ndescription: B\n,\nname: a\ndescription: C\n")
    assert same_but_order(one, other)
    assert not same_but_order(one, changed)


def test_only_agents_the_table_says_vary_get_the_order_tolerance() -> None:
    from clientlab.compare import order_varies

    assert order_varies("gemini-cli") and order_varies("continue")
    assert not order_varies("pi") and not order_varies("codex")


def test_a_names_only_catalog_in_another_order_has_the_same_entries() -> None:
    from clientlab.compare import order_varies
    from clientlab.observation import same_entries

    assert same_entries("Available skills: a, b, c.", "Available skills: c, a, b.")
    assert not same_entries("Available skills: a, b.", "Available skills: a, c.")
    assert not same_entries("Available skills: a, b.", "Skills here: b, a.")
    # Cline CLI lists a root's folders as the file system does: another machine's order.
    assert order_varies("cline")


def test_a_refusal_naming_the_same_skills_in_another_order_is_the_same() -> None:
    # Continue CLI's refusal names the skills it has in the order its reads finished.
    def refused(offered: str) -> Observation:
        observation = _observation("Tool.\n\nname: a\ndescription: A\n", text=None)
        observation.activation = Activation(
            "x", "", None, f'Skill "x" not found. Available skills: {offered}'
        )
        return observation

    one, other = refused("a, b, c"), refused("c, a, b")
    assert not same(one, other)
    assert same_but_order(one, other)
    assert not same_but_order(one, refused("a, b, d"))
    assert not same_but_order(one, refused("a, b"))


def test_files_listed_in_another_order_are_recognised_for_agents_that_vary_so() -> None:
    from clientlab.compare import file_order_varies, same_but_file_order

    files = "<skill_files>\n<file>/s/run.sh</file>\n{}\n{}\n</skill_files>"
    golden = _observation("C", files.format("<file>/a/t.txt</file>", "<file>/r/g.md</file>"))
    other = _observation("C", files.format("<file>/r/g.md</file>", "<file>/a/t.txt</file>"))
    fewer = _observation("C", files.format("<file>/r/g.md</file>", ""))
    assert not same(golden, other)
    assert same_but_file_order(golden, other)
    assert not same_but_file_order(golden, fewer)
    assert not same_but_file_order(golden, _observation("D", other.activation.text))  # type: ignore[union-attr]
    # OpenCode's ripgrep walk (and Kilo's, its fork) reads sub-folders on several threads.
    assert file_order_varies("opencode") and file_order_varies("kilo")
    assert not file_order_varies("pi")
