"""The client-aware diagnostics agree with the observed agents: for every fixture skill of
every scenario, the `not-loaded` finding (SKL506) names the agent exactly when the agent
found the file and did not list it for a reason of its own (not hidden, not shadowed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from clientlab.drivers import DRIVERS
from clientlab.observation import Observation, all_goldens, variants
from clientlab.runner import LabFolders
from clientlab.scenarios import SCENARIOS_BY_ID, materialise
from skill_ls.settings import Settings
from skill_ls.workspace import Status, WorkspaceIndex

GOLDENS = all_goldens()


@pytest.mark.parametrize("observation", GOLDENS, ids=lambda o: f"{o.agent}/{o.scenario}")
def test_not_loaded_findings_match_the_agent(observation: Observation) -> None:
    driver = DRIVERS[observation.agent]
    folders = LabFolders.create()
    try:
        materialise(
            SCENARIOS_BY_ID[observation.scenario],
            driver.project_root,
            folders.home,
            folders.workspace,
        )
        index = WorkspaceIndex(
            [folders.workspace],
            Settings(target_clients=(observation.agent,)),
            home=folders.home,
            environ={"HOME": folders.home},
        )
        index.scan()
        listed = {
            name.split(" (", 1)[0] for variant in variants(observation) for name in variant.listed
        }
        # A name a skill the agent does load also goes by says nothing of a dropped one (pi
        # names each root-level `*.md` of a root after the root).
        loaded = {
            name
            for entry in index.skills()
            if (placed := entry.placement(observation.agent)) is not None
            and placed.status is not Status.SKIPPED
            for name in (entry.name, Path(entry.folder).name)
        }
        for entry in index.skills():
            placement = entry.placement(observation.agent)
            if placement is None:
                continue  # the agent does not find the file: no finding about it either
            findings = [d for d in index.cross_skill_diagnostics(entry.path) if d.code == "SKL506"]
            says_dropped = any(observation.agent in d.data["clients"] for d in findings)  # type: ignore[operator]
            names = {entry.name, Path(entry.folder).name} - loaded
            dropped = placement.status is Status.SKIPPED
            assert says_dropped == dropped, (entry.path, placement.status, findings)
            if dropped:
                assert not names & listed, f"SKL506 says {observation.agent} drops {names}"
    finally:
        shutil.rmtree(folders.base, ignore_errors=True)
