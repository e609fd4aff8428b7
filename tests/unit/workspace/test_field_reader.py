"""How a client reads `name` and `description` (`Client.reading.field_reader`): Gemini CLI takes
them from YAML when it loads and both are strings, else from plain `name:` and
`description:` lines; it needs both, and the block must open on the very first line."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_records import SkillFacts
from skill_ls.workspace.skill_reading import description_of, fields_read, name_of, skip_reason

GEMINI = CLIENTS_BY_ID["gemini-cli"]


def facts_for(tmp_path: Path, text: str, newline: str = "\n") -> SkillFacts:
    path = tmp_path / "s" / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return read_facts(str(path))


@pytest.mark.parametrize(
    ("frontmatter", "expected"),
    [
        ("name: a\ndescription: 'it''s'", ("a", "it's")),  # YAML loads: its values
        ("name: a\ndescription: Use when: asked", ("a", "Use when: asked")),  # YAML error
        ('name: a\ndescription: "open quote\n\tindented: tab', ("a", '"open quote indented: tab')),
        ("name: a\ndescription: >-\n  folded\n  lines", ("a", "folded lines")),
        ("name: 12\ndescription: d", ("12", "d")),  # not a string in YAML: read as a line
        ('name: a\ndescription: ""', ("a", "")),  # empty, but a string: kept
        ("name: a\ndescription:\n  - one\n  - two", ("a", "- one - two")),
    ],
)
def test_fields_read(tmp_path: Path, frontmatter: str, expected: tuple[str, str]) -> None:
    facts = facts_for(tmp_path, f"---\n{frontmatter}\n---\nBody.\n")
    assert fields_read(GEMINI, facts) == expected
    assert skip_reason(GEMINI, facts) is None
    assert description_of(GEMINI, facts) == expected[1]


def test_crlf_files_are_read(tmp_path: Path) -> None:
    facts = facts_for(tmp_path, "---\nname: a\ndescription: d\n---\nBody.\n", "\r\n")
    assert fields_read(GEMINI, facts) == ("a", "d") and skip_reason(GEMINI, facts) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("\ufeff---\nname: a\ndescription: d\n---\n", "very first line"),
        ("\n---\nname: a\ndescription: d\n---\n", "very first line"),
        ("---\ndescription: d\n---\n", "no `name`"),
        ("---\nname: a\n---\n", "no description"),
        ("---\nname: a\ndescription: d\n", "never closed"),
    ],
)
def test_skip_reasons(tmp_path: Path, text: str, reason: str) -> None:
    found = skip_reason(GEMINI, facts_for(tmp_path, text))
    assert found is not None and reason in found


def test_names_lose_unsafe_characters(tmp_path: Path) -> None:
    facts = facts_for(tmp_path, '---\nname: "a:b/c*d"\ndescription: d\n---\n')
    assert name_of(GEMINI, facts, "s") == "a-b-c-d"
    assert name_of(CLIENTS_BY_ID["agentskills"], facts, "s") == "a:b/c*d"


def test_other_clients_keep_the_yaml_reader(tmp_path: Path) -> None:
    facts = facts_for(tmp_path, "---\ndescription: d\n---\n")
    agentskills = CLIENTS_BY_ID["agentskills"]
    assert agentskills.reading.field_reader == "yaml" and skip_reason(agentskills, facts) is None
