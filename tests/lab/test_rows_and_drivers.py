"""The lab and the client table agree: every observed row has a driver, and the version its
provenance names is the version the lab pins."""

from __future__ import annotations

import json
from pathlib import Path

from clientlab.builtins import AGENT_NAMES
from clientlab.drivers import DRIVERS
from skill_ls.clients.table import CLIENTS

PINS = json.loads(
    (Path(__file__).resolve().parents[2] / "clientlab" / "agents" / "package.json").read_text()
)["dependencies"]


def test_every_observed_row_has_a_driver() -> None:
    observed = [client.id for client in CLIENTS if client.provenance.kind == "observed"]
    assert sorted(DRIVERS) == sorted(observed) and "claude-code" in observed


def test_each_observed_rows_version_is_the_pinned_one() -> None:
    for client in CLIENTS:
        if client.provenance.kind != "observed":
            continue
        driver = DRIVERS[client.id]
        assert client.provenance.source == f"{AGENT_NAMES[client.id]} {PINS[driver.package]}"


def test_each_observed_rows_install_is_the_package_the_lab_pins() -> None:
    # What `skill-ls clients` and the code lens compare a user's install with: the package
    # (and its version) the lab installed when it observed the agent.
    for client in CLIENTS:
        if client.provenance.kind != "observed":
            continue
        assert client.install is not None, client.id
        pinned = PINS[client.install.package]
        observed = client.install.observed_package_version or client.observed_version
        assert pinned == observed, (client.id, pinned, observed)
        if client.install.observed_package_version is not None:
            # Only a wrapper that runs another package's binary names its own version.
            assert DRIVERS[client.id].package != client.install.package, client.id
