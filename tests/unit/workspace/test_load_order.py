"""Load order mechanisms: the order within one root (`Client.discovery.root_order`) and a
clash winner that keeps the first copy's place (`Client.clashes.clash_keeps_place`), as
Gemini CLI does."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.order import char_weights, descending_key, locale_key, root_order_key

from ..workspace_helpers import write_skill


def test_descending_key_is_strcmp_order_reversed() -> None:
    names = ["zeta", "alpha", "Mid", "beta-2", "beta", "é", "_x", "10", "9"]
    by_key = sorted(names, key=lambda name: descending_key(f"{name}/SKILL.md"))
    assert by_key == sorted(names, key=lambda name: name.encode(), reverse=True)
    assert by_key.index("beta-2") < by_key.index("beta")  # a name after its extensions


@given(st.lists(st.text(alphabet=st.characters(exclude_characters="/"), min_size=1), min_size=1))
def test_descending_key_mirrors_each_part_and_closes_it(parts: list[str]) -> None:
    top = chr(0x10FFFF)
    expected = "".join("".join(chr(0x10FFFF - ord(c)) for c in part) + top for part in parts)
    assert descending_key("/".join(parts)) == expected


def test_locale_key_orders_as_icu_root_collation() -> None:
    names = ["b", "_x", "É", "a-b", "2", "-y", "e", "B", "ab", "10", "é", "f", "A"]
    assert sorted(names, key=locale_key) == [
        "_x", "-y", "10", "2", "A", "a-b", "ab", "b", "B", "e", "é", "É", "f",
    ]  # fmt: skip


@given(st.text())
def test_locale_key_is_each_characters_weights_in_turn(text: str) -> None:
    # `locale_key` translates through tables filled as characters are met; every string,
    # whatever was met before it, gets the weights of its characters one by one.
    parts = [char_weights(char) for char in text]
    expected = "\x01".join("".join(part[i] for part in parts) for i in range(3))
    assert locale_key(text) == expected


def test_locale_key_of_more_characters_than_it_keeps() -> None:
    text = "".join(chr(point) for point in range(0x4E00, 0x4E00 + 20_000))
    expected = "\x01".join("".join(char_weights(char)[i] for char in text) for i in range(3))
    assert locale_key(text) == expected
    assert locale_key(text) == expected  # the second time from what was kept


def test_root_order_key_per_client() -> None:
    gemini, agentskills = CLIENTS_BY_ID["gemini-cli"], CLIENTS_BY_ID["agentskills"]
    assert root_order_key(agentskills, "a/SKILL.md") == "a/SKILL.md"
    assert root_order_key(gemini, "a/SKILL.md") == descending_key("a/SKILL.md")


def _index(tmp_path: Path) -> WorkspaceIndex:
    index = WorkspaceIndex([tmp_path / "p"], Settings(), home=tmp_path / "home", environ={})
    index.scan()
    return index


def _names(index: WorkspaceIndex, client: str) -> list[tuple[str, str]]:
    return [(skill.name, skill.scope) for skill in index.view(client)]


def test_gemini_lists_each_root_in_descending_name_order(tmp_path: Path) -> None:
    for name in ("zeta", "alpha", "Mid", "beta-2"):
        write_skill(tmp_path / "p/.agents/skills" / name, name.lower())
    write_skill(tmp_path / "home/.agents/skills/aardvark", "aardvark")
    names = [name for name, scope in _names(_index(tmp_path), "gemini-cli") if scope != "builtin"]
    assert names == ["aardvark", "zeta", "beta-2", "alpha", "mid"]


def test_the_winner_keeps_the_first_copys_place(tmp_path: Path) -> None:
    write_skill(tmp_path / "home/.gemini/skills/twin", "twin", "User copy.")
    write_skill(tmp_path / "home/.gemini/skills/solo", "solo")
    write_skill(tmp_path / "p/.agents/skills/a-first", "a-first")
    write_skill(tmp_path / "p/.agents/skills/twin", "twin", "Project copy.")
    index = _index(tmp_path)
    view = [skill for skill in index.view("gemini-cli") if skill.scope != "builtin"]
    # ~/.gemini in descending order (twin, solo), then the project root (twin, a-first): the
    # project's twin wins, listed where the user's was.
    assert [(skill.name, skill.scope) for skill in view] == [
        ("twin", "project"),
        ("solo", "user"),
        ("a-first", "project"),
    ]
    # Without the column the winner sits where it was found.
    agents = [name for name, _ in _names(index, "agentskills")]
    assert agents == ["a-first", "twin"]


def test_a_skipped_copy_takes_no_place(tmp_path: Path) -> None:
    bad = tmp_path / "home/.gemini/skills/twin"
    bad.mkdir(parents=True)
    (bad / "SKILL.md").write_text("---\nname: twin\n---\nNo description.\n")
    write_skill(tmp_path / "home/.gemini/skills/solo", "solo")
    write_skill(tmp_path / "p/.agents/skills/twin", "twin")
    names = [n for n, scope in _names(_index(tmp_path), "gemini-cli") if scope != "builtin"]
    assert names == ["solo", "twin"]


def test_a_found_skill_takes_the_builtins_place(tmp_path: Path) -> None:
    write_skill(tmp_path / "p/.agents/skills/antigravity-support", "antigravity-support")
    write_skill(tmp_path / "p/.agents/skills/zz", "zz")
    view = _index(tmp_path).view("gemini-cli")
    assert [(skill.name, skill.scope) for skill in view] == [
        ("skill-creator", "builtin"),
        ("antigravity-support", "project"),
        ("zz", "project"),
    ]
