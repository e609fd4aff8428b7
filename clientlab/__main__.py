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
drift   [--agent ID ...] [--to PACKAGE=VERSION ...] [--scenario ID ...] [--report FILE]
        [--write-goldens DIR] [--write-agents DIR] [--resolve-only]
        the newest published versions, installed aside, diffed against the goldens
        (clientlab/drift.py); exit 0: nothing differs, 1: something does, 2: no install
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from clientlab.builtins import write_builtins
from clientlab.compare import compare
from clientlab.drivers import DRIVERS
from clientlab.install import InstallError, ensure_agents, pinned
from clientlab.observation import GOLDENS, Observation, variants, write_variants
from clientlab.runner import observe_all
from clientlab.scenarios import SCENARIOS, SCENARIOS_BY_ID


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["drift"]:
        # Its own options (clientlab/drift.py): resolve, install aside, diff, report.
        from clientlab.drift import main as drift

        return drift(argv[1:])
    parser = argparse.ArgumentParser(prog="clientlab", description="Observe real agents offline.")
    parser.add_argument("command", choices=("observe", "diff", "list", "builtins", "drift"))
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
    results = observe_all(jobs, installed)
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
    found = compare(observation, goldens)
    if found.note:
        print(f"note: {observation.agent}/{observation.scenario}: {found.note}")
    sys.stdout.write(found.diff)
    return 0 if found.equal else 1


if __name__ == "__main__":
    sys.exit(main())
