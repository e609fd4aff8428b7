"""The extension in a real VS Code workbench: code-server with the built .vsix, driven by
playwright-core through Debian's Chromium, on 127.0.0.1 only.

The tools come from vscode-extension/scripts/e2e-setup.sh and are cached in $SKILL_LS_TOOLS
(default ~/.cache/skill-ls-tools): about four minutes from nothing, under a second after.
The browser script is vscode-extension/scripts/e2e.mjs; screenshots and logs go to
test-artifacts/vscode-e2e/. With SKILL_LS_SCREENSHOTS=<folder> (scripts/screenshots.sh sets it
to docs/images) the pictures the READMEs show are written there too.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import EXTENSION, FIXTURES, REPO, e2e_env, run, tail

WORKSPACE = REPO / "examples"
BROKEN_SKILL = ".claude/skills/deploy/SKILL.md"  # relative to WORKSPACE; see examples/README.md
ARTIFACTS = REPO / "test-artifacts" / "vscode-e2e"

pytestmark = pytest.mark.e2e

# What VS Code's own checks (code-server 4.139.1) say about BROKEN_SKILL, and our codes for the
# same problems: by default the Problems panel shows VS Code's and not ours.
VSCODE_FINDINGS = (
    "Skill name may only contain lowercase letters, numbers, and hyphens.",
    "The skill name 'Deploy_Helper' should match the folder name 'deploy'.",
    "File 'references/runbook.md' not found at",
)
HIDDEN_CODES = {"SKL104", "SKL106", "SKL403"}
# A Claude Code plugin manifest whose `name` has a space, copied into the workspace at MANIFEST.
MANIFEST_FIXTURE = FIXTURES / "plugin" / ".claude-plugin" / "plugin.json"
MANIFEST = "e2e-plugin/.claude-plugin/plugin.json"
# A CLAUDE.md calling `/deplyo` (the workspace has a skill `deploy`), copied in at INSTRUCTION.
INSTRUCTION_FIXTURE = FIXTURES / "instructions" / "CLAUDE.md"
INSTRUCTION = "CLAUDE.md"
# The skill its `/code-review` names (in WORKSPACE), and the name the test renames it to; a
# Claude Code command file that calls it too, copied in at COMMAND.
MENTIONED, RENAMED = "code-review", "code-check"
COMMAND_FIXTURE = FIXTURES / "instructions" / "review-command.md"
COMMAND = ".claude/commands/review.md"
# An AGENTS.md calling `$release-note` (Codex reads it; its skill is `release-notes`) and
# `$code-review`, which Codex does not resolve: a rename of the Claude Code skill leaves it.
AGENTS_FIXTURE = FIXTURES / "instructions" / "AGENTS.md"
AGENTS = "AGENTS.md"
SEVERITIES = {"error": 0, "warning": 1, "info": 2, "hint": 3}  # vscode.DiagnosticSeverity

# A repository the user does not trust: its .vscode/settings.json sets skillLs.docsUrl to a
# command: link, its .skill-ls.toml ignores SKL453 (the short description); SKL301 (an unknown
# field) is reported either way.
UNTRUSTED_REPO = FIXTURES / "untrusted-repo"
UNTRUSTED_SKILL = ".claude/skills/demo/SKILL.md"
TOML_IGNORED = "SKL453"
ALWAYS = "SKL301"


def main_scenario(
    node: str, tools: dict[str, str], vsix: Path, artifacts: Path, *extra: str
) -> dict[str, Any]:
    """Run e2e.mjs's main scenario on BROKEN_SKILL (extra: more of its options); its summary."""
    skill = WORKSPACE / BROKEN_SKILL
    assert skill.is_file(), f"{skill} is gone: point BROKEN_SKILL at a broken example"
    # fmt: off
    return run_scenario(
        node, tools, vsix, artifacts,
        "--expect-code", "SKL",
        "--expect-completion", "license,compatibility,metadata",
        "--expect-problems", "|".join(VSCODE_FINDINGS),
        "--expect-absent", "|".join(sorted(HIDDEN_CODES)),
        "--manifest-fixture", str(MANIFEST_FIXTURE),
        "--manifest", MANIFEST,
        "--expect-manifest-code", "SKL602",
        "--instruction-fixture", str(INSTRUCTION_FIXTURE),
        "--instruction", INSTRUCTION,
        "--expect-instruction-code", "SKL701",
        "--mention-skill", MENTIONED, "--mention-rename", RENAMED,
        "--command-fixture", str(COMMAND_FIXTURE), "--command", COMMAND,
        "--agents-fixture", str(AGENTS_FIXTURE), "--agents", AGENTS,
        *extra,
    )
    # fmt: on


def run_scenario(
    node: str, tools: dict[str, str], vsix: Path, artifacts: Path, *options: str
) -> dict[str, Any]:
    """Run e2e.mjs on BROKEN_SKILL in WORKSPACE with `options`; its summary."""
    # fmt: off
    cmd = [
        node, str(EXTENSION / "scripts" / "e2e.mjs"),
        "--code-server", tools["CODE_SERVER"],
        "--node24", tools["NODE24"],
        "--chromium", tools["CHROMIUM"],
        "--vsix", str(vsix),
        "--workspace", str(WORKSPACE),
        "--file", BROKEN_SKILL,
        "--artifacts", str(artifacts),
        *options,
    ]
    # fmt: on
    if os.environ.get("SKILL_LS_SCREENSHOTS"):
        cmd += ["--screenshots", str(Path(os.environ["SKILL_LS_SCREENSHOTS"]).resolve())]
    # The extension looks for python3 on PATH: e2e_env() makes that this interpreter (3.11+).
    result = run(cmd, cwd=EXTENSION, env=e2e_env(), timeout=900)
    where = f"screenshots and logs: {artifacts}"
    assert result.returncode == 0, f"{result.stderr}\n{tail(result.stdout, 80)}\n({where})"
    (artifacts / "summary.json").write_text(result.stdout, encoding="utf-8")
    summary: dict[str, Any] = json.loads(result.stdout)
    return summary


def test_diagnostics_completion_and_previews_in_vscode(
    node: str, tools: dict[str, str], vsix: Path
) -> None:
    summary = main_scenario(node, tools, vsix, ARTIFACTS)
    check_main_scenario(summary, ARTIFACTS)
    assert summary["launch"]["kind"] == "bundled", summary["launch"]
    assert "Served by Python (" in summary["status"]["detail"], summary["status"]


def test_no_python_in_vscode(node: str, tools: dict[str, str], vsix: Path) -> None:
    """Every Python hidden from the extension (none on code-server's PATH, no
    skillLs.interpreter, no Python extension): the bundled WebAssembly runtime serves, and the
    whole main scenario holds as it does under Python."""
    artifacts = ARTIFACTS / "no-python"
    summary = main_scenario(
        node, tools, vsix, artifacts, "--hide-python", "yes", "--timeout", "600"
    )
    check_main_scenario(summary, artifacts)
    assert summary["launch"] == {"kind": "wasm", "why": "no-python"}, summary["launch"]
    served = "Served by the bundled WebAssembly Python: no Python 3.11 or newer was found."
    assert summary["status"]["detail"].endswith(served), summary["status"]
    # What the user sees: the status item's hover in the workbench says it too.
    assert "WebAssembly" in summary["runtimeHover"], summary["runtimeHover"]
    assert (artifacts / "2b-runtime.png").is_file()


def check_main_scenario(summary: dict[str, Any], artifacts: Path) -> None:
    """What the main scenario must show, whatever runtime serves."""
    ours = summary["diagnostics"]
    assert all(d["source"] == "skill-ls" for d in ours)
    codes = {d["code"]["value"] if isinstance(d["code"], dict) else d["code"] for d in ours}
    assert all(str(c).startswith("SKL") for c in codes), codes
    assert "skill-ls" in summary["problemsText"]

    # One copy of each problem: VS Code's own finding shows, our repeat of it does not; SKL301
    # stays (ours is judged for the target agents and names them).
    problems = summary["problemsText"]
    for text in VSCODE_FINDINGS:
        assert problems.count(text) == 1, text
    assert not codes & HIDDEN_CODES, codes
    # The panel draws each finding's code on a line of its own.
    assert not HIDDEN_CODES & set(problems.splitlines()), problems
    assert {"SKL124", "SKL301", "SKL404"} <= codes, codes
    # VS Code checks only what an editor shows: once no editor shows the file, ours come back.
    assert set(summary["codesWhenNotShown"]) >= HIDDEN_CODES | {"SKL124", "SKL301", "SKL404"}

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

    # The code lens names the agents that load the skill.
    assert summary["codeLens"].startswith("Loaded by Claude Code"), summary["codeLens"]

    # Another agent picked in the panel, the panel scrolled, then typing in the description:
    # the catalog shows the new description, for the same agent, at the same scroll position.
    live = summary["liveResult"]
    assert live["client"] == "cursor"
    [entry] = [e for e in live["entries"] if e["location"].endswith(f"/{folder}/SKILL.md")]
    assert entry["description"] == f"{description} Live preview marker 4711"
    assert f"{description} Live preview marker 4711" in summary["liveText"]
    assert summary["scrollBefore"] > 0
    assert summary["scrollAfter"] == summary["scrollBefore"]
    # Only the workspace's skills and the agent's built-in ones (no location): the machine's own
    # user folders stay out (the workbench runs with a home of its own).
    entries = [e for e in summary["liveResult"]["entries"] if e["location"]]
    inside = f"/{WORKSPACE.name}/"
    assert all(inside in e["location"] for e in entries), [e["location"] for e in entries]
    assert f"{description} Live preview marker 4711" in summary["liveText"]

    check_skills_view(summary)
    check_manifest(summary)
    check_instruction_file(summary)
    check_mention_navigation(summary)
    check_crashes(summary)
    assert summary["server"] == "running"
    assert summary["status"]["text"].startswith("Skill LS: "), summary["status"]
    assert summary["status"]["severity"] == "information"
    shots = (
        "1-diagnostics",
        "1b-code-lens",
        "2-completion",
        "3-catalog-preview",
        "7b-manifest",
        "7c-instruction",
        "7d-mention-completion",
        "7e-definition",
        "7f-rename",
        "7g-agents-md",
    )
    for shot in (*shots, "4-activation-preview", "5-live-update", "6-skills-view", "9-gave-up"):
        assert (artifacts / f"{shot}.png").is_file()


def check_instruction_file(summary: dict[str, Any]) -> None:
    """A CLAUDE.md is sent to the server by its path: it stays Markdown (VS Code's own outline
    of it still answers) and gets its mention finding, and no other finding of ours."""
    editor = summary["instructionEditor"]
    assert editor["uri"].endswith(f"/{INSTRUCTION}"), editor
    assert editor["language"] == "markdown", editor
    # The top-level symbols (the one H1; its sections are its children), however the Markdown
    # extension marks a heading's level in a name.
    assert [name.lstrip("# ") for name in editor["symbols"]] == ["Working in this repository"]
    ours = [d for d in summary["instructionDiagnostics"] if d["source"] == "skill-ls"]
    codes = [d["code"]["value"] if isinstance(d["code"], dict) else d["code"] for d in ours]
    assert codes == ["SKL701"], ours
    [finding] = ours
    assert "'/deplyo'" in finding["message"] and "'/deploy'" in finding["message"], finding
    assert finding["range"] == [4, 4, 4, 11], finding
    assert "SKL701" in summary["instructionProblemsText"]


def check_mention_navigation(summary: dict[str, Any]) -> None:
    """From the CLAUDE.md: `/co` completes to `/code-review`; F12 on the mention opens the skill;
    the references from its `name:` include the mention; F2 renames the skill, its mentions
    (the CLAUDE.md's and a command file's, never opened) and its folder in one edit, and not
    the AGENTS.md, whose agent does not resolve it; the AGENTS.md gets its own finding."""
    # `/co` typed on a new line: completion offers the skill, and accepting it writes it.
    assert f"/{MENTIONED}" in summary["mentionCompletion"], summary["mentionCompletion"]
    assert summary["mentionAccepted"] == f"Then /{MENTIONED}"
    skill_md = f"/.claude/skills/{MENTIONED}/SKILL.md"
    assert summary["definition"].endswith(skill_md), summary["definition"]
    line = next(
        number
        for number, text in enumerate(INSTRUCTION_FIXTURE.read_text(encoding="utf-8").splitlines())
        if f"/{MENTIONED}" in text
    )
    # The mention as written, `/code-review`.
    column = (
        INSTRUCTION_FIXTURE.read_text(encoding="utf-8").splitlines()[line].index(f"/{MENTIONED}")
    )
    mention = [line, column, line, column + 1 + len(MENTIONED)]
    found = {(r["uri"].rsplit("/", 1)[-1], tuple(r["range"])) for r in summary["references"]}
    assert (INSTRUCTION, tuple(mention)) in found, summary["references"]
    renamed = summary["renamed"]
    assert renamed["folderMoved"], renamed
    # Keyed `CLAUDE.md` and `code-check/SKILL.md`.
    texts = {_short(d["uri"]): d["text"] for d in renamed["documents"]}
    assert f"run /{RENAMED} first." in texts[INSTRUCTION], texts
    assert "/deplyo" in texts[INSTRUCTION]  # the other mention is left as it was
    # Codex reads the AGENTS.md and does not resolve its `$code-review`: left as it was.
    assert renamed["agentsOnDisk"] == AGENTS_FIXTURE.read_text(encoding="utf-8")
    [finding] = summary["agentsDiagnostics"]
    assert finding["code"]["value"] == "SKL701", finding
    assert finding["message"] == (
        "'$release-note' calls no skill OpenAI Codex knows; did you mean '$release-notes'?"
    )
    assert finding["range"] == [2, 22, 2, 35], finding
    assert renamed["commandOnDisk"] == COMMAND_FIXTURE.read_text(encoding="utf-8").replace(
        f"/{MENTIONED} ", f"/{RENAMED} "
    )
    assert f"\nname: {RENAMED}\n" in texts[f"{RENAMED}/SKILL.md"], texts


def _short(uri: str) -> str:
    return uri.split("/skills/", 1)[1] if "/skills/" in uri else uri.rsplit("/", 1)[-1]


def test_untrusted_repository_in_vscode(node: str, tools: dict[str, str], vsix: Path) -> None:
    """Restricted Mode: the repository's configuration and restricted settings do not apply, the
    server starts by an absolute interpreter outside the workspace; trusted: the .skill-ls.toml
    applies, and no code link is anything but https: or file:."""
    artifacts = ARTIFACTS / "trust"
    # fmt: off
    cmd = [
        node, str(EXTENSION / "scripts" / "e2e.mjs"),
        "--scenario", "trust",
        "--code-server", tools["CODE_SERVER"],
        "--node24", tools["NODE24"],
        "--chromium", tools["CHROMIUM"],
        "--vsix", str(vsix),
        "--workspace", str(UNTRUSTED_REPO),
        "--file", UNTRUSTED_SKILL,
        "--artifacts", str(artifacts),
        "--expect-code", ALWAYS,
        "--timeout", "300",
    ]
    # fmt: on
    started = time.monotonic()
    result = run(cmd, cwd=EXTENSION, env=e2e_env(), timeout=400)
    where = f"screenshots and logs: {artifacts}"
    assert result.returncode == 0, f"{result.stderr}\n{tail(result.stdout, 80)}\n({where})"
    print(f"trust scenario took {time.monotonic() - started:.0f} s")
    summary = json.loads(result.stdout)
    (artifacts / "summary.json").write_text(result.stdout, encoding="utf-8")
    workspace = summary["workspace"]
    extension_dir = summary["extensionsDir"]

    for phase in ("restricted", "trustedState"):
        state = summary[phase]
        # Started by an absolute interpreter, in the extension's folder, never in the workspace.
        python = state["launch"]["python"][0]
        assert Path(python).is_absolute(), state["launch"]
        assert state["args"][0] == python, state["args"]
        assert state["cwd"].startswith(extension_dir), state["cwd"]
        assert not state["cwd"].startswith(workspace), state["cwd"]
        # Every code link is https: or file:, whatever the repository's docsUrl says.
        targets = [d["target"] for d in state["diagnostics"]]
        assert targets and all(t.startswith(("https:", "file:")) for t in targets), targets

    restricted = summary["restricted"]
    assert restricted["trusted"] is False
    codes = {d["code"] for d in restricted["diagnostics"]}
    # The repository's .skill-ls.toml does not apply: SKL453 is reported.
    assert {ALWAYS, TOML_IGNORED} <= codes, codes
    # The docs link is the shipped rules document.
    for d in restricted["diagnostics"]:
        assert d["target"].startswith(f"file://{extension_dir}"), d
        assert d["target"].endswith(f"#{d['code'].lower()}"), d
    status = restricted["status"]
    assert status["text"].endswith("(Restricted Mode)"), status
    assert status["detail"].startswith(
        "Restricted Mode: this workspace's skill-ls configuration"
    ), status

    trusted = summary["trustedState"]
    assert trusted["trusted"] is True
    assert trusted["pid"] != restricted["pid"], (
        "the server was not restarted when trust was granted"
    )
    codes = {d["code"] for d in trusted["diagnostics"]}
    # Trusted: the folder's .skill-ls.toml applies (no default from the editor overrides it).
    assert ALWAYS in codes and TOML_IGNORED not in codes, codes
    assert "Restricted" not in trusted["status"]["text"], trusted["status"]


def tree_labels(view: dict[str, Any]) -> dict[str, list[tuple[str, str, str]]]:
    """The Skills view's nodes as {group: [(skill, description, icon)]}."""
    return {
        group["label"]: [(n["label"], n["description"], n["icon"]) for n in group["children"]]
        for group in view["nodes"]
    }


def check_skills_view(summary: dict[str, Any]) -> None:
    by_agent = summary["skillsViewByAgent"]
    assert by_agent["grouping"] == "agent"
    groups = tree_labels(by_agent)
    # examples/ sets no target agents: every agent that finds a skill has a group.
    assert list(groups)[:2] == ["Agent Skills spec", "Claude Code"], list(groups)
    assert ("Deploy_Helper", ".claude/skills/deploy", "pass") in groups["Claude Code"]
    assert ("code-review", ".claude/skills/code-review", "pass") in groups["Claude Code"]
    # What the tree shows is what the dump says (first rows: the first group and its skills).
    assert summary["skillsByAgent"][0].startswith("Agent Skills spec")

    by_folder = summary["skillsViewByFolder"]
    assert by_folder["grouping"] == "folder"
    folders = list(tree_labels(by_folder))
    assert ".claude/skills (project)" in folders and ".agents/skills (project)" in folders

    # A SKILL.md created on disk: the server's index notification refreshed the view.
    after = tree_labels(summary["skillsViewAfterCreate"])
    names = [label for label, _, _ in after[".claude/skills (project)"]]
    assert names == sorted(names) and "e2e-new-skill" in names, names
    assert summary["skillsViewAfterCreate"]["loads"] > by_folder["loads"]
    # A click opens the skill; its context menu previews that skill's activation.
    assert summary["openedFromView"].endswith("/examples/.claude/skills/code-review/SKILL.md")
    followed = summary["previewFollowed"]
    assert (followed["mode"], followed["client"]) == ("catalog", "cursor")
    assert followed["skillPath"].endswith("/examples/.claude/skills/code-review/SKILL.md")
    assert '<tr class="current"><td>code-review</td>' in followed["html"]
    activation = summary["activationFromView"]
    assert (activation["name"], activation["client"]) == ("code-review", "cursor")  # as picked
    assert "Reviews a diff for bugs" in activation["text"]
    # The tree on screen: the groups by folder, the new skill drawn too.
    assert summary["skillsAfterCreate"][0].startswith(".agents/skills (project)")
    assert any(row.startswith("e2e-new-skill") for row in summary["skillsAfterCreate"])


def cli_findings(path: Path) -> list[dict[str, Any]]:
    """What `skill-ls check` reports for a file, in the shape of the extension's dump."""
    cmd = [sys.executable, "-m", "skill_ls", "check", "--format", "json", str(path)]
    result = run(cmd, cwd=REPO, timeout=120)
    assert result.returncode == 1, result.stderr
    return [
        {
            "message": d["message"],
            "severity": SEVERITIES[d["severity"]],
            "source": "skill-ls",
            "code": d["code"],
            "range": [
                d["range"]["start"]["line"],
                d["range"]["start"]["column"],
                d["range"]["end"]["line"],
                d["range"]["end"]["column"],
            ],
        }
        for d in json.loads(result.stdout)["diagnostics"]
    ]


def check_manifest(summary: dict[str, Any]) -> None:
    # The plugin manifest opened in the workbench stays a JSON document, and the server's
    # finding on it is exactly what `skill-ls check` reports (SKL602, the name with a space).
    editor = summary["manifestEditor"]
    assert editor["uri"].endswith(f"/{MANIFEST}"), editor
    assert editor["language"] == "json", editor
    ours = [
        {**d, "code": d["code"]["value"]}
        for d in summary["manifestDiagnostics"]
        if d["source"] == "skill-ls"
    ]
    expected = cli_findings(MANIFEST_FIXTURE)
    assert [d["code"] for d in expected] == ["SKL602"], expected
    assert ours == expected
    problems = summary["manifestProblemsText"]
    # The panel, filtered to the manifest, holds its group alone: the file, its folder, one
    # problem, ours.
    group = f"plugin.json{Path(MANIFEST).parent}\n1\n{expected[0]['message']}\nskill-ls\nSKL602\n"
    assert problems.strip() == f"{group}[Ln 2, Col 11]", problems
    # Opening it left the SKILL.md's findings as they were.
    assert summary["skillCodesWithManifest"] == summary["codesWhenNotShown"]


def check_crashes(summary: dict[str, Any]) -> None:
    after = summary["afterCrash"]
    assert after["server"] == "running"
    assert after["crash"] == {"count": 1, "gaveUp": False}
    assert after["status"]["detail"].startswith(
        "The server stopped unexpectedly and was restarted (once in 3 minutes)."
    ), after["status"]
    assert after["status"]["severity"] == "warning"
    assert "skill-ls" in summary["problemsAfterCrash"]
    # The Skills view lists the restarted server's skills with no "No skills found" message
    # above them, and keeps its title buttons.
    view = summary["skillsViewAfterCrash"]
    assert view["message"] == [] and view["messageLater"] == [], view
    for actions in (view["actions"], view["actionsLater"]):
        assert any(label.startswith("Group by") for label in actions), view
        assert any(label.startswith("Refresh Skills") for label in actions), view

    gave_up = summary["gaveUp"]
    assert gave_up["crash"] == {"count": 5, "gaveUp": True}
    assert gave_up["status"] == {
        "text": "Skill LS: crashed",
        "detail": "The server crashed 5 times in 3 minutes and is not restarted again.",
        "severity": "error",
        "busy": False,
    }
    assert summary["gaveUpMessage"] == (
        "Skill LS: The server crashed 5 times in 3 minutes and is not restarted again. "
        "The output has the server's last words."
    )
    assert summary["gaveUpButtons"] == ["Show Output", "Restart Server"]
    assert summary["serversLeft"] == 0


def test_vscode_for_the_web(node: str, tools: dict[str, str], vsix: Path) -> None:
    """The extension as VS Code for the Web runs it: in the browser's Web Worker extension host
    (code-server told so by remote.extensionKind), its browser entry starts the server in a Web
    Worker under the bundled WebAssembly Python and reads the workspace through
    vscode.workspace.fs (code-server's `vscode-remote:` files). Diagnostics, the code lens,
    completion and the catalog preview hold as on the machine, a skill created on disk reaches
    the server, a worker whose server failed is replaced, and no server process runs."""
    artifacts = ARTIFACTS / "web"
    summary = run_scenario(
        node,
        tools,
        vsix,
        artifacts,
        *("--scenario", "web", "--expect-code", "SKL124", "--timeout", "600"),
        *("--expect-completion", "license,compatibility,metadata"),
        *("--expect-absent", "|".join(sorted(HIDDEN_CODES))),
    )

    # Each problem once, as on the machine: VS Code's findings, and ours that they do not repeat.
    problems = summary["problemsText"]
    lines = set(problems.splitlines())
    assert {"SKL124", "SKL301", "SKL404"} <= lines, problems
    assert not HIDDEN_CODES & lines, problems
    for text in VSCODE_FINDINGS:
        assert problems.count(text) == 1, text
    assert summary["codeLens"].startswith("Loaded by Claude Code"), summary["codeLens"]
    assert {"license", "compatibility", "metadata"} & set(summary["completionLabels"])
    name = summary["expected"]["name"]
    assert f"deploy ({name})" in summary["catalogText"], summary["catalogText"]
    assert (
        "web-made: Made on disk while the web extension watched." in summary["catalogAfterCreate"]
    )
    # The worker said its server failed: a new one serves, the whole workspace again.
    assert summary["workerRestarted"] is True
    assert "SKL124" in summary["problemsAfterRestart"].splitlines()
    assert "web-made: Made on disk" in summary["catalogAfterRestart"]
    hover = summary["runtimeHover"]
    assert "VS Code for the Web" in hover and "user folders" in hover, hover
    assert summary["serverProcesses"] == 0
