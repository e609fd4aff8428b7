"""An agent whose activation lists a skill's files in an order that changes between runs
(`Activation.file_order_varies`: OpenCode's ripgrep walk reads sub-folders on several
threads) is said to vary once the files come from two folders or more."""

from __future__ import annotations

import json
from pathlib import Path

from skill_ls.render import FILE_ORDER_NOTES
from tests.cli.support import run_cli

# OpenCode walks a skill's sub-folders on several threads.
FILE_ORDER_NOTE = FILE_ORDER_NOTES["threads"]


def _activate(root: Path, home: Path, client: str) -> dict[str, object]:
    args = ["activate", "with-files", str(root), "--client", client, "--home", str(home)]
    result = run_cli(*args, "--format", "json")
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout))


def _skill(root: Path, *files: str) -> Path:
    folder = root / ".agents" / "skills" / "with-files"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: with-files\ndescription: D.\n---\nBody.\n")
    for name in files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("x\n")
    return root


def test_files_from_several_folders_vary_in_order(tmp_path: Path) -> None:
    root = _skill(tmp_path / "ws", "scripts/run.sh", "assets/t.txt", "references/g.md")
    activated = _activate(root, tmp_path / "home", "opencode")
    assert FILE_ORDER_NOTE in activated["varies"]  # type: ignore[operator]
    # An agent whose file listing does not vary says nothing of it.
    assert FILE_ORDER_NOTE not in _activate(root, tmp_path / "home", "pi")["varies"]  # type: ignore[operator]


def test_files_of_one_folder_keep_their_order(tmp_path: Path) -> None:
    root = _skill(tmp_path / "ws", "scripts/run.sh", "scripts/b.sh")
    assert FILE_ORDER_NOTE not in _activate(root, tmp_path / "home", "opencode")["varies"]  # type: ignore[operator]
