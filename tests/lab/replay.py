"""Replay one golden observation through skill-ls: build the same workspace the agent saw,
run `skill-ls catalog`, `activate` and `skills` for that agent, and normalise the output the
way the lab normalised the agent's requests."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
from dataclasses import dataclass
from typing import Any

from clientlab.drivers import DRIVERS
from clientlab.observation import Observation, normalise
from clientlab.runner import LabFolders
from clientlab.scenarios import SCENARIOS_BY_ID, materialise
from skill_ls.cli import main as skill_ls_main
from skill_ls.clients.builtins import INSTALL_PLACEHOLDER
from skill_ls.render.shell_lines import RUN_PREFIX

# skill-ls's placeholder for a command the agent runs on activation, for the only commands
# the lab's scenarios hold: `echo` of one word, whose output is that word. Nothing else.
_LAB_ECHO = re.compile(
    re.escape(RUN_PREFIX) + r"echo ([A-Za-z0-9-]+)`, which [A-Za-z ]+ runs on activation\]"
)


def as_the_lab_ran_them(text: str) -> str:
    """The activation with each placeholder of a lab `echo` command replaced by what the
    agent put there, the command's output without its line end. The one span the replay
    treats specially (clientlab/README.md, "Commands in a skill")."""
    return _LAB_ECHO.sub(lambda match: match.group(1), text)


@dataclass(frozen=True)
class Placed:
    """A fixture skill as `skill-ls skills` places it for the agent."""

    names: frozenset[str]  # its `name` and its folder's name
    status: str  # loaded, hidden-from-model, shadowed, conflict, skipped


@dataclass
class Replay:
    catalog: str | None
    catalog_varies: bool
    activation: str | None
    activation_varies: bool
    activation_error: str
    placed: list[Placed]


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """The command line, in this process (the same `main` the `skill-ls` script runs)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = skill_ls_main(argv)
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def replay(observation: Observation) -> Replay:
    driver = DRIVERS[observation.agent]
    scenario = SCENARIOS_BY_ID[observation.scenario]
    folders = LabFolders.create()
    try:
        materialise(scenario, driver.project_root, folders.home, folders.workspace)
        replacements = folders.replacements() | {INSTALL_PLACEHOLDER: "<AGENT>"}
        common = [folders.workspace, "--client", observation.agent, "--home", folders.home]

        code, out, err = run_cli(["catalog", *common, "--format", "json"])
        assert code == 0, err
        rendering = json.loads(out)["catalogs"][0]
        text = rendering["text"]
        catalog = normalise(text, replacements) if text else None
        varies = bool(rendering["varies"])

        activation, activation_varies, activation_error = None, False, ""
        if scenario.activate is not None:
            argv = ["activate", scenario.activate, *common, "--arguments", scenario.arguments]
            code, out, err = run_cli([*argv, "--format", "json"])
            if code == 0:
                activated = json.loads(out)
                activation = as_the_lab_ran_them(normalise(activated["text"], replacements))
                activation_varies = bool(activated["varies"])
            else:
                activation_error = err

        code, out, err = run_cli(["skills", *common, "--format", "json"])
        assert code == 0, err
        placed: list[Placed] = []
        for entry in json.loads(out)["skills"]:
            placement: dict[str, Any] | None = next(
                (p for p in entry["placements"] if p["client"] == observation.agent), None
            )
            if placement is None or placement["scope"] == "builtin":
                continue
            name = placement.get("name", entry["name"])  # the agent's, where it differs
            # The skill's folder (a SKILL.md directly in a root has none but the root).
            in_root = "/" not in placement["relativePath"]
            folder = name if in_root else os.path.basename(os.path.dirname(entry["path"]))
            placed.append(Placed(frozenset({name, folder}), placement["status"]))
        return Replay(catalog, varies, activation, activation_varies, activation_error, placed)
    finally:
        shutil.rmtree(folders.base, ignore_errors=True)
