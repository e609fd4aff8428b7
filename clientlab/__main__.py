"""`python -m clientlab observe|diff|list`: observe the real agents, or compare with goldens.

    observe [--agent ID ...] [--scenario ID ...]   run and write goldens (a reviewed change)
    diff    [--agent ID ...] [--scenario ID ...]   run and show what differs from the goldens;
                                                   exit 1 when anything differs or fails
    list                                           agents (pinned versions) and scenarios
"""

from __future__ import annotations

import argparse
import difflib
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from clientlab.drivers import DRIVERS
from clientlab.install import InstallError, ensure_agents, pinned
from clientlab.observation import GOLDENS, Observation
from clientlab.runner import RunFailed, observe
from clientlab.scenarios import SCENARIOS, SCENARIOS_BY_ID

# Agents are mostly waiting on one another's start-up; three at a time suits two cores.
PARALLEL = 3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="clientlab", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("observe", "diff", "list"))
    parser.add_argument("--agent", action="append", choices=sorted(DRIVERS))
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS_BY_ID))
    parser.add_argument("--goldens", type=Path, default=GOLDENS)
    args = parser.parse_args(argv)
    if args.command == "list":
        for agent, driver in DRIVERS.items():
            print(f"{agent:12} {driver.package}@{pinned()[driver.package]}")
        for scenario in SCENARIOS:
            print(f"  {scenario.id:24} {scenario.about}")
        return 0
    try:
        installed = ensure_agents()
    except InstallError as error:
        print(f"clientlab: could not install the agents: {error}", file=sys.stderr)
        return 2
    agents = args.agent or sorted(DRIVERS)
    scenarios = [SCENARIOS_BY_ID[s] for s in args.scenario] if args.scenario else list(SCENARIOS)
    jobs = [(agent, scenario) for agent in agents for scenario in scenarios]
    started = time.monotonic()

    def run(job: tuple[str, object]) -> Observation | str:
        agent, scenario = job
        try:
            return observe(DRIVERS[agent], scenario, installed)  # type: ignore[arg-type]
        except RunFailed as error:
            return str(error)

    with ThreadPoolExecutor(PARALLEL) as pool:
        results = list(pool.map(run, jobs))
    failures = [result for result in results if isinstance(result, str)]
    observations = [result for result in results if isinstance(result, Observation)]
    if args.command == "observe":
        for observation in observations:
            observation.write(args.goldens)
        changed = 0
    else:
        changed = _diff(observations, args.goldens)
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    elapsed = time.monotonic() - started
    print(
        f"clientlab {args.command}: {len(observations)} observed, {len(failures)} failed, "
        f"{changed} differ from the goldens ({elapsed:.0f} s)"
    )
    return 1 if failures or changed else 0


def _diff(observations: list[Observation], goldens: Path) -> int:
    changed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for observation in observations:
            fresh = observation.write(Path(scratch))
            old = observation.folder(goldens)
            for name in sorted({p.name for p in fresh.iterdir()} | _names(old)):
                before = _read(old / name)
                after = _read(fresh / name)
                if before == after:
                    continue
                changed += 1
                label = f"{observation.agent}/{observation.scenario}/{name}"
                sys.stdout.writelines(
                    difflib.unified_diff(
                        before.splitlines(keepends=True),
                        after.splitlines(keepends=True),
                        f"golden/{label}",
                        f"observed/{label}",
                    )
                )
                print()
    return changed


def _names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()} if folder.is_dir() else set()


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


if __name__ == "__main__":
    sys.exit(main())
