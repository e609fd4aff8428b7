"""`python -m clientlab.plugin_probe`: observe Claude Code's listing and activation of a
plugin's skills again, at the pinned version, into
`tests/fixtures/plugin-marketplace-observed/claude-code.json` (which
`tests/unit/workspace/test_bundles_observed.py` requires skill-ls to reproduce byte for byte).

A copy of `tests/fixtures/plugin-marketplace` with one project skill and a `.git` folder is
the workspace; Claude Code loads the fixture's two plugins with `--plugin-dir` (an empty
HOME, the mock model): one run for the catalog and one per activated skill. Review the
fixture's diff like a golden's."""

from __future__ import annotations

import argparse
import difflib
import json
import shutil
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from clientlab.drivers import DRIVERS
from clientlab.drivers.base import Paths, ToolScript
from clientlab.install import InstallError, ensure_agents
from clientlab.observation import normalise
from clientlab.runner import LabFolders, RunFailed, launch

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "plugin-marketplace"
OBSERVED = REPO / "tests" / "fixtures" / "plugin-marketplace-observed" / "claude-code.json"
PLUGINS = ("plugins/writing", "plugins/review")
PROJECT_SKILL = {
    "path": ".claude/skills/zeta-local/SKILL.md",
    "text": "---\nname: zeta-local\ndescription: A project skill. Use for tests.\n---\nBody.\n",
}
ACTIVATED = ("writing:polish-prose", "review:summarise-pr")


def _workspace(folders: LabFolders) -> None:
    shutil.copytree(FIXTURE, folders.workspace)
    Path(folders.workspace, ".git").mkdir()
    skill = Path(folders.workspace, PROJECT_SKILL["path"])
    skill.parent.mkdir(parents=True)
    skill.write_text(PROJECT_SKILL["text"], encoding="utf-8")
    Path(folders.home).mkdir()


def _tool_call(skill: str | None, paths: Paths) -> ToolScript:
    return DRIVERS["claude-code"].tool_call(skill, "", paths)


def observe() -> dict[str, Any]:
    """What Claude Code sent its model: the catalog, and each activation's text."""
    driver = DRIVERS["claude-code"]
    installed = ensure_agents()
    extra = [arg for plugin in PLUGINS for arg in ("--plugin-dir", plugin)]
    catalog: str | None = None
    activations: dict[str, str] = {}
    for skill in (None, *ACTIVATED):
        folders = LabFolders.create()
        try:
            _workspace(folders)
            launched = launch(
                driver,
                installed,
                folders,
                driver.prompt(skill, ""),
                partial(_tool_call, skill),
                extra_args=extra,
                label=f"plugin probe {skill or 'catalog'}",
            )
            if launched.returncode != 0 or not launched.requests:
                raise RunFailed(f"exit {launched.returncode}: {launched.stderr[-2000:]}")
            replacements = folders.replacements(launched.agent_dir)
            if skill is None:
                found = driver.catalog(launched.requests)
                catalog = normalise(found, replacements) if found is not None else None
                continue
            text = driver.activation(launched.requests, skill)
            if text is None:
                raise RunFailed(f"{skill} was not activated")
            activations[skill] = normalise(text, replacements)
        finally:
            shutil.rmtree(folders.base, ignore_errors=True)
    if catalog is None:
        raise RunFailed("no catalog was sent")
    return {
        "agent": driver.agent,
        "package": driver.package,
        "version": installed.version(driver.package),
        "how": (
            "Claude Code run offline against a mock model (`claude -p ... --plugin-dir "
            "plugins/writing --plugin-dir plugins/review`, empty HOME) in a copy of "
            "tests/fixtures/plugin-marketplace with one project skill and a .git folder; the "
            "catalog and the activation text it sent its model, the workspace path written "
            "<WORKSPACE> (python -m clientlab.plugin_probe)"
        ),
        "project_skill": PROJECT_SKILL,
        "catalog": catalog,
        "activations": activations,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """`observe` writes the fixture; `diff` compares a fresh observation with it (exit 1 when
    anything differs, 2 when the agent could not run)."""
    parser = argparse.ArgumentParser(prog="clientlab.plugin_probe")
    parser.add_argument("command", nargs="?", choices=("observe", "diff"), default="observe")
    parser.add_argument("--fixture", type=Path, default=OBSERVED)
    args = parser.parse_args(argv)
    try:
        found = observe()
    except (InstallError, RunFailed) as error:
        print(f"plugin_probe: {error}", file=sys.stderr)
        return 2
    text = json.dumps(found, indent=2, ensure_ascii=False) + "\n"
    if args.command == "observe":
        args.fixture.write_text(text, "utf-8")
        print(f"plugin_probe: Claude Code {found['version']}: {args.fixture}")
        return 0
    recorded = args.fixture.read_text("utf-8")
    if text == recorded:
        print(f"plugin_probe diff: Claude Code {found['version']}: equal to the fixture")
        return 0
    diff = difflib.unified_diff(
        recorded.splitlines(keepends=True), text.splitlines(keepends=True), "fixture", "observed"
    )
    sys.stdout.writelines(diff)
    print(f"plugin_probe diff: Claude Code {found['version']} differs from {args.fixture}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
