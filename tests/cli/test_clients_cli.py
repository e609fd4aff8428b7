"""`skill-ls clients`: the client table with its provenance, as a real subprocess."""

from __future__ import annotations

import json
import os
from pathlib import Path

from clientlab.drivers import DRIVERS
from clientlab.observation import all_goldens
from skill_ls.clients.table import CLIENTS_BY_ID
from tests.cli.support import REPO, run_cli
from tests.unit.agent_installs import npm_install


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


def test_the_listing_says_which_version_the_user_runs(tmp_path: Path) -> None:
    # An npm install of a newer Claude Code first on PATH: read, never run.
    bin_dir = npm_install(tmp_path, "@anthropic-ai/claude-code", "99.0.0", "claude", "cli.js")
    path = os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])
    observed = CLIENTS_BY_ID["claude-code"].observed_version
    text = run_cli("clients", path=path).stdout
    line = next(line for line in text.splitlines() if line.startswith("claude-code "))
    assert line.endswith(f"; you run Claude Code 99.0.0; observed: {observed}"), line
    listing = json.loads(run_cli("clients", "--format", "json", path=path).stdout)
    by_id = {row["id"]: row for row in listing}
    assert by_id["claude-code"]["installed"] == {
        "version": "99.0.0",
        "launcher": str(bin_dir / "claude"),
        "compared": "newer",
    }
    # Rows whose install is not known, or not found, say nothing of it.
    assert by_id["cursor"]["installed"] is None
    without = run_cli("clients", path=str(tmp_path / "empty")).stdout
    assert "you run" not in without
