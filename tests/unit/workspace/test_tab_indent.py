"""A frontmatter line indented with a tab, as each client's parser takes it
(`Client.reading.tab_indent`), after the lab's tab-key and tab-nested scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.workspace.facts import read_facts
from skill_ls.workspace.index_records import SkillFacts
from skill_ls.workspace.skill_reading import description_of, skip_reason

TAB_KEY = "---\nname: tab-key\ndescription: Next line has a tab.\n\tversion: 1\n---\n# Heading\n"
TAB_NESTED = "---\nname: tab-nested\ndescription: Tabbed metadata.\nmetadata:\n\tauthor: lab\n---\n"


def facts_for(tmp_path: Path, text: str) -> SkillFacts:
    path = tmp_path / "s" / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return read_facts(str(path))


@pytest.mark.parametrize(
    ("client", "text", "description"),
    [
        # Tabs as spaces: the nested map loads; the key after the description still fails,
        # and Claude Code ignores the frontmatter (its body's first line describes it).
        ("claude-code", TAB_NESTED, "Tabbed metadata."),
        ("claude-code", TAB_KEY, "Heading"),
        # js-yaml 3: the tab line is a top-level key.
        ("opencode", TAB_KEY, "Next line has a tab."),
        ("kilo", TAB_NESTED, "Tabbed metadata."),
        # A line reader joins the tab line to the description.
        ("gemini-cli", TAB_KEY, "Next line has a tab. version: 1"),
        ("droid", TAB_KEY, "Next line has a tab."),
    ],
)
def test_loaded(tmp_path: Path, client: str, text: str, description: str) -> None:
    facts = facts_for(tmp_path, text)
    row = CLIENTS_BY_ID[client]
    assert skip_reason(row, facts) is None
    assert description_of(row, facts) == description


@pytest.mark.parametrize(
    ("client", "text", "reason"),
    [
        ("codex", TAB_KEY, "does not load"),  # a lenient retry does not mend a tab indent
        ("codex", TAB_NESTED, "does not load"),
        ("copilot-cli", TAB_KEY, "strictly"),
        ("pi", TAB_NESTED, "strictly"),
        # Droid's fallback reads `metadata:` as "", which its schema refuses.
        ("droid", TAB_NESTED, "`metadata` is not a map"),
    ],
)
def test_dropped(tmp_path: Path, client: str, text: str, reason: str) -> None:
    found = skip_reason(CLIENTS_BY_ID[client], facts_for(tmp_path, text))
    assert found is not None and reason in found


def test_no_tab_no_readings(tmp_path: Path) -> None:
    facts = facts_for(tmp_path, TAB_KEY.replace("\t", "  "))
    assert facts.tab_readings == {}
    assert set(facts_for(tmp_path, TAB_KEY).tab_readings) == {"none", "spaces"}
