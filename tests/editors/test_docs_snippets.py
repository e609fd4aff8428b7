"""docs/editors.md holds the snippets the editor tests run; this holds even where no editor
is installed, so a renamed marker or a lost block fails here rather than skipping."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from ruamel.yaml import YAML

from .real_editors import DOCS, REPO, snippets

TESTED = {"nvim-011", "nvim-07", "emacs-eglot"}


def test_every_tested_snippet_is_marked_once() -> None:
    found = snippets()
    assert set(found) == TESTED
    for name, body in found.items():
        assert '"skill-ls"' in body and '"serve"' in body, name


def test_readme_points_to_the_editor_docs() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "## Editors" in readme
    assert "(docs/editors.md)" in readme
    assert DOCS.exists()


_FENCE = re.compile(r"^( *)```(\w+)\n(.*?)^\1```", re.S | re.M)


def fenced(path: Path, language: str) -> list[str]:
    blocks = []
    for match in _FENCE.finditer(path.read_text(encoding="utf-8")):
        if match.group(2) == language:
            indent = len(match.group(1))
            blocks.append("".join(line[indent:] for line in match.group(3).splitlines(True)))
    return blocks


def test_configuration_blocks_parse() -> None:
    """The JSON, TOML and YAML a user pastes from the docs is at least well formed."""
    docs = [DOCS, REPO / "README.md"]
    counted = 0
    for path in docs:
        for block in fenced(path, "json"):
            json.loads(block)
            counted += 1
        for block in fenced(path, "toml"):
            tomllib.loads(block)
            counted += 1
        for block in fenced(path, "yaml"):
            YAML(typ="safe", pure=True).load(block)
            counted += 1
    assert counted >= 8
