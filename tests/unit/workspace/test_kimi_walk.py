"""Kimi Code CLI's walk and reading where the lab's scenarios do not reach, as extra runs of
Kimi Code CLI 2.1.0 showed: a dot folder (or node_modules) is not entered, but a SKILL.md
directly in one is a skill; nine folders deep at most (ten were not read); the first line
must be `---` once trimmed (a byte-order mark passes, a blank line does not); `name` must be
a string."""

from __future__ import annotations

from pathlib import Path

from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _skill(name: str, head: str = "") -> str:
    return f"{head}---\nname: {name}\ndescription: The {name} skill.\n---\nBody.\n"


def test_what_kimi_code_loads(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    root = project / ".agents" / "skills"
    _write(root / ".private" / "SKILL.md", _skill("private"))
    _write(root / ".dot" / "inner" / "SKILL.md", _skill("dot-inner"))
    _write(root / "node_modules" / "nm" / "SKILL.md", _skill("nm-inner"))
    # Kimi Code CLI reads nine folders deep; skill-ls's own walk stops at eight.
    _write(root / "a/b/c/d/e/f/g/deep8" / "SKILL.md", _skill("deep8"))
    _write(root / "a/b/c/d/e/f/g/h/i/deep10" / "SKILL.md", _skill("deep10"))
    _write(root / "bom" / "SKILL.md", _skill("bom", "\ufeff"))
    _write(root / "blank-line" / "SKILL.md", _skill("blank-line", "\n"))
    _write(root / "typed" / "SKILL.md", "---\nname: 123\ndescription: Numeric.\n---\nx\n")
    settings = Settings(target_clients=("kimi-code",))
    index = WorkspaceIndex([project], settings, home=tmp_path / "home", environ={})
    index.scan()
    found = sorted(skill.name for skill in index.view("kimi-code") if skill.scope != "builtin")
    assert found == ["bom", "deep8", "private"]
    reasons = {
        entry.name: placement.reason
        for entry in index.skills()
        for placement in entry.placements
        if placement.client == "kimi-code" and placement.status == "skipped"
    }
    assert "`---` is the file's first line" in reasons["blank-line"]
    assert "`name` is not a string" in reasons["typed"]
