"""`clientlab drift`'s resolution and report, fed npm answers recorded from the registry
(`npm view <package> version|versions --json`), and its golden set for a bump."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from clientlab.drift import (
    AgentResult,
    ResolveError,
    Target,
    agent_packages,
    bumped,
    changed_agents,
    parse_forced,
    report,
    resolve,
    step_back,
    summary,
    version_key,
    wrappers,
    write_goldens,
)
from clientlab.install import pinned
from clientlab.observation import Activation, Observation, variants, write_variants

ROOT = Path(__file__).resolve().parents[2]

PINS = {
    "@anthropic-ai/claude-code": "2.1.328",
    "@factory/cli": "0.225.1",
    "@factory/cli-linux-x64": "0.225.2",
    "@mariozechner/pi-coding-agent": "0.73.1",
}
# Recorded answers; `@factory/cli-linux-x64` is published at neither wrapper version.
RECORDED: dict[tuple[str, str], Any] = {
    ("@anthropic-ai/claude-code", "version"): "2.1.340",
    ("@factory/cli", "version"): "0.225.1",
    ("@factory/cli-linux-x64", "versions"): [
        "0.99.0",
        "0.105.1",
        "0.109.3",
        "0.117.0",
        "0.215.0",
        "0.225.2",
    ],
    ("@mariozechner/pi-coding-agent", "version"): "0.73.1",
}


class Recorded:
    def __init__(self, answers: dict[tuple[str, str], Any]) -> None:
        self.answers = answers
        self.asked: list[tuple[str, str]] = []

    def view(self, package: str, field: str) -> Any:
        self.asked.append((package, field))
        return self.answers[(package, field)]


def _by_package(targets: list[Target]) -> dict[str, Target]:
    return {target.package: target for target in targets}


def test_the_newest_versions_and_who_is_behind() -> None:
    targets = _by_package(resolve(PINS, Recorded(RECORDED), PINS))
    assert targets["@anthropic-ai/claude-code"].newest == "2.1.340"
    assert targets["@anthropic-ai/claude-code"].changed
    assert not targets["@mariozechner/pi-coding-agent"].changed
    assert not targets["@factory/cli"].changed
    # The binary is not published at its wrapper's version: its newest one is taken, and said.
    binary = targets["@factory/cli-linux-x64"]
    assert (binary.newest, binary.changed) == ("0.225.2", False)
    assert binary.note is not None
    assert "not published at 0.225.1" in binary.note and "took 0.225.2" in binary.note


def test_a_binary_published_at_its_wrappers_version_follows_it() -> None:
    answers = dict(RECORDED)
    answers[("@factory/cli", "version")] = "0.230.0"
    answers[("@factory/cli-linux-x64", "versions")] = ["0.225.2", "0.230.0", "0.231.0-beta.1"]
    targets = _by_package(resolve(PINS, Recorded(answers), PINS))
    binary = targets["@factory/cli-linux-x64"]
    assert (binary.newest, binary.note) == ("0.230.0", None)


def test_the_newest_binary_is_the_highest_release_not_the_last_listed() -> None:
    answers = dict(RECORDED)
    answers[("@factory/cli", "version")] = "0.240.0"
    answers[("@factory/cli-linux-x64", "versions")] = ["0.225.2", "0.231.0", "0.30.0", "1.0.0-rc.1"]
    binary = _by_package(resolve(PINS, Recorded(answers), PINS))["@factory/cli-linux-x64"]
    assert binary.newest == "0.231.0"


def test_a_forced_version_wins_and_a_forced_wrapper_leads_its_binary() -> None:
    registry = Recorded(RECORDED)
    forced = {"@mariozechner/pi-coding-agent": "0.73.0", "@factory/cli": "0.215.0"}
    targets = _by_package(resolve(PINS, registry, PINS, forced))
    pi = targets["@mariozechner/pi-coding-agent"]
    assert (pi.newest, pi.forced, pi.changed) == ("0.73.0", True, True)
    assert targets["@factory/cli-linux-x64"].newest == "0.215.0"
    assert ("@mariozechner/pi-coding-agent", "version") not in registry.asked


def test_only_the_chosen_packages_are_asked_about() -> None:
    registry = Recorded(RECORDED)
    targets = resolve(PINS, registry, ["@mariozechner/pi-coding-agent"])
    assert [t.package for t in targets] == ["@mariozechner/pi-coding-agent"]
    assert registry.asked == [("@mariozechner/pi-coding-agent", "version")]


def test_an_unpublished_package_is_a_resolve_error() -> None:
    answers = dict(RECORDED)
    answers[("@factory/cli-linux-x64", "versions")] = []
    with pytest.raises(ResolveError, match="no version of @factory/cli-linux-x64"):
        resolve(PINS, Recorded(answers), PINS)


def test_to_takes_package_equals_version_of_a_pinned_package() -> None:
    assert parse_forced(["@factory/cli=0.1.0"], PINS) == {"@factory/cli": "0.1.0"}
    with pytest.raises(ResolveError, match="expected PACKAGE=VERSION"):
        parse_forced(["@factory/cli"], PINS)
    with pytest.raises(ResolveError, match="not pinned"):
        parse_forced(["left-pad=1.0.0"], PINS)


def test_versions_sort_as_semver() -> None:
    ordered = ["0.9.1", "0.10.0", "1.0.0-beta.1", "1.0.0", "1.2.0"]
    assert sorted(reversed(ordered), key=version_key) == ordered


# npm's error when oh-my-pi 18.3.4 was locked while its own `omp-stats` 18.3.4 was not yet
# published (recorded 2026-12-07), and the registry's answers behind it.
UNPUBLISHED_ERROR = """npm install --package-lock-only failed:
npm error code ETARGET
npm error notarget No matching version found for @oh-my-pi/omp-stats@18.3.4.
npm error notarget In most cases you or one of your dependencies are requesting a package \
version that doesn't exist.
"""
OMP = "@oh-my-pi/pi-coding-agent"
OMP_ANSWERS: dict[tuple[str, str], Any] = {
    (f"{OMP}@18.3.4", "dependencies"): {"@oh-my-pi/omp-stats": "18.3.4", "axe-core": "4.13.0"},
    ("@anthropic-ai/claude-code@2.1.337", "dependencies"): {},
    (OMP, "versions"): ["18.1.21", "18.2.0", "18.2.3", "18.2.9", "18.3.4", "18.4.0-beta.1"],
}


def test_a_newest_version_whose_own_packages_are_unpublished_steps_back() -> None:
    pins = {"@anthropic-ai/claude-code": "2.1.332", OMP: "18.2.3"}
    targets = [
        Target("@anthropic-ai/claude-code", "2.1.332", "2.1.337"),
        Target(OMP, "18.2.3", "18.3.4"),
    ]
    stepped = step_back(pins, targets, UNPUBLISHED_ERROR, Recorded(OMP_ANSWERS))
    assert stepped is not None
    claude, omp = stepped
    assert claude == targets[0]  # it does not need the missing package
    # One release back, the pre-release and the versions below the pin never taken.
    assert (omp.newest, omp.changed) == ("18.2.9", True)
    assert omp.note == (
        f"{OMP} 18.3.4 does not install (@oh-my-pi/omp-stats@18.3.4 is not published); took 18.2.9"
    )
    # Stepped back as far as the pin, the agent has nothing newer to run.
    answers = {**OMP_ANSWERS, (OMP, "versions"): ["18.2.3", "18.3.4"]}
    again = step_back(pins, targets, UNPUBLISHED_ERROR, Recorded(answers))
    assert again is not None and (again[1].newest, again[1].changed) == ("18.2.3", False)


def test_other_install_failures_and_forced_versions_are_not_stepped_back() -> None:
    pins = {OMP: "18.2.3"}
    registry = Recorded(OMP_ANSWERS)
    moved = [Target(OMP, "18.2.3", "18.3.4")]
    assert step_back(pins, moved, "npm error code E404\nnot found\n", registry) is None
    forced = [Target(OMP, "18.2.3", "18.3.4", forced=True)]
    assert step_back(pins, forced, UNPUBLISHED_ERROR, registry) is None
    # The missing package is no moved target's dependency.
    other = UNPUBLISHED_ERROR.replace("@oh-my-pi/omp-stats", "left-pad")
    assert step_back(pins, moved, other, registry) is None
    assert registry.asked.count((OMP, "versions")) == 0


def test_a_stepped_back_wrapper_takes_its_binary_along() -> None:
    pins = {"@factory/cli": "0.225.1", "@factory/cli-linux-x64": "0.225.2"}
    targets = [
        Target("@factory/cli", "0.225.1", "0.230.0"),
        Target("@factory/cli-linux-x64", "0.225.2", "0.230.0"),
    ]
    error = UNPUBLISHED_ERROR.replace("@oh-my-pi/omp-stats@18.3.4", "@factory/droid-core@0.230.0")
    answers: dict[tuple[str, str], Any] = {
        ("@factory/cli@0.230.0", "dependencies"): {"@factory/droid-core": "0.230.0"},
        ("@factory/cli", "versions"): ["0.225.1", "0.228.0", "0.230.0"],
        ("@factory/cli-linux-x64", "versions"): ["0.225.2", "0.228.0", "0.230.0"],
    }
    stepped = step_back(pins, targets, error, Recorded(answers))
    assert stepped is not None
    assert [t.newest for t in stepped] == ["0.228.0", "0.228.0"]


def test_the_lab_pins_pair_each_wrapper_with_its_binary() -> None:
    pins = pinned()
    assert wrappers(pins) == {
        "@factory/cli-linux-x64": "@factory/cli",
        "@kilocode/cli-linux-x64": "@kilocode/cli",
        # Cline CLI's wrapper is the scope's own, unscoped package.
        "@cline/cli-linux-x64": "cline",
    }
    packages = agent_packages(pins)
    assert packages["droid"] == ["@factory/cli", "@factory/cli-linux-x64"]
    assert packages["kilo"] == ["@kilocode/cli", "@kilocode/cli-linux-x64"]
    assert packages["pi"] == ["@mariozechner/pi-coding-agent"]
    assert packages["cline"] == ["cline", "@cline/cli-linux-x64"]


def test_only_agents_with_a_moved_package_are_run() -> None:
    packages = agent_packages(pinned())
    binary = Target("@factory/cli-linux-x64", "0.225.2", "0.226.0")
    same = Target("@mariozechner/pi-coding-agent", "0.73.1", "0.73.1")
    assert changed_agents(packages, [binary, same], ["droid", "pi"]) == ["droid"]
    assert bumped(PINS, [binary])["@factory/cli-linux-x64"] == "0.226.0"


def test_the_report_shows_versions_diffs_notes_and_failures() -> None:
    packages = agent_packages(pinned())
    targets = [
        Target("@mariozechner/pi-coding-agent", "0.73.1", "0.73.0", forced=True),
        Target("@anthropic-ai/claude-code", "2.1.328", "2.1.340"),
        Target("@factory/cli", "0.225.1", "0.225.1"),
        Target("@factory/cli-linux-x64", "0.225.2", "0.225.2", note="binary note"),
    ]
    diff = "--- golden/pi/order/catalog.txt\n+++ observed/pi/order/catalog.txt\n-a ```\n+b\n"
    results = [
        AgentResult("pi", targets[:1], equal=["roots"], differing=[("order", diff)]),
        AgentResult("claude-code", targets[1:2], failed=["claude-code on order: exit 1"]),
    ]
    agents = ["claude-code", "droid", "pi"]
    text = report(targets, packages, agents, results)
    assert "| pi | `@mariozechner/pi-coding-agent` | 0.73.1 | 0.73.0 (--to) |" in text
    assert "| claude-code | `@anthropic-ai/claude-code` | 2.1.328 | 2.1.340 **behind** |" in text
    assert "| droid | `@factory/cli` | 0.225.1 | 0.225.1 |" in text
    assert "- binary note" in text
    assert "1 scenarios equal, 1 differ, 0 failed." in text
    # The diff holds three backticks, so its fence is longer.
    assert "### `order` differs\n\n````diff\n" + diff + "````" in text
    assert "claude-code on order: exit 1" in text
    short = summary(targets, packages, agents, results)
    assert short.splitlines()[0] == "clientlab drift: 2 of 3 agents at another version"
    assert "  pi: @mariozechner/pi-coding-agent 0.73.1 → 0.73.0: 1 equal, 1 differ" in short
    assert "  at the newest: droid" in short


def test_an_install_failure_is_reported() -> None:
    packages = agent_packages(pinned())
    targets = [Target("@mariozechner/pi-coding-agent", "0.73.1", "9.9.9", forced=True)]
    text = report(targets, packages, ["pi"], [], "npm install failed:\nETARGET")
    assert "## Install" in text and "the install failed" in text and "ETARGET" in text
    assert "nothing to run" not in text


def _observation(catalog: str, version: str) -> Observation:
    activation = Activation("a", "", "body")
    return Observation("pi", "p", version, "order", ["a"], catalog, activation)


def test_the_golden_set_for_a_bump(tmp_path: Path) -> None:
    goldens, out = tmp_path / "goldens", tmp_path / "out"
    write_variants([_observation("one", "1.0"), _observation("two", "1.0")], goldens)
    other = dataclasses.replace(_observation("x", "1.0"), scenario="roots")
    other.write(goldens)
    # Seen again as recorded: the new version's observation leads, the variant stays.
    write_goldens([_observation("two", "2.0")], goldens, out)
    found = variants(_observation("", ""), out)
    assert [(o.catalog, o.version) for o in found] == [("two", "2.0"), ("one", "1.0")]
    assert Observation.read(other.folder(out)).catalog == "x"  # copied untouched
    assert [o.version for o in variants(_observation("", ""), goldens)] == ["1.0", "1.0"]
    # Something new: it alone is the golden, the old variants no longer describe the agent.
    write_goldens([_observation("three", "2.0")], goldens, out)
    assert [o.catalog for o in variants(_observation("", ""), out)] == ["three"]


def test_a_bad_to_exits_2_before_asking_npm() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "clientlab", "drift", "--to", "left-pad=1.0.0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "left-pad is not pinned" in result.stderr


def test_the_report_of_an_up_to_date_lab_says_nothing_ran() -> None:
    pins = json.loads((ROOT / "clientlab" / "agents" / "package.json").read_text())
    pi = "@mariozechner/pi-coding-agent"
    targets = [Target(pi, pins["dependencies"][pi], pins["dependencies"][pi])]
    text = report(targets, agent_packages(pinned()), ["pi"], [])
    assert "nothing to run" in text
