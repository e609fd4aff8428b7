"""`python -m clientlab.mention_probe observe|diff [--agent ID ...]`: which prompt forms make
each lab agent activate a skill by name (the rows' `Client.mentions`).

Every agent runs once per prompt in a workspace of one project skill, `probe-skill`, and,
for an agent whose namespaced plugins the lab can load (Claude Code's `--plugin-dir`), a
plugin `probe-plugin` with a skill of the same name. Each body holds a marker no catalog
shows. The mock model calls no tool, so a marker in a request was put there by the agent:
the prompt activated that skill. Otherwise the request shows the prompt as written, or no
request carried it (the agent answered by itself). `observe` writes
`goldens/mention-forms.json`; `diff` exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clientlab.drivers import DRIVERS
from clientlab.drivers.base import model_requests
from clientlab.install import Installed, InstallError, ensure_agents
from clientlab.mention_classify import ACTIVATED, Outcome, answer_of, classify
from clientlab.observation import GOLDENS, normalise
from clientlab.runner import PARALLEL, LabFolders, RunFailed, launch
from clientlab.scenario_model import Scenario, skill
from clientlab.scenarios import materialise
from skill_ls.clients.mention_forms import MentionForm

GOLDEN = GOLDENS / "mention-forms.json"
SKILL = "probe-skill"
PLUGIN = "probe-plugin"
PROJECT_SKILL, PLUGIN_SKILL = "project probe-skill", "plugin probe-skill"
MARKERS = {
    PROJECT_SKILL: "MENTION-PROBE-BODY-PROJECT-7f3a",
    PLUGIN_SKILL: "MENTION-PROBE-BODY-PLUGIN-7f3a",
}

# prompt → the form it is (None: a name no skill has) and the skill it names.
PROMPTS: dict[str, tuple[MentionForm | None, str | None]] = {
    f"/{SKILL}": ("slash", PROJECT_SKILL),
    f"${SKILL}": ("dollar", PROJECT_SKILL),
    f"/skill:{SKILL}": ("skill-prefix", PROJECT_SKILL),
    f"/{PLUGIN}:{SKILL}": ("plugin", PLUGIN_SKILL),
    "/no-such-skill": (None, None),
    "$no-such-skill": (None, None),
}


@dataclass(frozen=True)
class Bundle:
    """Where the lab puts an agent's bundle (`{base}`, `{home}`: the run's folders), its
    manifest, and the arguments that load it."""

    folder: str
    manifest: str
    manifest_text: str
    args: tuple[str, ...] = ()

    def install(self, folders: LabFolders) -> list[str]:
        root = self.folder.format(base=folders.base, home=folders.home)
        files = {
            self.manifest: self.manifest_text,
            f"skills/{SKILL}/SKILL.md": _skill_text(PLUGIN_SKILL),
        }
        for path, text in files.items():
            target = os.path.join(root, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            Path(target).write_text(text, encoding="utf-8")
        return [arg.format(root=root) for arg in self.args]


# The bundles whose skills are listed as `{bundle}:{skill}` (`BundleFormat.listed_as`) and that
# the lab can load. Codex's plugins install into a layout of its own (`~/.codex/plugins`, with
# records), not observed yet; Gemini CLI lists an extension's skills under their own names,
# so a `probe-skill` of an extension is the project one's (shadowed by it) and there is no
# `/plugin:name` to try. For the others `/probe-plugin:probe-skill` names nothing.
BUNDLES: dict[str, Bundle] = {
    "claude-code": Bundle(
        "{base}/plugin",
        ".claude-plugin/plugin.json",
        json.dumps({"name": PLUGIN}),
        ("--plugin-dir", "{root}"),
    ),
}


def _skill_text(which: str) -> str:
    body = f"# Probe\n\n{MARKERS[which]}: reply with the word probed.\n"
    return skill(SKILL, "Answers a mention probe. Use when asked to probe.", body)


WORKSPACE = Scenario(
    "mention-probe",
    "one project skill called by name in the prompt",
    {f"{{project}}/{SKILL}/SKILL.md": _skill_text(PROJECT_SKILL)},
)


def probe(agent: str, prompt: str, installed: Installed) -> Outcome:
    """Run `agent` once on `prompt` in a fresh probe workspace."""
    driver = DRIVERS[agent]
    folders = LabFolders.create()
    try:
        materialise(WORKSPACE, driver.project_root, folders.home, folders.workspace)
        bundle = BUNDLES.get(agent)
        extra = bundle.install(folders) if bundle else []
        launched = launch(driver, installed, folders, prompt, extra_args=extra, label=prompt)
        replacements = folders.replacements(launched.agent_dir) | {folders.base: "<BASE>"}
        markers = MARKERS if bundle else {PROJECT_SKILL: MARKERS[PROJECT_SKILL]}
        answer = answer_of(launched.stdout, launched.stderr)
        if launched.returncode != 0:
            answer = f"(exit {launched.returncode}) {answer}"
        found = classify(
            prompt, model_requests(launched.requests), markers, PROMPTS[prompt][1], answer
        )
        return Outcome(found.outcome, normalise(found.evidence, replacements))
    finally:
        shutil.rmtree(folders.base, ignore_errors=True)


def observe(agents: Sequence[str], installed: Installed) -> dict[str, Any]:
    """Each agent's entry: package, version, whether a bundle was loaded, outcome per prompt."""
    jobs = [(agent, prompt) for agent in agents for prompt in PROMPTS]

    def run(job: tuple[str, str]) -> Outcome:
        try:
            return probe(*job, installed)
        except RunFailed as error:
            return Outcome("failed", str(error).splitlines()[0])

    with ThreadPoolExecutor(PARALLEL) as pool:
        outcomes = list(pool.map(run, jobs))
    found: dict[str, Any] = {}
    for (agent, prompt), outcome in zip(jobs, outcomes, strict=True):
        driver = DRIVERS[agent]
        entry = found.setdefault(
            agent,
            {
                "package": driver.package,
                "version": installed.version(driver.package),
                "bundle": agent in BUNDLES,
                "prompts": {},
            },
        )
        entry["prompts"][prompt] = outcome.as_json()
    return found


def honoured(entry: dict[str, Any]) -> frozenset[MentionForm]:
    """The forms a golden entry says activate the skill they name."""
    forms: set[MentionForm] = set()
    for prompt, seen in entry["prompts"].items():
        form = PROMPTS[prompt][0]
        if form is not None and seen["outcome"] == ACTIVATED:
            forms.add(form)
    return frozenset(forms)


def load(path: Path = GOLDEN) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else {}


def write(golden: dict[str, Any], path: Path = GOLDEN) -> None:
    ordered = {agent: golden[agent] for agent in sorted(golden)}
    path.write_text(json.dumps(ordered, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def differences(golden: dict[str, Any], observed: dict[str, Any]) -> list[str]:
    """One line per value the observation gives otherwise than the golden."""
    lines: list[str] = []
    for agent, entry in observed.items():
        recorded = golden.get(agent)
        if recorded is None:
            lines.append(f"{agent}: not in the golden")
            continue
        for key in ("package", "version", "bundle"):
            if recorded.get(key) != entry[key]:
                lines.append(f"{agent} {key}: golden {recorded.get(key)!r}, seen {entry[key]!r}")
        for prompt, seen in entry["prompts"].items():
            before = recorded["prompts"].get(prompt)
            if before != seen:
                lines.append(f"{agent} {prompt}: golden {before}, seen {seen}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="clientlab.mention_probe", description=__doc__)
    parser.add_argument("command", choices=("observe", "diff"))
    parser.add_argument("--agent", action="append", choices=sorted(DRIVERS))
    parser.add_argument("--golden", type=Path, default=GOLDEN)
    args = parser.parse_args(argv)
    try:
        installed = ensure_agents()
    except InstallError as error:
        print(f"mention_probe: could not install the agents: {error}", file=sys.stderr)
        return 2
    started = time.monotonic()
    observed = observe(args.agent or sorted(DRIVERS), installed)
    for agent, entry in observed.items():
        print(f"{agent} {entry['version']}")
        for prompt, seen in entry["prompts"].items():
            print(f"  {prompt:26} {seen['outcome']:24} {seen['evidence']}")
    failed = sum(
        seen["outcome"] == "failed"
        for entry in observed.values()
        for seen in entry["prompts"].values()
    )
    golden = load(args.golden)
    changed = differences(golden, observed)
    if args.command == "observe":
        if not failed:
            write(golden | observed, args.golden)
    else:
        for line in changed:
            print(f"DIFFERS {line}")
    elapsed = time.monotonic() - started
    print(
        f"mention_probe {args.command}: {len(observed)} agents, {failed} runs failed, "
        f"{len(changed)} differ from the golden ({elapsed:.0f} s)"
    )
    if failed:
        return 1
    return 1 if args.command == "diff" and changed else 0


if __name__ == "__main__":
    sys.exit(main())
