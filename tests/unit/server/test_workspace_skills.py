"""The server's index of open buffers: the text it holds is the editor's newest."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skill_ls.server.workspace_skills import WorkspaceSkills
from skill_ls.settings import Settings

OLD = "---\nname: quiet\ndescription: Old. Use when asked.\n---\nBody.\n"
NEW = "---\nname: loud\ndescription: New. Use when asked.\n---\nBody.\n"


def indexed(
    tmp_path: Path, on_names_changed: Callable[[], None] = lambda: None
) -> tuple[WorkspaceSkills, str]:
    path = tmp_path / ".agents" / "skills" / "quiet" / "SKILL.md"
    path.parent.mkdir(parents=True)
    path.write_text(OLD, encoding="utf-8")
    skills = WorkspaceSkills(on_names_changed=on_names_changed)
    skills.scan([([tmp_path], Settings())])
    return skills, str(path)


def test_a_check_of_an_older_version_finishing_late_keeps_the_newer_text(
    tmp_path: Path,
) -> None:
    renames: list[None] = []
    skills, path = indexed(tmp_path, lambda: renames.append(None))
    skills.set_buffer(path, NEW, 2)  # the code lens, asked right after the edit
    skills.set_buffer(path, OLD, 1)  # the check of version 1, done only now
    facts = skills.facts(path)
    assert facts is not None
    assert (facts.name, facts.description) == ("loud", "New. Use when asked.")
    assert len(renames) == 1


def test_closing_the_buffer_forgets_its_version(tmp_path: Path) -> None:
    skills, path = indexed(tmp_path)
    skills.set_buffer(path, NEW, 7)
    skills.clear_buffer(path)
    skills.set_buffer(path, NEW, 1)  # opened again: editors count from the start
    facts = skills.facts(path)
    assert facts is not None
    assert facts.name == "loud"


def test_each_scan_reveals_the_roots_it_walks_first(tmp_path: Path) -> None:
    """The host hears every root folder before the walk (the WebAssembly host mounts those
    outside what it reads), the settings' extra roots included."""
    extra = tmp_path / "elsewhere"
    revealed: list[list[str]] = []
    skills = WorkspaceSkills(reveal=revealed.append)
    project = tmp_path / "project"
    project.mkdir()
    skills.scan([([project], Settings(extra_roots=(str(extra),)))])
    assert len(revealed) == 1 and revealed[0] == sorted(set(revealed[0]))
    assert str(extra) in revealed[0]
    assert str(project / ".agents" / "skills") in revealed[0]
