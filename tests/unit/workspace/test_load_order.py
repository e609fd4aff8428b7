"""Load order mechanisms: the order within one root (`Client.discovery.root_order`) and a
clash winner that keeps the first copy's place (`Client.clashes.clash_keeps_place`), as
Gemini CLI does."""

from __future__ import annotations

from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.order import descending_key, root_order_key

from ..workspace_helpers import write_skill


def test_descending_key_is_strcmp_order_reversed() -> None:
    names = ["zeta", "alpha", "Mid", "beta-2", "beta", "é", "_x", "10", "9"]
    by_key = sorted(names, key=lambda name: descending_key(f"{name}/SKILL.md"))
    assert by_key == sorted(names, key=lambda name: name.encode(), reverse=True)
    assert by_key.index("beta-2") < by_key.index("beta")  # a name after its extensions


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
