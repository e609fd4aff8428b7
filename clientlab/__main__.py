"""`python -m clientlab observe|diff|list|builtins`: observe the real agents offline.

observe [--agent ID ...] [--scenario ID ...] [--repeat N]
        run every agent on every scenario (N times each) and write the goldens; an
        agent that answers differently between runs gets every distinct answer kept
        as a variant (a reviewed change: look at `git diff clientlab/goldens`)
diff    [--agent ID ...] [--scenario ID ...]
        run and show what differs from the goldens (any recorded variant matches);
        exit 1 when anything differs or an agent fails
list    the agents (pinned versions) and the scenarios
builtins
        write skill_ls/data/builtins/<agent>.json from the goldens
"""

from __future__ import annotations

import argparse
import difflib
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from clientlab.builtins import write_builtins
from clientlab.drivers import DRIVERS
from clientlab.install import InstallError, ensure_agents, pinned
from clientlab.observation import (
    GOLDENS,
    Observation,
    same,
    same_but_order,
    variants,
    write_variants,
)
from clientlab.runner import RunFailed, observe
from clientlab.scenario_model import Scenario
from clientlab.scenarios import SCENARIOS, SCENARIOS_BY_ID

# The agents mostly wait on their own start-up; three at a time suits two cores.
PARALLEL = 3


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="clientlab", description="Observe real agents offline.")
    parser.add_argument("command", choices=("observe", "diff", "list", "builtins"))
    parser.add_argument("--agent", action="append", choices=sorted(DRIVERS))
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS_BY_ID))
    parser.add_argument("--repeat", type=int, default=1, help="runs per agent and scenario")
    parser.add_argument(
        "--add-variants",
        action="store_true",
        help="observe: keep the recorded goldens first and add what differs as variants",
    )
    parser.add_argument("--goldens", type=Path, default=GOLDENS)
    args = parser.parse_args(argv)
    if args.command == "list":
        versions = pinned()
        for agent, driver in DRIVERS.items():
            print(f"{agent:12} {driver.package}@{versions[driver.package]}")
        for scenario in SCENARIOS:
            print(f"  {scenario.id:24} {scenario.about}")
        return 0
    if args.command == "builtins":
        for path in write_builtins():
            print(path)
        return 0
    try:
        installed = ensure_agents()
    except InstallError as error:
        print(f"clientlab: could not install the agents: {error}", file=sys.stderr)
        return 2
    agents = args.agent or sorted(DRIVERS)
    scenarios = [SCENARIOS_BY_ID[s] for s in args.scenario] if args.scenario else list(SCENARIOS)
    repeat = max(1, args.repeat) if args.command == "observe" else 1
    jobs = [(a, s) for a in agents for s in scenarios for _ in range(repeat)]
    started = time.monotonic()

    def run(job: tuple[str, Scenario]) -> Observation | str:
        agent, scenario = job
        try:
            return observe(DRIVERS[agent], scenario, installed)
        except RunFailed as error:
            return str(error)

    with ThreadPoolExecutor(PARALLEL) as pool:
        results = list(pool.map(run, jobs))
    failures = [result for result in results if isinstance(result, str)]
    observed = [result for result in results if isinstance(result, Observation)]
    changed = 0
    if args.command == "observe":
        grouped: dict[tuple[str, str], list[Observation]] = {}
        for observation in observed:
            grouped.setdefault((observation.agent, observation.scenario), []).append(observation)
        for found in grouped.values():
            recorded = variants(found[0], args.goldens) if args.add_variants else []
            write_variants(recorded + found, args.goldens)
    else:
        changed = sum(_diff(observation, args.goldens) for observation in observed)
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    print(
        f"clientlab {args.command}: {len(observed)} observed, {len(failures)} failed, "
        f"{changed} differ from the goldens ({time.monotonic() - started:.0f} s)"
    )
    return 1 if failures or changed else 0


def _diff(observation: Observation, goldens: Path) -> int:
    """1 (and a unified diff on stdout) when the observation matches no recorded variant."""
    recorded = variants(observation, goldens)
    if any(same(observation, variant) for variant in recorded):
        return 0
    if order_varies(observation.agent) and any(
        same_but_order(observation, variant) for variant in recorded
    ):
        # skill-ls says this agent's order changes between runs: a new order of the same
        # entries is not a change of behaviour.
        print(f"note: {observation.agent}/{observation.scenario}: same entries, another order")
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        fresh = observation.write(Path(scratch))
        old = observation.folder(goldens)
        for name in sorted({p.name for p in fresh.iterdir()} | _files(old)):
            before, after = _read(old / name), _read(fresh / name)
            if before != after:
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
    return 1


def order_varies(agent: str) -> bool:
    """Whether skill-ls's client table says the agent's list order changes between runs."""
    from skill_ls.clients.builtins import builtins_for
    from skill_ls.clients.table import CLIENTS_BY_ID

    builtin_set = builtins_for(agent)
    return bool(CLIENTS_BY_ID[agent].clashes.order_note) or bool(
        builtin_set and builtin_set.order_varies
    )


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.is_file()} if folder.is_dir() else set()


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8") if path.exists() else ""


if __name__ == "__main__":
    sys.exit(main())
