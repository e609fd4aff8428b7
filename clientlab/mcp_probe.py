"""`python -m clientlab.mcp_probe observe|diff`: what the lab's agents do with skills served
over MCP (the rows' `Client.mcp_skills`).

Two observations. First, which installed packages hold a client of the MCP Skills extension
at all: the files under the lab's `node_modules` that contain its id,
`io.modelcontextprotocol/skills` (an agent whose packages never name it cannot ask a server
for skills). Second, each agent whose row says it may list such skills runs once in a
workspace whose MCP configuration (the row's `config_files`) names the lab's own server,
`clientlab/mcp_skill_server.py`, serving one skill whose description holds a marker: the
probe records whether the agent started the server, whether it asked it for skills
(`skills/list`, `skills/get`), and whether the marker reached the model's catalog. `observe`
writes `goldens/mcp-skills.json`; `diff` exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from clientlab.drivers import DRIVERS
from clientlab.install import Installed, InstallError, ensure_agents
from clientlab.observation import GOLDENS
from clientlab.runner import LabFolders, RunFailed, launch
from clientlab.scenario_model import Scenario, skill
from clientlab.scenarios import materialise
from skill_ls.clients.table import CLIENTS_BY_ID

GOLDEN = GOLDENS / "mcp-skills.json"
SERVER = Path(__file__).with_name("mcp_skill_server.py")
EXTENSION_ID = "io.modelcontextprotocol/skills"
SERVER_NAME = "lab-skills"
SKILL = "mcp-probe-skill"
MARKER = "MCP-PROBE-SERVED-9d2b"
STARTED = ("server/discover", "initialize")
ASKED = ("skills/list", "skills/get")


def probed_agents() -> list[str]:
    """The lab agents whose row says they may list skills a server serves."""
    return [
        agent
        for agent in sorted(DRIVERS)
        if (facts := CLIENTS_BY_ID[agent].mcp_skills) is not None and facts.may_list
    ]


def packages_naming_extension(installed: Installed) -> list[str]:
    """The installed npm packages (`@scope/name`) with a file that contains the id."""
    modules = installed.prefix / "node_modules"
    found = subprocess.run(
        ["grep", "-rlaF", "--", EXTENSION_ID, str(modules)],
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode > 1:
        raise RuntimeError(f"grep failed: {found.stderr.strip()}")
    return sorted({_package_of(line, modules) for line in found.stdout.splitlines() if line})


def _package_of(path: str, modules: Path) -> str:
    """The innermost package a file under `modules` belongs to."""
    parts = os.path.relpath(path, modules).rsplit("node_modules/", 1)[-1].split("/")
    return "/".join(parts[:2]) if parts[0].startswith("@") else parts[0]


def _configuration(agent: str, folders: LabFolders) -> list[str]:
    """Write the row's MCP configuration files naming the lab's server; their paths."""
    facts = CLIENTS_BY_ID[agent].mcp_skills
    assert facts is not None
    served = Path(folders.base) / "served"
    (served / SKILL).mkdir(parents=True)
    (served / SKILL / "SKILL.md").write_text(
        skill(SKILL, f"Use for the MCP probe ({MARKER})."), encoding="utf-8"
    )
    log = Path(folders.base) / "asked.log"
    log.touch()
    server = {"command": sys.executable, "args": [str(SERVER), str(served), str(log)]}
    written = []
    for config in facts.config_files:
        if config.syntax != "json":
            raise RuntimeError(f"{agent}: the probe writes JSON configurations only")
        target = Path(folders.workspace, *config.path.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps({config.servers_key: {SERVER_NAME: server}}), "utf-8")
        written.append(config.path)
    return written


def probe(agent: str, installed: Installed) -> dict[str, Any]:
    """Run `agent` once in a workspace whose MCP configuration names the lab's server."""
    driver = DRIVERS[agent]
    folders = LabFolders.create()
    try:
        materialise(Scenario("mcp-probe", "", {}), driver.project_root, folders.home,
                    folders.workspace)  # fmt: skip
        written = _configuration(agent, folders)
        launched = launch(driver, installed, folders, "Hello", label="mcp-probe")
        asked = (Path(folders.base) / "asked.log").read_text(encoding="utf-8").split()
        catalog = driver.catalog(launched.requests) or ""
        return {
            "package": driver.package,
            "version": installed.version(driver.package),
            "configuration": written,
            "server_started": any(method in asked for method in STARTED),
            "asked_for_skills": any(method in asked for method in ASKED),
            "served_skill_listed": MARKER in catalog,
        }
    finally:
        shutil.rmtree(folders.base, ignore_errors=True)


def observe(agents: Sequence[str], installed: Installed) -> dict[str, Any]:
    found: dict[str, Any] = {"packages_naming_extension": packages_naming_extension(installed)}
    runs: dict[str, Any] = {}
    for agent in agents:
        try:
            runs[agent] = probe(agent, installed)
        except RunFailed as error:
            runs[agent] = {"failed": str(error).splitlines()[0]}
    found["agents"] = runs
    return found


def load(path: Path = GOLDEN) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else {}


def write(golden: dict[str, Any], path: Path = GOLDEN) -> None:
    path.write_text(json.dumps(golden, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def differences(golden: dict[str, Any], observed: dict[str, Any]) -> list[str]:
    """One line per value the observation gives otherwise than the golden."""
    lines: list[str] = []
    before = golden.get("packages_naming_extension")
    if before != observed["packages_naming_extension"]:
        lines.append(
            f"packages naming {EXTENSION_ID}: golden {before}, "
            f"seen {observed['packages_naming_extension']}"
        )
    recorded_agents = golden.get("agents", {})
    for agent, entry in observed["agents"].items():
        recorded = recorded_agents.get(agent)
        if recorded is None:
            lines.append(f"{agent}: not in the golden")
            continue
        for key, seen in entry.items():
            if recorded.get(key) != seen:
                lines.append(f"{agent} {key}: golden {recorded.get(key)!r}, seen {seen!r}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="clientlab.mcp_probe", description=__doc__)
    parser.add_argument("command", choices=("observe", "diff"))
    parser.add_argument("--golden", type=Path, default=GOLDEN)
    args = parser.parse_args(argv)
    try:
        installed = ensure_agents()
    except InstallError as error:
        print(f"mcp_probe: could not install the agents: {error}", file=sys.stderr)
        return 2
    started = time.monotonic()
    observed = observe(probed_agents(), installed)
    print(f"packages naming {EXTENSION_ID}: {', '.join(observed['packages_naming_extension'])}")
    for agent, entry in observed["agents"].items():
        print(f"{agent}: {json.dumps(entry)}")
    failed = sum("failed" in entry for entry in observed["agents"].values())
    golden = load(args.golden)
    changed = differences(golden, observed)
    if args.command == "observe":
        if not failed:
            write(observed, args.golden)
    else:
        for line in changed:
            print(f"DIFFERS {line}")
    elapsed = time.monotonic() - started
    print(
        f"mcp_probe {args.command}: {len(observed['agents'])} agents, {failed} runs failed, "
        f"{len(changed)} differ from the golden ({elapsed:.0f} s)"
    )
    if failed:
        return 1
    return 1 if args.command == "diff" and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
