"""Claude Code's own listing of a plugin's skills, as observed (the fixture marketplace's two
plugins loaded with `--plugin-dir`, next to one project skill; `clientlab/plugin_probe.py`),
reproduced byte for byte."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from skill_ls.clients.table import get_client
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
    # Observed at the version the row holds (`python -m clientlab.plugin_probe` again on a bump).
    assert OBSERVED["version"] == get_client("claude-code").observed_version
    index, _ = _workspace(tmp_path)
    assert catalog_for(index, "claude-code").text == OBSERVED["catalog"]


def test_each_activation_is_the_one_claude_code_sent_its_model(tmp_path: Path) -> None:
    index, root = _workspace(tmp_path)
    for name, observed in OBSERVED["activations"].items():
        rendering = activation_for(index, "claude-code", name)
        assert rendering is not None, name
        assert rendering.text == observed.replace("<WORKSPACE>", str(root)), name


def _blocks(catalog: str) -> tuple[list[str], str, list[str], str]:
    """(the built-ins' entries, the text before the entries, the other entries in order, the
    text after them)."""
    entries = re.findall(r"  <skill>\n.*?\n  </skill>\n", catalog, flags=re.DOTALL)
    head = catalog[: catalog.index(entries[0])] if entries else catalog
    tail = catalog[catalog.rindex(entries[-1]) + len(entries[-1]) :] if entries else ""
    builtins = [entry for entry in entries if "<install>" in entry]
    return builtins, head, [entry for entry in entries if entry not in builtins], tail


GEMINI = json.loads(
    (FIXTURES / "plugin-marketplace-observed" / "gemini-cli.json").read_text(encoding="utf-8")
)


def test_gemini_cli_lists_an_installed_extensions_skills_as_observed(tmp_path: Path) -> None:
    assert GEMINI["version"] == "0.61.0"
    workspace, home = tmp_path / "ws", tmp_path / "home"
    (workspace / ".git").mkdir(parents=True)
    home.mkdir()
    for name, text in GEMINI["files"].items():
        path = Path(name.replace("<WORKSPACE>", str(workspace)).replace("<HOME>", str(home)))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    index = WorkspaceIndex([workspace], home=home, environ={"HOME": str(home)})
    index.scan()

    def placed(text: str) -> str:
        return text.replace("<WORKSPACE>", str(workspace)).replace("<HOME>", str(home))

    # The extension's `beta` is replaced by the project's, in its place; `alpha` stays. The
    # built-ins load concurrently: their order changes between runs (the client says so).
    ours = _blocks(catalog_for(index, "gemini-cli").text)
    seen = _blocks(placed(GEMINI["catalog"]))
    assert sorted(ours[0]) == sorted(seen[0])
    assert ours[1:] == seen[1:]
    for name, observed in GEMINI["activations"].items():
        rendering = activation_for(index, "gemini-cli", name)
        assert rendering is not None, name
        assert rendering.text == placed(observed), name
