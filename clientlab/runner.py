"""Run one agent on one scenario against the mock model and turn what it sent into an
Observation. Every run has a timeout; a failure carries the agent's stderr tail."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from clientlab.drivers import DRIVERS
from clientlab.drivers.base import Driver, Paths, ToolScript
from clientlab.install import Installed
from clientlab.leftovers import stop_left_running
from clientlab.mock_model import MockModelServer, Recorded, Script
from clientlab.observation import Activation, Observation, normalise
from clientlab.scenario_model import Scenario
from clientlab.scenarios import materialise

# Every run's folders have the same length, so paths inside a budget cost the same
# characters in the lab and in the replay tests.
BASE_PREFIX = "skl-lab-"
# The agents mostly wait on their own start-up; three at a time suits two cores.
PARALLEL = 3


class RunFailed(RuntimeError):
    pass


@dataclass(frozen=True)
class LabFolders:
    base: str
    workspace: str
    home: str

    @classmethod
    def create(cls) -> LabFolders:
        base = tempfile.mkdtemp(prefix=BASE_PREFIX, dir="/tmp")
        os.makedirs(os.path.join(base, "tmp"))
        return cls(base, os.path.join(base, "ws"), os.path.join(base, "home"))

    def replacements(self, agent_dir: str = "") -> dict[str, str]:
        found = {self.workspace: "<WORKSPACE>", self.home: "<HOME>"}
        if agent_dir:
            found[agent_dir] = "<AGENT>"
        return found


def observe(
    driver: Driver, scenario: Scenario, installed: Installed, keep: bool = False
) -> Observation:
    folders = LabFolders.create()
    try:
        materialise(scenario, driver.project_root, folders.home, folders.workspace)
        return _run(driver, scenario, installed, folders)
    finally:
        if not keep:
            shutil.rmtree(folders.base, ignore_errors=True)


def observe_all(
    jobs: Sequence[tuple[str, Scenario]], installed: Installed
) -> list[Observation | str]:
    """Every (agent, scenario) run, PARALLEL at a time: its observation, or why it failed."""

    def run(job: tuple[str, Scenario]) -> Observation | str:
        agent, scenario = job
        try:
            return observe(DRIVERS[agent], scenario, installed)
        except RunFailed as error:
            return str(error)

    with ThreadPoolExecutor(PARALLEL) as pool:
        return list(pool.map(run, jobs))


@dataclass(frozen=True)
class Launched:
    """One agent process that ran to its end: how it ended and what it sent the model."""

    returncode: int
    stdout: str
    stderr: str
    requests: list[Recorded]
    agent_dir: str


def launch(
    driver: Driver,
    installed: Installed,
    folders: LabFolders,
    prompt: str,
    tool_call: Callable[[Paths], ToolScript] = lambda paths: None,
    extra_args: Sequence[str] = (),
    label: str = "",
) -> Launched:
    """Run the agent once on `prompt` against a fresh mock model (scripted by `tool_call`,
    given the run's paths) in `folders`; `extra_args` end its command line. Raises
    RunFailed only when it does not finish within the driver's timeout."""
    agent_dir = str(installed.package_dir(driver.package))
    with MockModelServer(Script()) as server:
        paths = Paths(
            base=folders.base,
            workspace=folders.workspace,
            home=folders.home,
            agent_dir=agent_dir,
            bin_dir=str(installed.bin_dir),
            node_dir=str(installed.node_dir),
            url=server.url,
        )
        server.script.tool_call = tool_call(paths)
        run = driver.prepare(paths, prompt)
        try:
            result = subprocess.run(
                [*run.argv, *extra_args],
                cwd=folders.workspace,
                env=run.env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                errors="replace",
                timeout=driver.timeout,
            )
        except subprocess.TimeoutExpired as error:
            tail = (error.stderr or b"")[-2000:]
            raise RunFailed(
                f"{driver.agent} on {label or prompt}: no answer within {driver.timeout:.0f} s; "
                f"stderr tail:\n{tail!r}"
            ) from None
        finally:
            stop_left_running(folders.home)
        requests = server.requests
    return Launched(result.returncode, result.stdout, result.stderr, requests, agent_dir)


def _run(
    driver: Driver, scenario: Scenario, installed: Installed, folders: LabFolders
) -> Observation:
    launched = launch(
        driver,
        installed,
        folders,
        driver.prompt(scenario.activate, scenario.arguments),
        lambda paths: driver.tool_call(scenario.activate, scenario.arguments, paths),
        label=scenario.id,
    )
    requests, agent_dir = launched.requests, launched.agent_dir
    if launched.returncode != 0 or not requests:
        raise RunFailed(
            f"{driver.agent} on {scenario.id}: exit {launched.returncode}, "
            f"{len(requests)} model requests; stderr tail:\n{launched.stderr[-2000:]}"
        )
    replacements = folders.replacements(agent_dir)
    catalog = driver.catalog(requests)
    catalog = normalise(catalog, replacements) if catalog is not None else None
    activation = None
    if scenario.activate is not None:
        text = driver.activation(requests, scenario.activate)
        refusal = None if text is not None else driver.refusal(requests, scenario.activate)
        activation = Activation(
            scenario.activate,
            scenario.arguments,
            normalise(text, replacements) if text is not None else None,
            normalise(refusal, replacements) if refusal is not None else None,
        )
    return Observation(
        agent=driver.agent,
        package=driver.package,
        version=installed.version(driver.package),
        scenario=scenario.id,
        listed=driver.listed(catalog) if catalog is not None else [],
        catalog=catalog,
        activation=activation,
    )
