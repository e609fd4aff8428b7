"""One driver per agent the lab observes: `clientlab/drivers/<module>.py` defines `DRIVER`,
where the module is named like the agent's row (`skill_ls/clients/agents/<module>.py`): the
id with `-` made `_`, and `_cli` after an id that is a Python keyword (`continue`). Every
row whose provenance is "observed" has one; nothing else registers a driver."""

from __future__ import annotations

import importlib
import keyword

from clientlab.drivers.base import Driver
from skill_ls.clients.table import CLIENTS


def _drivers() -> dict[str, Driver]:
    found: dict[str, Driver] = {}
    for client in sorted(CLIENTS, key=lambda row: row.id):
        if client.provenance.kind != "observed":
            continue
        name = client.id.replace("-", "_")
        module = importlib.import_module(
            f"clientlab.drivers.{name}_cli"
            if keyword.iskeyword(name)
            else f"clientlab.drivers.{name}"
        )
        driver = module.DRIVER
        if not isinstance(driver, Driver) or driver.agent != client.id:
            raise TypeError(f"{module.__name__}.DRIVER is not the driver of {client.id}")
        found[client.id] = driver
    return found


DRIVERS: dict[str, Driver] = _drivers()
