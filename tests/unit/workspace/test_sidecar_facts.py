"""Codex's hiding flag from `agents/openai.yaml` counts only when Codex reads the file:
observed with Codex 0.169.0 and 0.171.0, a file it ignores (not YAML, a value of the wrong type) no
longer hides the skill, while unknown keys or a dropped value elsewhere do not matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.clients.listing import CODEX_IMPLICIT_INVOCATION
from skill_ls.workspace.facts import read_facts

HIDE = "policy:\n  allow_implicit_invocation: false\n"


def _flags(tmp_path: Path, sidecar: str) -> dict[str, object]:
    folder = tmp_path / "ledger"
    (folder / "agents").mkdir(parents=True)
    (folder / "agents" / "openai.yaml").write_text(sidecar, encoding="utf-8")
    skill = folder / "SKILL.md"
    skill.write_text("---\nname: ledger\ndescription: Checks the ledger.\n---\nBody\n")
    return dict(read_facts(str(skill)).flags)


@pytest.mark.parametrize(
    "sidecar",
    [
        HIDE,
        HIDE + "extra: 1\n",
        HIDE + "interface:\n  display_name: 5\n  brand_color: red\n",
        "policy:\n  allow_implicit_invocation: False\n",
        # An alias gives the anchored value; a later anchor of the same name does not count.
        "x: &a false\npolicy:\n  allow_implicit_invocation: *a\ny: &a true\n",
    ],
)
def test_a_file_codex_reads_hides_the_skill(tmp_path: Path, sidecar: str) -> None:
    assert _flags(tmp_path, sidecar) == {CODEX_IMPLICIT_INVOCATION: False}


@pytest.mark.parametrize(
    "sidecar",
    [
        HIDE + "interface:\n  display_name: [a]\n",
        HIDE + "interface: text\n",
        HIDE + "  products: [Codex]\n",
        HIDE + "policy: {}\n",
        HIDE + "---\nother: 1\n",
        "policy:\n  allow_implicit_invocation: no\n",
    ],
)
def test_a_file_codex_ignores_hides_nothing(tmp_path: Path, sidecar: str) -> None:
    assert _flags(tmp_path, sidecar) == {}
