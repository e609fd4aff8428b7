"""`skill-ls check` on `*.md` files directly in a skill root. Kimi Code CLI reads such a file
as a skill of its own, with an optional frontmatter (`Discovery.root_markdown_reading`
"file"), so its check leaves out the rules on the frontmatter's shape: what it says is
checked, and whether each agent loads it comes from the workspace index (SKL506). pi reads
its root files as SKILL.md files, so theirs are checked as such."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.support import run_cli


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _codes(tmp_path: Path, *files: str) -> dict[str, list[tuple[str, str]]]:
    (tmp_path / "home").mkdir(exist_ok=True)
    result = run_cli(
        "check", "--no-cache", "--format", "json", *files, cwd=tmp_path / "proj",
        home=tmp_path / "home",
    )  # fmt: skip
    assert result.stderr == ""
    report: dict[str, Any] = json.loads(result.stdout)
    found: dict[str, list[tuple[str, str]]] = {file: [] for file in files}
    for diagnostic in report["diagnostics"]:
        found[diagnostic["path"]].append((diagnostic["code"], diagnostic["message"]))
    return found


def test_a_file_kimi_reads_as_a_file_is_checked_for_what_it_says(tmp_path: Path) -> None:
    root = tmp_path / "proj" / ".agents" / "skills"
    (tmp_path / "proj" / ".git").mkdir(parents=True)
    _write(root / "notes.md", "Summarise the notes.\n\nKeep it short.\n")
    _write(root / "typed.md", "---\nname: 123\n---\nBody.\n")
    _write(root / "colon.md", "---\ndescription: Has an unquoted: colon\n---\nBody.\n")
    _write(root / "secret.md", "Use the key AKIAQ7R2T9XK4M1ZB8WD to call it.\n")
    _write(tmp_path / "proj" / ".pi" / "skills" / "pi-notes.md", "No frontmatter here.\n")
    found = _codes(
        tmp_path,
        ".agents/skills/notes.md",
        ".agents/skills/typed.md",
        ".agents/skills/colon.md",
        ".agents/skills/secret.md",
        ".pi/skills/pi-notes.md",
    )
    assert found[".agents/skills/notes.md"] == []
    assert found[".agents/skills/typed.md"] == []  # the file's name stands in for `name`
    [(code, message)] = found[".agents/skills/colon.md"]
    assert code == "SKL506" and message.startswith("Kimi Code CLI does not load this skill")
    assert [code for code, _ in found[".agents/skills/secret.md"]] == ["SKL461"]
    # pi reads its root files as SKILL.md files: a missing frontmatter drops it there.
    assert "SKL001" in [code for code, _ in found[".pi/skills/pi-notes.md"]]


def test_a_folder_check_finds_the_files_agents_load_as_skills(tmp_path: Path) -> None:
    # Each file holds a key (SKL461): the files checked are the ones with a finding.
    key = "Call it with AKIAQ7R2T9XK4M1ZB8WD.\n"
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    _write(project / ".agents/skills/notes.md", key)
    _write(
        project / ".agents/skills/tool/SKILL.md", f"---\nname: tool\ndescription: T.\n---\n{key}"
    )
    _write(project / ".agents/skills/tool/guide.md", key)  # inside a skill folder
    _write(project / ".pi/skills/pi-notes.md", f"---\nname: pi-notes\ndescription: P.\n---\n{key}")
    _write(project / "docs/readme.md", key)  # in no skill root
    (tmp_path / "home").mkdir()
    result = run_cli(
        "check", "--no-cache", "--format", "json", ".", cwd=project, home=tmp_path / "home"
    )
    report = json.loads(result.stdout)
    assert report["summary"]["files"] == 3
    assert sorted(d["path"] for d in report["diagnostics"] if d["code"] == "SKL461") == [
        ".agents/skills/notes.md",
        ".agents/skills/tool/SKILL.md",
        ".pi/skills/pi-notes.md",
    ]
