"""Which version of an agent the user runs, read from its install (never run)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from skill_ls.clients.install_facts import version_key
from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.workspace.installed_agents import (
    MAX_MANIFEST_BYTES,
    behaving_otherwise,
    compare,
    find_installed,
    installed_note,
    newer_than_observed,
)
from tests.unit.agent_installs import native_install, npm_install

CLAUDE = CLIENTS_BY_ID["claude-code"]
CODEX = CLIENTS_BY_ID["codex"]


def _claude_npm(tmp_path: Path, version: str) -> str:
    return str(npm_install(tmp_path, "@anthropic-ai/claude-code", version, "claude", "cli.js"))


def test_an_npm_install_is_found_through_its_launcher(tmp_path: Path) -> None:
    bin_dir = _claude_npm(tmp_path, "9.0.1")
    assert CLAUDE.install is not None
    found = find_installed(CLAUDE.install, os.pathsep.join(["/nonexistent", bin_dir]))
    assert found is not None
    assert (found.version, found.launcher) == ("9.0.1", os.path.join(bin_dir, "claude"))


def test_a_native_install_names_its_version_by_its_file(tmp_path: Path) -> None:
    bin_dir = str(native_install(tmp_path, "claude", "9.2.3"))
    assert CLAUDE.install is not None
    found = find_installed(CLAUDE.install, bin_dir)
    assert found is not None and found.version == "9.2.3"


def test_the_first_launcher_on_path_is_the_one_read(tmp_path: Path) -> None:
    first = _claude_npm(tmp_path / "a", "9.0.0")
    second = _claude_npm(tmp_path / "b", "1.0.0")
    assert CLAUDE.install is not None
    found = find_installed(CLAUDE.install, os.pathsep.join([first, second]))
    assert found is not None and found.version == "9.0.0"


def test_another_packages_manifest_is_not_taken_for_the_agents(tmp_path: Path) -> None:
    bin_dir = npm_install(tmp_path, "not-claude", "9.0.0", "claude", "cli.js")
    assert CLAUDE.install is not None
    assert find_installed(CLAUDE.install, str(bin_dir)) is None


def test_an_oversized_manifest_is_not_read(tmp_path: Path) -> None:
    bin_dir = _claude_npm(tmp_path, "9.0.0")
    manifest = tmp_path / "lib" / "node_modules" / "@anthropic-ai" / "claude-code" / "package.json"
    padded = {
        "name": "@anthropic-ai/claude-code",
        "version": "9.0.0",
        "pad": "x" * MAX_MANIFEST_BYTES,
    }
    manifest.write_text(json.dumps(padded), encoding="utf-8")
    assert CLAUDE.install is not None
    assert find_installed(CLAUDE.install, bin_dir) is None


def test_a_folder_named_like_the_launcher_is_not_a_launcher(tmp_path: Path) -> None:
    (tmp_path / "claude").mkdir()
    assert CLAUDE.install is not None
    assert find_installed(CLAUDE.install, str(tmp_path)) is None


def test_newer_older_and_same_are_said_plainly(tmp_path: Path) -> None:
    observed = CLAUDE.observed_version
    assert observed is not None
    newer = _claude_npm(tmp_path / "n", "99.0.0")
    same = _claude_npm(tmp_path / "s", observed)
    older = _claude_npm(tmp_path / "o", "0.0.1")
    assert installed_note(CLAUDE, newer) == f"you run Claude Code 99.0.0; observed: {observed}"
    assert installed_note(CLAUDE, same) == f"you run Claude Code {observed}, the version observed"
    assert installed_note(CLAUDE, older) == (
        f"you run Claude Code 0.0.1, older than observed {observed}"
    )
    assert installed_note(CLAUDE, str(tmp_path / "none")) == ""


def test_only_newer_agents_are_flagged(tmp_path: Path) -> None:
    claude = _claude_npm(tmp_path / "c", "99.0.0")
    codex_version = CODEX.observed_version
    assert codex_version is not None
    codex = str(
        npm_install(tmp_path / "x", "@openai/codex", codex_version, "codex", "bin/codex.js")
    )
    notes = newer_than_observed((CLAUDE, CODEX), os.pathsep.join([claude, codex]))
    assert notes == [f"you run Claude Code 99.0.0; observed: {CLAUDE.observed_version}"]


def test_a_pre_release_is_not_compared(tmp_path: Path) -> None:
    bin_dir = _claude_npm(tmp_path, "99.0.0-beta.1")
    assert CLAUDE.install is not None
    found = find_installed(CLAUDE.install, bin_dir)
    assert found is not None and compare(CLAUDE, found) == "unknown"
    assert version_key("2.1.332") == (2, 1, 332)
    assert version_key("2.1") == (2, 1)
    assert version_key("2.x") is None


def test_a_version_that_is_not_one_is_not_taken(tmp_path: Path) -> None:
    # It would reach a hover's Markdown: a link or markup there is never shown.
    bin_dir = _claude_npm(tmp_path, "[9](command:workbench.action.terminal.new)")
    assert CLAUDE.install is not None
    assert find_installed(CLAUDE.install, str(bin_dir)) is None


def test_a_relative_path_folder_is_not_searched(tmp_path: Path, monkeypatch: Any) -> None:
    # `node_modules/.bin` on PATH would name the repository's own files.
    _claude_npm(tmp_path, "9.0.0")
    monkeypatch.chdir(tmp_path)
    assert CLAUDE.install is not None
    assert find_installed(CLAUDE.install, "bin") is None
    assert find_installed(CLAUDE.install, str(tmp_path / "bin")) is not None


def test_a_version_that_behaves_otherwise_is_named_with_its_choice(tmp_path: Path) -> None:
    pi = CLIENTS_BY_ID["pi"]
    older = str(
        npm_install(tmp_path / "o", "@mariozechner/pi-coding-agent", "0.62.0", "pi", "cli.js")
    )
    assert behaving_otherwise((pi, CLAUDE), older) == [
        f"you run pi 0.62.0, which behaves otherwise than {pi.observed_version} here: "
        "choose it with agentVersions (`--agent-version pi=0.62.0`)"
    ]
    # A version in the row's own range: nothing to say.
    same = str(
        npm_install(tmp_path / "s", "@mariozechner/pi-coding-agent", "0.63.1", "pi", "cli.js")
    )
    assert behaving_otherwise((pi,), same) == []
