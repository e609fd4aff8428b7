"""The extension in a real VS Code workbench: code-server with the built .vsix, driven by
playwright-core through Debian's Chromium, on 127.0.0.1 only.

The tools come from vscode-extension/scripts/e2e-setup.sh and are cached in $SKILL_LS_TOOLS
(default ~/.cache/skill-ls-tools): about four minutes from nothing, under a second after.
The browser script is vscode-extension/scripts/e2e.mjs; screenshots and logs go to
test-artifacts/vscode-e2e/.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from .conftest import EXTENSION, REPO, run, skip_or_fail, tail

WORKSPACE = REPO / "examples"
BROKEN_SKILL = ".claude/skills/deploy/SKILL.md"  # relative to WORKSPACE; see examples/README.md
ARTIFACTS = REPO / "test-artifacts" / "vscode-e2e"

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def tools() -> dict[str, str]:
    started = time.monotonic()
    result = run(["bash", str(EXTENSION / "scripts" / "e2e-setup.sh")], timeout=1500)
    if result.returncode != 0:
        why = f"exit {result.returncode}:\n{tail(result.stderr)}"
        skip_or_fail(f"the end-to-end tools could not be installed ({why})")
    found = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
    print(f"e2e-setup took {time.monotonic() - started:.0f} s")
    return found


@pytest.fixture(scope="module")
def vsix(tmp_path_factory: pytest.TempPathFactory, extension_packages: Path) -> Path:
    out = tmp_path_factory.mktemp("vsix") / "skill-ls.vsix"
    env = {**os.environ, "PYTHON": sys.executable}
    build = ["bash", str(EXTENSION / "scripts" / "build-vsix.sh"), str(out)]
    result = run(build, env=env, timeout=900)
    output = tail(result.stdout + result.stderr)
    assert result.returncode == 0, f"building the .vsix failed:\n{output}"
    return out


def test_diagnostics_completion_and_previews_in_vscode(
    node: str, tools: dict[str, str], vsix: Path
) -> None:
    skill = WORKSPACE / BROKEN_SKILL
    assert skill.is_file(), f"{skill} is gone: point BROKEN_SKILL at a broken example"
    # The extension looks for python3 on PATH: make that this interpreter (3.11+).
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    env = {**os.environ, "PATH": path}
    # fmt: off
    cmd = [
        node, str(EXTENSION / "scripts" / "e2e.mjs"),
        "--code-server", tools["CODE_SERVER"],
        "--node24", tools["NODE24"],
        "--chromium", tools["CHROMIUM"],
        "--vsix", str(vsix),
        "--workspace", str(WORKSPACE),
        "--file", BROKEN_SKILL,
        "--artifacts", str(ARTIFACTS),
        "--expect-code", "SKL",
        "--expect-completion", "license,compatibility,metadata",
    ]
    # fmt: on
    result = run(cmd, cwd=EXTENSION, env=env, timeout=400)
    where = f"screenshots and logs: {ARTIFACTS}"
    assert result.returncode == 0, f"{result.stderr}\n{tail(result.stdout, 80)}\n({where})"
    summary = json.loads(result.stdout)

    ours = summary["diagnostics"]
    assert all(d["source"] == "skill-ls" for d in ours)
    codes = {d["code"]["value"] if isinstance(d["code"], dict) else d["code"] for d in ours}
    assert all(str(c).startswith("SKL") for c in codes), codes
    assert "skill-ls" in summary["problemsText"]

    assert {"license", "compatibility", "metadata"} & set(summary["completionLabels"])

    name, description = summary["expected"]["name"], summary["expected"]["description"]
    assert name in summary["catalogText"]
    assert description[:40] in summary["catalogText"]
    # The preview is Claude Code's catalog: it keys a skill by its folder and lists a `name`
    # that differs beside it, `deploy (Deploy_Helper)`.
    assert summary["catalogResult"]["client"] == "claude-code"
    folder = Path(BROKEN_SKILL).parent.name
    assert f"{folder} ({name})" in summary["catalogText"]
    entries = summary["catalogResult"]["entries"]
    assert any(e["name"] == folder and e["description"] == description for e in entries), entries
    assert "Activation of" in summary["activationText"]
    assert "Live preview marker 4711" in summary["liveText"], "the preview did not follow typing"
    assert summary["server"] == "running"
    assert summary["status"]["text"].startswith("Skill LS: "), summary["status"]
    assert summary["status"]["severity"] == "information"
    shots = ("1-diagnostics", "2-completion", "3-catalog-preview", "4-activation-preview")
    for shot in (*shots, "5-live-update"):
        assert (ARTIFACTS / f"{shot}.png").is_file()
