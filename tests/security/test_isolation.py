"""No network, ever, and nothing of a skill executed: every server feature and every CLI
command, run in a fresh network namespace (`unshare -n`: no interfaces, not even
loopback) and under strace's network trace.

The skill used has a `scripts/evil.py` (and a `scripts/__init__.py`, a `conftest.py`, a
`sitecustomize.py` and a `.pth` file beside SKILL.md, the usual ways to get imported by
accident) that would create a marker file if run or imported; the marker never appears.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import CLI_MEMORY, REPO, child_env, needs, python_argv, run_limited, server_argv
from .wire import WireClient

UNSHARE = ["unshare", "-n"]


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    try:
        return subprocess.run([*UNSHARE, "true"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


needs_unshare = needs(_unshare_works(), "needs `unshare -n` (root, or user namespaces)")
needs_strace = needs(shutil.which("strace") is not None, "needs strace")

SKILL = """\
---
name: tools
description: Runs the tools. Use when the user asks for tools.
allowed-tools: Bash(python scripts/evil.py) Read
metadata:
  homepage: https://example.com/tools
---
# Tools

Run `scripts/evil.py` (see [the script](scripts/evil.py), [docs](https://example.com/docs),
[guide](references/guide.md) and ![logo](https://example.com/logo.png)).

$ARGUMENTS and ${CLAUDE_SKILL_DIR}/scripts/evil.py
"""


@pytest.fixture
def workspace(tmp_path: Path) -> Iterator[Path]:
    marker = tmp_path / "EXECUTED"
    evil = f"import pathlib\npathlib.Path({str(marker)!r}).write_text('executed')\n"
    skill = tmp_path / "ws" / ".agents" / "skills" / "tools"
    (skill / "scripts").mkdir(parents=True)
    (skill / "references").mkdir()
    (skill / "SKILL.md").write_text(SKILL)
    (skill / "references" / "guide.md").write_text("# Guide\n")
    for name in (
        "scripts/evil.py",
        "scripts/__init__.py",
        "conftest.py",
        "sitecustomize.py",
        "setup.py",
        "__main__.py",
    ):
        (skill / name).write_text(evil)
    (skill / "evil.pth").write_text(
        f"import pathlib; pathlib.Path({str(marker)!r}).write_text('pth')\n"
    )
    (skill / "agents").mkdir()
    (skill / "agents" / "openai.yaml").write_text("policy:\n  allow_implicit_invocation: true\n")
    yield tmp_path / "ws"
    assert not marker.exists(), f"a file from the skill was executed: {marker.read_text()}"


def _positions(text: str, needles: list[str]) -> list[dict[str, int]]:
    lines = text.split("\n")
    found = []
    for needle in needles:
        for number, line in enumerate(lines):
            column = line.find(needle)
            if column != -1:
                found.append({"line": number, "character": column + 1})
                break
    return found


def exercise_every_feature(client: WireClient, workspace: Path) -> list[Any]:
    """One request of every kind the server advertises, plus every command."""
    results: list[Any] = []
    capabilities = client.initialize(workspace, pull=True)["capabilities"]
    client.wait_for(lambda: any("found" in m for m in client.log_messages()))
    skill_md = workspace / ".agents" / "skills" / "tools" / "SKILL.md"
    uri = skill_md.as_uri()
    text = skill_md.read_text()
    client.open(uri, text)
    doc = {"textDocument": {"uri": uri}}
    for position in _positions(
        text, ["name", "description", "allowed-tools", "evil.py", "guide", "https", "ARGUMENTS"]
    ):
        at = {**doc, "position": position}
        results.append(client.request("textDocument/hover", at))
        results.append(client.request("textDocument/completion", at))
        results.append(client.request("textDocument/definition", at))
        results.append(
            client.request(
                "textDocument/references", {**at, "context": {"includeDeclaration": True}}
            )
        )
        results.append(client.request("textDocument/prepareRename", at))
    rng = {"start": {"line": 0, "character": 0}, "end": {"line": 12, "character": 0}}
    results.append(
        client.request(
            "textDocument/codeAction", {**doc, "range": rng, "context": {"diagnostics": []}}
        )
    )
    for method in (
        "textDocument/documentSymbol",
        "textDocument/documentLink",
        "textDocument/foldingRange",
        "textDocument/diagnostic",
    ):
        results.append(client.request(method, doc))
    results.append(client.request("workspace/symbol", {"query": "t"}))
    results.append(client.request("workspace/diagnostic", {"previousResultIds": []}))
    rename_at = {**doc, "position": _positions(text, ["tools"])[0], "newName": "tools-two"}
    results.append(client.request("textDocument/rename", rename_at))
    commands = capabilities["executeCommandProvider"]["commands"]
    arguments = {
        "skill-ls.lintSkill": [uri],
        "skill-ls.readResource": ["tools", "scripts/evil.py"],
        "skill-ls.previewCatalog": [uri, "claude-code"],
        "skill-ls.previewActivation": [uri, "claude-code"],
    }
    for command in commands:
        results.append(
            client.request(
                "workspace/executeCommand",
                {"command": command, "arguments": arguments.get(command, [])},
            )
        )
    for client_id in ("codex", "copilot", "gemini-cli", "opencode", "pi", "agentskills"):
        results.append(
            client.request(
                "workspace/executeCommand",
                {"command": "skill-ls.previewActivation", "arguments": [uri, client_id]},
            )
        )
        results.append(
            client.request(
                "workspace/executeCommand",
                {"command": "skill-ls.previewCatalog", "arguments": [uri, client_id]},
            )
        )
    client.change(uri, 2, [{"text": text.replace("Runs the tools.", "Runs: the tools.")}])
    results.append(client.request("textDocument/diagnostic", doc))
    client.notify(
        "workspace/didChangeWatchedFiles",
        {"changes": [{"uri": (skill_md.parent / "scripts" / "evil.py").as_uri(), "type": 2}]},
    )
    client.notify(
        "workspace/didChangeConfiguration", {"settings": {"skillLs": {"targetClients": ["codex"]}}}
    )
    client.notify("textDocument/didSave", doc)
    client.close(uri)
    client.ping()
    return results


@needs_unshare
def test_every_server_feature_without_a_network(workspace: Path) -> None:
    client = WireClient(cwd=workspace, argv=[*UNSHARE, *server_argv()])
    try:
        results = exercise_every_feature(client, workspace)
        assert results
        assert client.shutdown() == 0, client.stderr_tail()
        assert client.framing_error is None
    finally:
        client.kill()


@needs_unshare
def test_every_cli_command_without_a_network(workspace: Path) -> None:
    for args in (
        ["check", "."],
        ["check", "--format", "sarif", "."],
        ["skills", "."],
        ["skills", "--format", "json", "."],
        ["catalog", "."],
        ["catalog", "--client", "codex", "."],
        ["activate", "tools", "."],
        ["schema", "--client", "claude-code"],
        ["rules"],
        ["explain", "SKL404"],
    ):
        proc = run_limited(
            [*UNSHARE, *python_argv("-m", "skill_ls", *args)], memory=CLI_MEMORY, cwd=workspace
        )
        assert proc.returncode in (0, 1), (args, proc.stderr.decode()[-2000:])


_INET = re.compile(r"socket\((AF_INET6?|AF_PACKET|AF_NETLINK)")


@needs_strace
def test_no_internet_socket_is_ever_opened(workspace: Path, tmp_path: Path) -> None:
    """With the network up, strace shows the server and the CLI never open an internet
    socket (the event loop's own socketpair is AF_UNIX)."""
    trace = tmp_path / "net.trace"
    argv = ["strace", "-f", "-qq", "-e", "trace=socket,connect", "-o", str(trace), *server_argv()]
    client = WireClient(cwd=workspace, argv=argv, env=child_env())
    try:
        exercise_every_feature(client, workspace)
        assert client.shutdown() == 0
    finally:
        client.kill()
    cli_trace = tmp_path / "cli.trace"
    run_limited(
        [
            "strace",
            "-f",
            "-qq",
            "-e",
            "trace=socket,connect",
            "-o",
            str(cli_trace),
            *python_argv("-m", "skill_ls", "check", "--format", "sarif", "."),
        ],
        cwd=workspace,
    )
    for path in (trace, cli_trace):
        inet = [line for line in path.read_text().splitlines() if _INET.search(line)]
        assert inet == [], f"{path.name}: {inet[:3]}"


@pytest.mark.parametrize("launch", ["console-script", "python-S-m-safepath"])
def test_server_started_inside_the_skill_imports_nothing_from_it(
    workspace: Path, launch: str
) -> None:
    """Editors start servers with the workspace as working folder. Started there the two
    documented ways (the `skill-ls` script; the VS Code extension's `python -S -m skill_ls
    serve` with PYTHONSAFEPATH), the server imports nothing from it, even modules named
    like its own dependencies."""
    skill = workspace / ".agents" / "skills" / "tools"
    evil = (skill / "conftest.py").read_text()
    for name in ("json.py", "typing_extensions.py", "attr.py", "cattrs.py", "pathspec.py"):
        (skill / name).write_text(evil)
    for package in ("skill_ls", "pygls", "lsprotocol", "ruamel"):
        (skill / package).mkdir()
        (skill / package / "__init__.py").write_text(evil)
    script = Path(sys.executable).parent / "skill-ls"
    if launch == "console-script":
        if not script.exists():
            pytest.skip("no skill-ls console script next to the interpreter")
        argv, env = [str(script), "serve"], child_env()
    else:
        site_packages = [p for p in sys.path if p.endswith("site-packages")]
        pythonpath = os.pathsep.join([str(REPO), *site_packages])
        argv = [sys.executable, "-S", "-m", "skill_ls", "serve"]
        env = child_env(PYTHONPATH=pythonpath, PYTHONSAFEPATH="1")
    client = WireClient(cwd=skill, argv=argv, env=env)
    try:
        exercise_every_feature(client, workspace)
        assert client.shutdown() == 0, client.stderr_tail()
    finally:
        client.kill()
