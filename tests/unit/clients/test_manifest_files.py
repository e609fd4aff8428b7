"""The manifest file patterns editors select by: every bundle format's manifests and
marketplaces, the same files the server routes to the manifest rules, and the generated copy
the VS Code extension is built from kept current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from skill_ls.clients.manifest_files import (
    GENERATED_BY,
    instruction_patterns,
    manifest_files_json,
    manifest_paths,
    manifest_patterns,
)
from skill_ls.clients.table import CLIENTS
from skill_ls.rules.manifests import manifest_kind

REPO = Path(__file__).resolve().parents[3]
DATA_FILE = REPO / "skill_ls" / "data" / "manifest_files.json"


def test_every_bundle_formats_manifest_and_marketplace() -> None:
    assert manifest_paths() == [
        ".agents/plugins/marketplace.json",
        ".claude-plugin/marketplace.json",
        ".claude-plugin/plugin.json",
        ".codex-plugin/plugin.json",
        ".cursor-plugin/marketplace.json",
        ".cursor-plugin/plugin.json",
        "gemini-extension.json",
    ]
    # Codex's sidecar beside each skill is routed with them (to its own rules).
    assert manifest_patterns() == [f"**/{path}" for path in manifest_paths()] + [
        "**/agents/openai.yaml"
    ]


def test_each_pattern_names_a_file_the_server_checks() -> None:
    roles = {
        path: kind.role
        for path in manifest_paths()
        if (kind := manifest_kind(f"/srv/bundle/{path}")) is not None
    }
    assert roles == {
        ".agents/plugins/marketplace.json": "marketplace",
        ".claude-plugin/marketplace.json": "marketplace",
        ".claude-plugin/plugin.json": "bundle",
        ".codex-plugin/plugin.json": "bundle",
        ".cursor-plugin/marketplace.json": "marketplace",
        ".cursor-plugin/plugin.json": "bundle",
        "gemini-extension.json": "bundle",
    }


def test_files_beside_the_patterns_are_not_manifests() -> None:
    for path in ("/w/plugin.json", "/w/.claude-plugin/other.json", "/w/gemini-extension.jsonc"):
        assert manifest_kind(path) is None, path


def test_the_generated_data_file_is_current() -> None:
    assert DATA_FILE.read_text(encoding="utf-8") == manifest_files_json(), (
        f"{DATA_FILE.name} is stale: run .venv/bin/{GENERATED_BY}"
    )


def test_the_regenerating_command_prints_the_data_file() -> None:
    run = [sys.executable, "-m", "skill_ls", "clients", "--format", "manifest-files"]
    result = subprocess.run(run, cwd=REPO, capture_output=True, text=True, check=True, timeout=60)
    assert result.stdout == manifest_files_json()
    assert result.stderr == ""


def test_every_file_an_agent_reads_as_instructions_is_selected_at_any_depth() -> None:
    patterns = instruction_patterns()
    assert patterns == sorted(set(patterns))
    assert all(pattern.startswith("**/") for pattern in patterns)
    for client in CLIENTS:
        if client.mention_files is None:
            continue
        for pattern in client.mention_files.patterns:
            assert pattern in patterns or f"**/{pattern}" in patterns, (client.id, pattern)
    # What the extension's document selector gets (it claims no other Markdown file).
    assert {"**/CLAUDE.md", "**/AGENTS.md", "**/.claude/commands/**/*.md"} <= set(patterns)
