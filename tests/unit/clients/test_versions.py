"""Versions as data: which row stands for which version of an agent, and how a choice is
read (`clients.versions`, `clients.version_choice`)."""

from __future__ import annotations

import pytest

from skill_ls.clients.builtins import builtins_of
from skill_ls.clients.describe import fact_lines
from skill_ls.clients.install_facts import version_key
from skill_ls.clients.table import NEWEST
from skill_ls.clients.version_choice import ENVIRONMENT, chosen_versions, encode, parse_choice
from skill_ls.clients.versions import row_at

PI = next(client for client in NEWEST if client.id == "pi")


def test_each_version_gets_the_row_of_its_range() -> None:
    [older] = PI.older
    assert older.until == "0.63.1" and older.observed == "0.60.0"
    # Bisected in the lab: 0.63.0 still behaves as 0.60.0, 0.63.1 as the pin.
    for version in ("0.50.0", "0.60.0", "0.63.0"):
        assert row_at(PI, version) is older.row
    for version in ("0.63.1", "0.73.1", "1.0"):
        assert row_at(PI, version) is PI
    assert row_at(PI, None) is PI
    assert older.row.discovery.root_markdown_roots == ()
    assert PI.discovery.root_markdown_roots != ()


def test_two_older_ranges_each_get_their_row() -> None:
    copilot = next(client for client in NEWEST if client.id == "copilot-cli")
    directory, load = sorted(copilot.older, key=lambda older: version_key(older.until) or ())
    assert (directory.until, load.until) == ("1.0.92", "1.0.102")
    # 1.0.85 and 1.0.89 were observed alike; 1.0.93 to 1.0.101 were never published.
    for version in ("1.0.80", "1.0.85", "1.0.89"):
        assert row_at(copilot, version) is directory.row
    for version in ("1.0.92", "1.0.95"):
        assert row_at(copilot, version) is load.row
    for version in ("1.0.102", "1.1.0"):
        assert row_at(copilot, version) is copilot
    assert directory.row.activation.file_order == "directory"
    assert load.row.activation.file_order == copilot.activation.file_order == "sorted"
    assert directory.row.clashes.list_order == load.row.clashes.list_order == "load"
    assert copilot.clashes.list_order == "name-by-source"


def test_claude_code_before_2_1_337_fills_awk_fields() -> None:
    claude = next(client for client in NEWEST if client.id == "claude-code")
    assert claude.activation.awk_fields_kept
    assert not row_at(claude, "2.1.336").activation.awk_fields_kept
    assert row_at(claude, "2.1.337") is claude


def test_codex_s_older_rows_differ_in_their_built_ins() -> None:
    codex = next(client for client in NEWEST if client.id == "codex")

    def builtins_at(version: str) -> dict[str, str]:
        row = row_at(codex, version)
        found = builtins_of(row)
        assert found is not None
        return {skill.name: skill.description for skill in found.skills}

    assert "plugin-creator" in builtins_at("0.153.0") and "plugin-creator" in builtins_at("0.158.0")
    assert "plugin-creator" not in builtins_at("0.159.0")
    # `openai-docs` is described one way up to 0.168.0, another from 0.169.0.
    assert builtins_at("0.158.0")["openai-docs"] == builtins_at("0.168.0")["openai-docs"]
    assert builtins_at("0.168.0")["openai-docs"] != builtins_at("0.169.0")["openai-docs"]
    assert builtins_at("0.159.0") == builtins_at("0.168.0")


def test_a_choice_is_read_and_written_back() -> None:
    chosen = parse_choice(" pi=0.60.0 , claude-code=2.1.300,")
    assert chosen == {"pi": "0.60.0", "claude-code": "2.1.300"}
    assert parse_choice(encode(chosen)) == chosen
    assert chosen_versions({ENVIRONMENT: "pi=0.60.0"}) == {"pi": "0.60.0"}
    assert chosen_versions({ENVIRONMENT: "pi=latest"}) == {}  # checked before it is set
    assert chosen_versions({}) == {}


@pytest.mark.parametrize("text", ["pi", "pi=", "=1.0", "pi=v1", "pi=1.0-beta"])
def test_a_malformed_choice_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="ID=VERSION"):
        parse_choice(text)


def test_a_row_observed_at_another_version_names_it() -> None:
    claude = next(client for client in NEWEST if client.id == "claude-code")
    older = claude.observed_at("2.1.300")
    assert older.provenance.source == "Claude Code 2.1.300"
    assert older.observed_version == "2.1.300" and older.activation == claude.activation
    cited = next(client for client in NEWEST if client.provenance.kind != "observed")
    with pytest.raises(ValueError, match="only an observed row"):
        cited.observed_at("1.0.0")


def test_an_agent_s_older_behaviours_are_described_newest_first() -> None:
    copilot = next(client for client in NEWEST if client.id == "copilot-cli")
    words = dict(fact_lines(copilot))["older versions that behave otherwise (`--agent-version`)"]
    first, second = words.split("; before ")
    assert first.startswith("before 1.0.102, ") and first.endswith("(observed in 1.0.92)")
    assert second.startswith("1.0.92, ") and second.endswith("(observed in 1.0.89)")
