"""Claude Code's own listing of a plugin's skills, as observed (the fixture marketplace's two
plugins loaded with `--plugin-dir`, next to one project skill), reproduced byte for byte."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from skill_ls.render import activation_for, catalog_for
from skill_ls.workspace import WorkspaceIndex

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
OBSERVED = json.loads(
    (FIXTURES / "plugin-marketplace-observed" / "claude-code.json").read_text(encoding="utf-8")
)


def _workspace(tmp_path: Path) -> tuple[WorkspaceIndex, Path]:
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "plugin-marketplace", root)
    (root / ".git").mkdir()
    project = OBSERVED["project_skill"]
    skill = root / project["path"]
    skill.parent.mkdir(parents=True)
    skill.write_text(project["text"], encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    index = WorkspaceIndex([root], home=home, environ={"HOME": str(home)})
    index.scan()
    return index, root


def test_the_catalog_is_the_one_claude_code_sent_its_model(tmp_path: Path) -> None:
    assert OBSERVED["version"] == "2.1.328"
    index, _ = _workspace(tmp_path)
    assert catalog_for(index, "claude-code").text == OBSERVED["catalog"]


def test_each_activation_is_the_one_claude_code_sent_its_model(tmp_path: Path) -> None:
    index, root = _workspace(tmp_path)
    for name, observed in OBSERVED["activations"].items():
        rendering = activation_for(index, "claude-code", name)
        assert rendering is not None, name
        assert rendering.text == observed.replace("<WORKSPACE>", str(root)), name
