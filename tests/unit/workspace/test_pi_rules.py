"""The engine mechanisms pi's observed rules use: project roots read in ancestors only
for some patterns (`ancestor_roots`), to `/` outside git (`"git-root-else-top"`), a shared
home root read as the user root (`shared_roots_are_user`), root-level Markdown in some
roots only (`root_markdown_roots`), ignore files from the root down (`ignore_files_from`),
the per-folder walk order (`root_order="walk"`), frontmatter only at the file's start
(`frontmatter_at_start`) and repeated keys as YAML errors (`unique_keys`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.document import parse_document
from skill_ls.render import refusal_for
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.facts import facts_of
from skill_ls.workspace.index_records import SkillFacts, Status
from skill_ls.workspace.order import root_order_key
from skill_ls.workspace.roots import Environment, client_roots
from skill_ls.workspace.skill_reading import skip_reason

from ..workspace_helpers import write_skill

PI = CLIENTS_BY_ID["pi"]


def _index(folder: Path, home: Path) -> WorkspaceIndex:
    index = WorkspaceIndex([folder], Settings(), home=home, environ={})
    index.scan()
    return index


def _view(index: WorkspaceIndex) -> list[tuple[str, str]]:
    return [(skill.name, skill.relative_path) for skill in index.view("pi")]


def _roots(folder: Path, home: Path) -> list[tuple[str, str]]:
    environment = Environment(str(home), {})
    return [
        (root.scope, root.path) for root in client_roots(PI, [str(folder)], Settings(), environment)
    ]


def test_agents_roots_are_read_up_to_the_git_root_pi_roots_only_here(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    folder = tmp_path / "repo" / "sub"
    folder.mkdir()
    roots = _roots(folder, tmp_path / "home")
    assert roots[:3] == [
        ("project", str(folder / ".pi/skills")),
        ("project", str(folder / ".agents/skills")),
        ("project", str(tmp_path / "repo" / ".agents/skills")),
    ]
    assert ("project", str(tmp_path / "repo" / ".pi/skills")) not in roots
    assert [scope for scope, _ in roots[3:]] == ["user", "user"]


def test_outside_git_every_ancestor_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b"
    folder.mkdir(parents=True)
    paths = [path for _, path in _roots(folder, tmp_path / "home")]
    assert str(tmp_path / "a" / ".agents/skills") in paths
    assert "/.agents/skills" in paths
    codex = CLIENTS_BY_ID["codex"]  # "git-root": no ancestors outside a repository
    codex_roots = client_roots(codex, [str(folder)], Settings(), Environment(str(tmp_path), {}))
    assert str(tmp_path / "a" / ".agents/skills") not in [root.path for root in codex_roots]


def test_the_home_agents_root_stays_a_user_root(tmp_path: Path) -> None:
    home = tmp_path / "home"
    folder = home / "code"
    folder.mkdir(parents=True)
    roots = _roots(folder, home)
    assert roots.count(("user", str(home / ".agents/skills"))) == 1
    assert ("project", str(home / ".agents/skills")) not in roots


def test_project_copy_wins_and_loads_first(tmp_path: Path) -> None:
    project, home = tmp_path / "p", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    write_skill(home / ".agents/skills/twin", "twin", "User copy.")
    write_skill(home / ".pi/agent/skills/mine", "mine", "User pi copy.")
    write_skill(project / ".agents/skills/twin", "twin", "Project copy.")
    index = _index(project, home)
    assert [(s.name, s.scope) for s in index.view("pi")] == [("twin", "project"), ("mine", "user")]


def test_root_markdown_skills_only_in_pi_roots(tmp_path: Path) -> None:
    project, home = tmp_path / "p", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    for root in (project / ".pi/skills", project / ".agents/skills"):
        root.mkdir(parents=True)
    (project / ".pi/skills/notes.md").write_text("---\ndescription: Notes.\n---\n")
    (project / ".agents/skills/other.md").write_text("---\ndescription: Other.\n---\n")
    index = _index(project, home)
    # Without `name`, pi names a root-level file after the folder holding it: the root.
    assert _view(index) == [("skills", "notes.md")]


def test_only_ignore_files_inside_the_root_count(tmp_path: Path) -> None:
    project, home = tmp_path / "p", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    (project / ".gitignore").write_text(".agents/skills/outer/\n")
    (project / ".agents/skills").mkdir(parents=True)
    (project / ".agents/skills/.gitignore").write_text("inner/\n")
    for name in ("outer", "inner", "kept"):
        write_skill(project / ".agents/skills" / name, name)
    index = _index(project, home)
    assert sorted(name for name, _ in _view(index)) == ["kept", "outer"]
    # Codex (observed) reads no ignore file: both load
    assert {"outer", "inner"} <= {s.name for s in index.view("codex")}


def test_walk_order_is_per_folder_byte_order() -> None:
    paths = ["a-b/SKILL.md", "a/x/SKILL.md", "B/SKILL.md", "b.md", "ab/SKILL.md"]
    ordered = sorted(paths, key=lambda path: root_order_key(PI, path))
    assert ordered == ["B/SKILL.md", "a/x/SKILL.md", "a-b/SKILL.md", "ab/SKILL.md", "b.md"]


def test_a_skill_md_ends_the_walk(tmp_path: Path) -> None:
    project, home = tmp_path / "p", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    write_skill(project / ".agents/skills/outer", "outer")
    write_skill(project / ".agents/skills/outer/inner", "inner")
    write_skill(project / ".agents/skills/group/deep/nested", "nested")
    index = _index(project, home)
    assert sorted(name for name, _ in _view(index)) == ["nested", "outer"]


def _facts(text: str) -> SkillFacts:
    return facts_of(parse_document(text, "/w/x/SKILL.md"), "/w/x")


def test_frontmatter_must_start_the_file() -> None:
    reason = skip_reason(PI, _facts("\ufeff---\nname: x\ndescription: y\n---\n"))
    assert reason is not None and "byte-order mark" in reason
    assert skip_reason(PI, _facts("\n---\nname: x\ndescription: y\n---\n")) is not None
    assert skip_reason(PI, _facts("---\nname: x\ndescription: y\n---\n")) is None
    loose = replace(PI, reading=replace(PI.reading, frontmatter_at_start=False))
    assert skip_reason(loose, _facts("\ufeff---\nname: x\ndescription: y\n---\n")) is None


def test_a_repeated_key_drops_the_skill() -> None:
    facts = _facts("---\nname: x\ndescription: y\nname: z\n---\n")
    reason = skip_reason(PI, facts)
    assert reason is not None and "`name` appears twice" in reason
    assert skip_reason(CLIENTS_BY_ID["codex"], facts) is None


def test_hidden_skill_is_refused_with_the_reason(tmp_path: Path) -> None:
    project, home = tmp_path / "p", tmp_path / "home"
    (project / ".git").mkdir(parents=True)
    path = write_skill(project / ".agents/skills/quiet", "quiet")
    path.write_text("---\nname: quiet\ndescription: Q.\ndisable-model-invocation: true\n---\n")
    index = _index(project, home)
    entry = next(e for e in index.skills() if e.name == "quiet")
    placement = entry.placement("pi")
    assert placement is not None and placement.status is Status.HIDDEN
    refusal = refusal_for(index, "pi", "quiet")
    assert refusal is not None and "/skill:quiet" in refusal
