"""Kimi Code CLI's flat skills (a `*.md` file directly in a skill root, read as a file) where
the lab's flat-files and flat-clash scenarios do not reach: a skill folder that comes or goes
beside a flat file of its name while the index is live, and the same workspace seen by an
agent that has no flat skills."""

from __future__ import annotations

from pathlib import Path

from skill_ls.render import refusal_for
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _kimi_view(index: WorkspaceIndex) -> dict[str, tuple[str, str]]:
    """name -> (description, file name) of what Kimi Code CLI lists from the workspace."""
    return {
        skill.name: (skill.description, Path(skill.path).name)
        for skill in index.view("kimi-code")
        if skill.scope != "builtin"
    }


def _index(tmp_path: Path, project: Path, *targets: str) -> WorkspaceIndex:
    settings = Settings(target_clients=targets or ("kimi-code",))
    index = WorkspaceIndex([project], settings, home=tmp_path / "home", environ={})
    index.scan()
    return index


def _project(tmp_path: Path) -> tuple[Path, Path]:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    return project, project / ".agents" / "skills"


def test_flat_files_are_named_and_described_as_kimi_reads_them(tmp_path: Path) -> None:
    project, root = _project(tmp_path)
    _write(root / "notes.md", "\n\n  First line, trimmed.  \nMore.\n")
    _write(root / "typed.md", "---\nname: [a, b]\ndescription: 7\n---\n\nBody line.\n")
    _write(root / "named.md", "---\nname: Given Name\ndescription: Given.\n---\nBody.\n")
    _write(root / "astral.md", "\U0001f600" * 130 + "\n")  # 260 UTF-16 units
    _write(root / "SKILL.md", "---\nname: in-root\ndescription: Directly in the root.\n---\n")
    _write(root / "broken.md", "---\ndescription: Has an unquoted: colon\n---\nBody.\n")
    view = _kimi_view(_index(tmp_path, project))
    assert view == {
        "notes": ("First line, trimmed.", "notes.md"),
        "typed": ("Body line.", "typed.md"),
        "Given Name": ("Given.", "named.md"),
        # 239 UTF-16 units at most: 119 emoji, then the ellipsis.
        "astral": ("\U0001f600" * 119 + "\u2026", "astral.md"),
    }


def test_a_skill_folder_that_comes_and_goes_beside_a_flat_file(tmp_path: Path) -> None:
    project, root = _project(tmp_path)
    _write(root / "tool.md", "Flat tool.\n")
    index = _index(tmp_path, project)
    assert _kimi_view(index) == {"tool": ("Flat tool.", "tool.md")}

    # A folder `tool` holding a SKILL.md: Kimi does not read tool.md at all, even when
    # the folder's SKILL.md is one it drops (here: no description).
    _write(root / "tool" / "SKILL.md", "---\nname: tool\n---\nNo description.\n")
    index.add_path(root / "tool")
    assert _kimi_view(index) == {}
    assert _kimi_view(index) == _kimi_view(_index(tmp_path, project))

    _write(root / "tool" / "SKILL.md", "---\nname: tool\ndescription: Folder tool.\n---\n")
    index.update_file(root / "tool" / "SKILL.md")
    assert _kimi_view(index) == {"tool": ("Folder tool.", "SKILL.md")}

    (root / "tool" / "SKILL.md").unlink()
    index.remove_path(root / "tool" / "SKILL.md")
    assert _kimi_view(index) == {"tool": ("Flat tool.", "tool.md")}
    assert _kimi_view(index) == _kimi_view(_index(tmp_path, project))


def test_agents_without_flat_skills_pass_them_over(tmp_path: Path) -> None:
    project, root = _project(tmp_path)
    _write(root / "notes.md", "A flat file.\n")
    _write(root / "kept" / "SKILL.md", "---\nname: kept\ndescription: A folder skill.\n---\n")
    index = _index(tmp_path, project, "kimi-code", "codex", "pi")
    (notes,) = [entry for entry in index.skills() if entry.path.endswith("notes.md")]
    assert notes.name == "notes"
    assert [placement.client for placement in notes.placements] == ["kimi-code"]
    assert notes.clients == ("kimi-code",)


def test_kimi_reads_type(tmp_path: Path) -> None:
    # Lab scenario skill-type: the refusal's words and the reasons a skill is dropped.
    project, root = _project(tmp_path)
    head = "---\nname: {0}\ndescription: The {0} skill.\n{1}---\nBody.\n"
    for name, line in {
        "ref": "type: reference\n",
        "flowy": "type: flow\n",
        "hidden": "disable-model-invocation: true\n",
        "other-type": "type: other\n",
        "listed-type": "type: [prompt]\n",
    }.items():
        _write(root / name / "SKILL.md", head.format(name, line))
    _write(root / "flat-ref.md", "---\ntype: reference\n---\nA flat reference.\n")
    index = _index(tmp_path, project)
    view = {s.name: s for s in index.view("kimi-code") if s.scope != "builtin"}
    assert sorted(view) == ["flat-ref", "flowy", "hidden", "ref"]
    assert all(skill.hidden for skill in view.values())
    not_inline = 'Skill "{}" is not an inline skill and cannot be invoked by the model in v1.'
    for name in ("ref", "flowy", "flat-ref"):
        assert refusal_for(index, "kimi-code", name) == not_inline.format(name)
    assert refusal_for(index, "kimi-code", "hidden") == (
        'Skill "hidden" can only be triggered by the user (model invocation is disabled).'
    )
    reasons = {
        entry.name: placement.reason
        for entry in index.skills()
        for placement in entry.placements
        if placement.client == "kimi-code" and placement.status == "skipped"
    }
    assert reasons == {
        "other-type": (
            "Kimi Code CLI drops a skill whose `type` is 'other': it takes only prompt, "
            "inline, reference, flow"
        ),
        "listed-type": (
            "Kimi Code CLI drops a skill whose `type` is not a string (here: a list of strings)"
        ),
    }
