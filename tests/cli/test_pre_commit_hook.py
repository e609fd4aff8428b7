"""The pre-commit hook's command line takes every file name pre-commit passes as a path.

pre-commit appends the staged files' names to the hook's `entry`. A file or folder whose
name starts with `-` (`--format=x/SKILL.md`, `--cache-dir=/tmp/x/SKILL.md`) must not be read
as an option: the entry ends its options with `--`.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SKILL = (
    "---\nname: {name}\ndescription: Does {name} things. Use when asked about {name}.\n"
    "---\n\nBody.\n"
)


def hook_entry() -> list[str]:
    text = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    found = re.search(r"^\s*entry:\s*(.+?)\s*$", text, re.MULTILINE)
    assert found is not None
    return shlex.split(found.group(1))


def run_hook(root: Path, tmp_path: Path, files: list[str]) -> subprocess.CompletedProcess[str]:
    entry = hook_entry()
    assert entry[0] == "skill-ls"
    command = [sys.executable, "-m", "skill_ls", *entry[1:], *files]
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "HOME": str(tmp_path / "home"),
    }
    return subprocess.run(
        command, cwd=root, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_entry_ends_its_options() -> None:
    assert hook_entry() == ["skill-ls", "check", "--"]


def test_file_names_that_look_like_options_are_paths(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    names = ["--format=x", "--cache-dir=evil", "-v", "plain"]
    files = []
    for name in names:
        folder = root / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(SKILL.format(name=name.strip("-=")), encoding="utf-8")
        files.append(f"{name}/SKILL.md")
    done = run_hook(root, tmp_path, files)
    assert done.returncode in (0, 1), done.stderr
    for name in names[:3]:  # the names with `=` or a bad folder name have findings
        assert f"{name}/SKILL.md" in done.stdout, done.stdout
    assert "of 4 file(s)" in done.stdout, done.stdout  # all four were checked
    assert not (root / "evil").exists()


def test_a_file_named_like_an_option_at_the_root_is_a_path(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "--format=json").write_text(SKILL.format(name="x"), encoding="utf-8")
    done = run_hook(root, tmp_path, ["--format=json"])
    assert done.returncode in (0, 1), done.stderr
    assert "--format=json" in done.stdout
    try:
        json.loads(done.stdout)
    except ValueError:
        pass  # the text report, as asked: the name chose no format
    else:
        raise AssertionError("a file name chose the report format")


def test_the_files_it_takes_are_the_skill_files_of_the_client_table() -> None:
    from skill_ls.clients.table import CLIENTS, root_markdown_clients

    text = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    found = re.search(r"^\s*files:\s*(.+?)\s*$", text, re.MULTILINE)
    assert found is not None
    files = re.compile(found.group(1))
    project_roots = {root for c in CLIENTS for root in c.discovery.project_roots}
    for root in sorted(project_roots):
        for path in (f"{root}/notes.md", f"sub/{root}/README.md", f"{root}/tool/SKILL.md"):
            loaded = path.endswith("SKILL.md") or bool(root_markdown_clients("/r/" + path))
            assert bool(files.search(path)) == loaded, path
    assert not files.search(".agents/skills/tool/guide.md")
    assert not files.search("docs/notes.md")
