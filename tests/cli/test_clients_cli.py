"""`skill-ls clients`: the client table with its provenance, as a real subprocess."""

from __future__ import annotations

import json

from clientlab.drivers import DRIVERS
from clientlab.observation import all_goldens
from skill_ls.clients.table import CLIENTS_BY_ID
from tests.cli.support import REPO, run_cli


def test_every_observed_agent_row_names_the_version_the_lab_observed() -> None:
    listing = json.loads(run_cli("clients", "--format", "json").stdout)
    by_id = {row["id"]: row for row in listing}
    versions = {o.agent: o.version for o in all_goldens()}
    assert set(versions) == set(DRIVERS)
    for agent, version in versions.items():
        provenance = by_id[agent]["provenance"]
        assert provenance["kind"] == "observed", agent
        assert provenance["source"].endswith(f" {version}"), (agent, provenance)


def test_rows_nobody_observed_cite_a_source() -> None:
    for client in CLIENTS_BY_ID.values():
        if client.id not in DRIVERS:
            assert client.provenance.kind == "cited", client.id
            assert client.provenance.source, client.id


def test_text_listing_says_observed_or_cited() -> None:
    result = run_cli("clients")
    assert result.returncode == 0
    line = next(line for line in result.stdout.splitlines() if line.startswith("claude-code "))
    assert "observed in Claude Code" in line


def test_client_docs_are_generated_from_the_table() -> None:
    generated = run_cli("clients", "--format", "markdown").stdout
    assert (REPO / "docs" / "clients.md").read_text("utf-8") == generated, (
        "docs/clients.md is stale: run `skill-ls clients --format markdown > docs/clients.md`"
    )
