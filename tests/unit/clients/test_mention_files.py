"""Where mentions count: each agent's instruction files, matched by their patterns."""

from __future__ import annotations

import pytest

from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID


def counts(client_id: str, relative: str) -> bool:
    files = CLIENTS_BY_ID[client_id].mention_files
    return files is not None and files.matches(relative)


@pytest.mark.parametrize(
    ("client_id", "relative", "expected"),
    [
        ("claude-code", "CLAUDE.md", True),
        ("claude-code", ".claude/CLAUDE.md", True),
        ("claude-code", "pkg/CLAUDE.local.md", True),
        ("claude-code", ".claude/commands/ship.md", True),
        ("claude-code", ".claude/commands/team/ship.md", True),
        ("claude-code", ".claude/commands/ship.txt", False),
        ("claude-code", "AGENTS.md", False),
        ("claude-code", "docs/commands/ship.md", False),
        ("codex", "AGENTS.md", True),
        ("codex", "svc/api/AGENTS.md", True),
        ("codex", "CLAUDE.md", False),
        ("droid", ".factory/commands/a/b.md", True),
        ("droid", ".factory/AGENTS.md", True),
        ("qwen-code", "QWEN.md", True),
        ("pi", "CLAUDE.md", True),
        ("pi", "README.md", False),
    ],
)
def test_patterns_match_relative_paths(client_id: str, relative: str, expected: bool) -> None:
    assert counts(client_id, relative) is expected


def test_windows_separators_are_read_as_slashes() -> None:
    assert counts("claude-code", ".claude\\commands\\ship.md")


def test_files_are_known_exactly_where_a_form_activates_a_skill() -> None:
    # A file fact matters only to an agent that honours some form; and each one is cited.
    for client in CLIENTS:
        honours = client.mentions is not None and bool(client.mentions.forms)
        assert (client.mention_files is not None) is honours, client.id
        if client.mention_files is not None:
            assert client.mention_files.provenance.kind == "cited"
