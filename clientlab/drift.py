"""`python -m clientlab drift`: are the pinned agents behind their newest published versions,
and does a newer version behave differently on the lab's scenarios?

It resolves each pinned package's newest version (`npm view`), writes a scratch copy of the
agents folder with those versions (its lock from `npm install --package-lock-only`), installs
that aside, runs the scenarios for the agents whose version changed, and compares what they
sent with the goldens. The report says, per agent, pinned → newest and which scenarios are
equal or differ (with the unified diff); `--write-goldens` and `--write-agents` leave a
ready bump behind. Exit 0: nothing differs; 1: something does (or a run failed); 2: a
version could not be resolved or installed.

Resolution and the report are pure functions; npm sits behind `Registry`, so the tests feed
them recorded answers.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from clientlab.compare import compare
from clientlab.drivers import DRIVERS
from clientlab.install import (
    AGENTS,
    Installed,
    InstallError,
    ensure_agents,
    ensure_node,
    node_env,
    pinned,
    run_npm,
)
from clientlab.observation import GOLDENS, Observation, variants, write_variants
from clientlab.older import write_older
from clientlab.runner import observe_all
from clientlab.scenario_model import Scenario
from clientlab.scenarios import SCENARIOS, SCENARIOS_BY_ID

# A platform binary's name is its wrapper's, then the platform (`@factory/cli-linux-x64`);
# or its scope's, the wrapper being the scope's own package (`@cline/cli-linux-x64` beside
# `cline`).
PLATFORM = re.compile(r"-(linux|darwin|win32)-(x64|arm64)(-baseline)?$")


class ResolveError(RuntimeError):
    pass


class Registry(Protocol):
    def view(self, package: str, field: str) -> Any:
        """`npm view <package> <field> --json`, parsed."""


class NpmRegistry:
    def view(self, package: str, field: str) -> Any:
        try:
            out = run_npm(["view", package, field, "--json"])
        except (InstallError, subprocess.TimeoutExpired) as error:
            raise ResolveError(f"npm view {package} {field}: {error}") from None
        return json.loads(out) if out.strip() else None


@dataclass(frozen=True)
class Target:
    package: str
    pinned: str
    newest: str
    forced: bool = False  # the version came from --to
    note: str | None = None  # how the version was chosen, when not simply the newest

    @property
    def changed(self) -> bool:
        return self.newest != self.pinned


@dataclass
class AgentResult:
    agent: str
    targets: list[Target]
    equal: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # scenario: why an inexact match is equal
    differing: list[tuple[str, str]] = field(default_factory=list)  # scenario, unified diff
    failed: list[str] = field(default_factory=list)


def wrappers(pins: dict[str, str]) -> dict[str, str]:
    """Platform binary → the wrapper package pinned beside it."""
    found: dict[str, str] = {}
    for package in pins:
        match = PLATFORM.search(package)
        if match is None:
            continue
        stem = package[: match.start()]
        scope = stem[1:].split("/", 1)[0] if stem.startswith("@") else ""
        wrapper = stem if stem in pins else scope if scope in pins else None
        if wrapper is not None:
            found[package] = wrapper
    return found


def agent_packages(pins: dict[str, str]) -> dict[str, list[str]]:
    """Each agent's pinned packages: its driver's, and the wrapper of a platform binary."""
    pairs = wrappers(pins)
    found: dict[str, list[str]] = {}
    for agent, driver in sorted(DRIVERS.items()):
        packages = [driver.package]
        if driver.package in pairs:
            packages.insert(0, pairs[driver.package])
        found[agent] = packages
    return found


def version_key(version: str) -> tuple[tuple[int, ...], int, str]:
    """Semver order: numbers numerically, a pre-release before its release."""
    core, _, pre = version.partition("-")
    numbers = tuple(int(part) if part.isdigit() else -1 for part in core.split("."))
    return numbers, 0 if pre else 1, pre


def resolve(
    pins: dict[str, str],
    registry: Registry,
    packages: Iterable[str],
    forced: dict[str, str] | None = None,
) -> list[Target]:
    """The target version of each package: --to's, else the newest published (a platform
    binary: its wrapper's target version when published, else its newest release)."""
    forced = forced or {}
    pairs = wrappers(pins)
    chosen = [p for p in pins if p in set(packages)]
    # Wrappers first: a binary follows its wrapper's target.
    chosen.sort(key=lambda p: p in pairs)
    targets: dict[str, Target] = {}
    for package in chosen:
        if package in forced:
            targets[package] = Target(package, pins[package], forced[package], forced=True)
        elif package in pairs:
            wrapper = pairs[package]
            wanted = targets[wrapper].newest if wrapper in targets else pins[wrapper]
            targets[package] = _binary(package, pins[package], wrapper, wanted, registry)
        else:
            newest = registry.view(package, "version")
            if not isinstance(newest, str) or not newest:
                raise ResolveError(f"npm has no version of {package}")
            targets[package] = Target(package, pins[package], newest)
    return [targets[p] for p in pins if p in targets]


def _binary(package: str, pin: str, wrapper: str, wanted: str, registry: Registry) -> Target:
    published = registry.view(package, "versions")
    versions = [published] if isinstance(published, str) else list(published or [])
    if wanted in versions:
        return Target(package, pin, wanted)
    releases = [v for v in versions if "-" not in v] or versions
    if not releases:
        raise ResolveError(f"npm has no version of {package}")
    newest = max(releases, key=version_key)
    note = (
        f"{package} is not published at {wanted} (the version of {wrapper}); "
        f"took {newest}, its newest published version"
    )
    return Target(package, pin, newest, note=note)


# npm's words when a package in the tree is not published at the version asked for.
UNPUBLISHED = re.compile(r"No matching version found for (@?[^@\s]+)@([^\s]+?)\.?$", re.M)
# How many times a lock is tried again with a target stepped back.
MAX_STEP_BACKS = 8


def step_back(
    pins: dict[str, str], targets: Sequence[Target], error: str, registry: Registry
) -> list[Target] | None:
    """When the lock failed because a package that a moved target's newest version depends on
    is not published (a release whose own packages are not all out yet: oh-my-pi 18.3.4
    needs `@oh-my-pi/omp-stats@18.3.4`), that target one release back, not below its pin,
    and its platform binary with it; said in the target's note. None when the error is
    another or names no target's dependency: the install fails as before."""
    match = UNPUBLISHED.search(error)
    if match is None:
        return None
    missing, missing_version = match.groups()
    pairs = wrappers(pins)
    stepped: list[Target] = list(targets)
    for index, target in enumerate(targets):
        if not target.changed or target.forced or target.package in pairs:
            continue
        needs = registry.view(f"{target.package}@{target.newest}", "dependencies") or {}
        if not isinstance(needs, dict) or missing not in needs:
            continue
        published = registry.view(target.package, "versions")
        versions = [published] if isinstance(published, str) else list(published or [])
        floor, ceiling = version_key(target.pinned), version_key(target.newest)
        older = [v for v in versions if "-" not in v and floor <= version_key(v) < ceiling]
        back = max(older, key=version_key) if older else target.pinned
        said = (
            f"{target.package} {target.newest} does not install "
            f"({missing}@{missing_version} is not published); took {back}"
        )
        stepped[index] = replace(target, newest=back, note=_joined(target.note, said))
        for other, binary in enumerate(stepped):
            if pairs.get(binary.package) == target.package:
                again = _binary(binary.package, binary.pinned, target.package, back, registry)
                stepped[other] = again
        return stepped
    return None


def _joined(first: str | None, second: str) -> str:
    return f"{first}; {second}" if first else second


def parse_forced(values: Sequence[str], pins: dict[str, str]) -> dict[str, str]:
    forced: dict[str, str] = {}
    for value in values:
        package, sep, version = value.rpartition("=")
        if not sep or not package or not version:
            raise ResolveError(f"--to {value}: expected PACKAGE=VERSION")
        if package not in pins:
            raise ResolveError(f"--to {value}: {package} is not pinned in agents/package.json")
        forced[package] = version
    return forced


def bumped(pins: dict[str, str], targets: Iterable[Target]) -> dict[str, str]:
    versions = dict(pins)
    for target in targets:
        versions[target.package] = target.newest
    return versions


def changed_agents(
    packages: dict[str, list[str]], targets: Iterable[Target], agents: Iterable[str]
) -> list[str]:
    moved = {target.package for target in targets if target.changed}
    return [agent for agent in agents if moved & set(packages[agent])]


def _fence(text: str) -> str:
    """A backtick fence longer than any run of backticks in the text."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _versions(targets: Sequence[Target]) -> str:
    return ", ".join(
        f"{t.package} {t.pinned} → {t.newest}" if t.changed else f"{t.package} {t.pinned}"
        for t in targets
    )


def report(
    targets: Sequence[Target],
    packages: dict[str, list[str]],
    agents: Sequence[str],
    results: Sequence[AgentResult],
    install_error: str | None = None,
) -> str:
    """The markdown report."""
    by_package = {target.package: target for target in targets}
    lines = ["# Client lab drift", "", "| agent | package | pinned | newest |", "|---|---|---|---|"]
    for agent in agents:
        for package in packages[agent]:
            target = by_package[package]
            newest = target.newest + (" (--to)" if target.forced else "")
            mark = " **behind**" if target.changed and not target.forced else ""
            lines.append(f"| {agent} | `{package}` | {target.pinned} | {newest}{mark} |")
    notes = [target.note for target in targets if target.note]
    if notes or install_error:
        lines += ["", "## Install", ""]
        lines += [f"- {note}" for note in notes]
        if install_error:
            fence = _fence(install_error)
            lines += ["- the install failed:", "", fence, install_error.rstrip(), fence]
    if not any(target.changed for target in targets):
        lines += ["", "Every agent is at its newest published version: nothing to run."]
    for result in results:
        lines += ["", f"## {result.agent}: {_versions(result.targets)}", ""]
        lines.append(
            f"{len(result.equal)} scenarios equal, {len(result.differing)} differ, "
            f"{len(result.failed)} failed."
        )
        if result.equal:
            lines += ["", "Equal: " + ", ".join(f"`{s}`" for s in result.equal) + "."]
        lines += [f"- {note}" for note in result.notes]
        for scenario, diff in result.differing:
            fence = _fence(diff)
            lines += ["", f"### `{scenario}` differs", "", fence + "diff", diff.rstrip(), fence]
        for failure in result.failed:
            fence = _fence(failure)
            lines += ["", "### failed", "", fence, failure.rstrip(), fence]
    return "\n".join(lines) + "\n"


def summary(
    targets: Sequence[Target],
    packages: dict[str, list[str]],
    agents: Sequence[str],
    results: Sequence[AgentResult],
) -> str:
    """A few lines for stdout: who is behind, and what running them showed."""
    by_package = {target.package: target for target in targets}
    ran = {result.agent: result for result in results}
    lines: list[str] = []
    current: list[str] = []
    for agent in agents:
        own = [by_package[p] for p in packages[agent]]
        if not any(t.changed for t in own):
            current.append(agent)
            continue
        line = f"  {agent}: {_versions(own)}"
        if agent in ran:
            r = ran[agent]
            line += f": {len(r.equal)} equal, {len(r.differing)} differ, {len(r.failed)} failed"
            if r.differing:
                line += " (" + ", ".join(s for s, _ in r.differing) + ")"
        lines.append(line)
    head = f"clientlab drift: {len(lines)} of {len(agents)} agents at another version"
    tail = [f"  at the newest: {', '.join(current)}"] if current else []
    notes = [f"  note: {t.note}" for t in targets if t.note]
    return "\n".join([head, *lines, *tail, *notes]) + "\n"


def scratch_agents(folder: Path, versions: dict[str, str]) -> Path:
    """A copy of the agents folder with these versions and a lock npm generated for them."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = json.loads((AGENTS / "package.json").read_text(encoding="utf-8"))
    manifest["dependencies"] = versions
    (folder / "package.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    # Starting from the pinned lock keeps every unchanged package exactly as locked.
    shutil.copy(AGENTS / "package-lock.json", folder / "package-lock.json")
    run_npm(["install", "--package-lock-only"], cwd=folder, env=node_env(ensure_node()))
    return folder


def write_goldens(observed: Sequence[Observation], goldens: Path, out: Path) -> None:
    """A golden set for the bump: the recorded one, with each new observation as its
    scenario's golden; the recorded variants stay beside it only when it matched one."""
    if out.resolve() != goldens.resolve():
        shutil.copytree(goldens, out, dirs_exist_ok=True)
    grouped: dict[tuple[str, str], list[Observation]] = {}
    for observation in observed:
        grouped.setdefault((observation.agent, observation.scenario), []).append(observation)
    for found in grouped.values():
        recorded = variants(found[0], goldens)
        keep = recorded if all(compare(o, goldens).equal for o in found) else []
        write_variants(found + keep, out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="clientlab drift",
        description="Run the agents' newest published versions against the goldens.",
    )
    parser.add_argument("--agent", action="append", choices=sorted(DRIVERS))
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS_BY_ID))
    parser.add_argument(
        "--to", action="append", default=[], metavar="PACKAGE=VERSION", help="force a version"
    )
    parser.add_argument("--report", type=Path, help="write the markdown report here")
    parser.add_argument("--write-goldens", type=Path, metavar="DIR")
    parser.add_argument(
        "--write-agents", type=Path, metavar="DIR", help="the bumped package.json and lock"
    )
    parser.add_argument(
        "--tools", type=Path, help="install here (kept; default: a scratch folder, removed)"
    )
    parser.add_argument(
        "--resolve-only",
        action="store_true",
        help="only say who is behind (exit 1 when someone is); install and run nothing",
    )
    parser.add_argument(
        "--write-older",
        action="store_true",
        help="record each agent's run as an older version's (clientlab/goldens-older)",
    )
    parser.add_argument("--goldens", type=Path, default=GOLDENS)
    args = parser.parse_args(argv)
    started = time.monotonic()
    pins = pinned()
    packages = agent_packages(pins)
    agents = args.agent or sorted(DRIVERS)
    try:
        forced = parse_forced(args.to, pins)
        wanted = {p for agent in agents for p in packages[agent]}
        targets = resolve(pins, NpmRegistry(), wanted, forced)
    except ResolveError as error:
        print(f"clientlab drift: {error}", file=sys.stderr)
        return 2
    results: list[AgentResult] = []
    observed: list[Observation] = []
    install_error = None
    with tempfile.TemporaryDirectory(prefix="clientlab-drift-") as scratch:
        if changed_agents(packages, targets, agents) and not args.resolve_only:
            try:
                folder, targets = _locked(Path(scratch) / "agents", pins, targets)
                if args.write_agents:
                    args.write_agents.mkdir(parents=True, exist_ok=True)
                    for name in ("package.json", "package-lock.json"):
                        shutil.copy(folder / name, args.write_agents / name)
                installed = ensure_agents(folder, args.tools or Path(scratch) / "tools")
            except InstallError as error:
                install_error = str(error)
            else:
                moved = changed_agents(packages, targets, agents)
                scenarios = [SCENARIOS_BY_ID[s] for s in args.scenario or []] or list(SCENARIOS)
                results, observed = _run(moved, packages, targets, scenarios, installed, args)
    text = report(targets, packages, agents, results, install_error)
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    sys.stdout.write(summary(targets, packages, agents, results))
    if install_error:
        print(f"clientlab drift: could not install: {install_error}", file=sys.stderr)
        return 2
    if args.write_goldens:
        write_goldens(observed, args.goldens, args.write_goldens)
    if args.write_older:
        for result in results:
            mine = [o for o in observed if o.agent == result.agent]
            if mine and not result.failed:
                print(f"clientlab drift: recorded {write_older(result.agent, result.equal, mine)}")
    print(f"clientlab drift: {time.monotonic() - started:.0f} s")
    if args.resolve_only:
        return 1 if changed_agents(packages, targets, agents) else 0
    return 1 if any(r.differing or r.failed for r in results) else 0


def _locked(folder: Path, pins: dict[str, str], targets: list[Target]) -> tuple[Path, list[Target]]:
    """The scratch agents folder locked at `targets`, stepped back where a newest version's
    own packages are not all published (`step_back`); the targets that were locked."""
    registry = NpmRegistry()
    for _ in range(MAX_STEP_BACKS):
        try:
            return scratch_agents(folder, bumped(pins, targets)), targets
        except InstallError as error:
            try:
                stepped = step_back(pins, targets, str(error), registry)
            except ResolveError:
                stepped = None
            if stepped is None:
                raise
            targets = stepped
    return scratch_agents(folder, bumped(pins, targets)), targets


def _run(
    agents: Sequence[str],
    packages: dict[str, list[str]],
    targets: Sequence[Target],
    scenarios: Sequence[Scenario],
    installed: Installed,
    args: argparse.Namespace,
) -> tuple[list[AgentResult], list[Observation]]:
    by_package = {target.package: target for target in targets}
    jobs = [(agent, scenario) for agent in agents for scenario in scenarios]
    results = {a: AgentResult(a, [by_package[p] for p in packages[a]]) for a in agents}
    observed: list[Observation] = []
    for (agent, scenario), found in zip(jobs, observe_all(jobs, installed), strict=True):
        result = results[agent]
        if isinstance(found, str):
            result.failed.append(found)
            continue
        observed.append(found)
        comparison = compare(found, args.goldens)
        if comparison.equal:
            result.equal.append(scenario.id)
            if comparison.note:
                result.notes.append(f"`{scenario.id}`: {comparison.note}")
        else:
            result.differing.append((scenario.id, comparison.diff))
    return list(results.values()), observed
