"""Shared pieces of the reliability tests: skill folders on disk, a raw stdio server (the
security tests' strict client) and what a fresh scan or `skill-ls check` says.

The server's stderr is its log; a test ends by asserting it holds no traceback, so an
exception the server caught and logged still fails the test.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from skill_ls.checking import check_file
from skill_ls.config import load_file_settings
from skill_ls.server.commands import skill_json
from skill_ls.settings import Settings
from skill_ls.workspace import WorkspaceIndex
from tests.security.harness import server_argv
from tests.security.wire import WireClient

SKILLS = Path(".agents") / "skills"


def skill_text(name: str, description: str | None = None, extra: str = "") -> str:
    description = description or f"Does {name} things. Use when asked about {name}."
    return f"---\nname: {name}\ndescription: {description}\n{extra}---\n# {name}\n\nSteps.\n"


# How long the server may take to end after `exit` (a hang guard).
EXIT_TIMEOUT = 30


def start(cwd: Path) -> WireClient:
    """A server under the safety tests' limits, with Python's fault handler on (so that a
    hang guard that fires can show where every thread was)."""
    argv = server_argv()
    return WireClient(cwd=cwd, argv=[argv[0], "-X", "faulthandler", *argv[1:]])


def wait_exit(client: WireClient) -> int:
    """The exit status of a server told to `exit`; a server still running after
    `EXIT_TIMEOUT` fails the test with the stacks of its threads."""
    try:
        return client.proc.wait(timeout=EXIT_TIMEOUT)
    except subprocess.TimeoutExpired:
        client.proc.send_signal(signal.SIGABRT)
        time.sleep(1)
        raise AssertionError(f"no exit in {EXIT_TIMEOUT} s:\n{client.stderr_tail(20000)}") from None


def stop(client: WireClient) -> int:
    """shutdown, then exit: the exit status."""
    assert client.request("shutdown", timeout=EXIT_TIMEOUT) is None
    client.notify("exit")
    return wait_exit(client)


def write_skill(root: Path, name: str, text: str | None = None, folder: str | None = None) -> Path:
    path = root / SKILLS / (folder or name) / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(skill_text(name) if text is None else text, encoding="utf-8")
    return path


def watched(client: WireClient, changes: Iterable[tuple[Path, int]]) -> None:
    """workspace/didChangeWatchedFiles as a client sends it (1 created, 2 changed, 3 deleted)."""
    client.notify(
        "workspace/didChangeWatchedFiles",
        {"changes": [{"uri": path.as_uri(), "type": kind} for path, kind in changes]},
    )


def errors_in_log(client: WireClient) -> list[str]:
    """Lines of the server's stderr that report an exception."""
    log = client.stderr_tail(1 << 24)
    return [
        line
        for line in log.splitlines()
        if "Traceback" in line or "Error:" in line or "failed" in line or "Exception" in line
    ]


def settings_of(folder: Path) -> Settings:
    settings, problems = load_file_settings(folder)
    assert not problems, problems
    return settings


def fresh_skills(roots: list[Path], settings: Settings | None = None) -> list[dict[str, Any]]:
    """`skill-ls.listSkills` of a fresh index over `roots`, sorted."""
    index = WorkspaceIndex([str(root) for root in roots], settings or settings_of(roots[0]))
    index.scan()
    return sorted_skills([skill_json(entry) for entry in index.skills()])


def sorted_skills(skills: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(skills, key=lambda s: (s["path"], s["name"], s["scope"]))


def list_skills(client: WireClient) -> list[dict[str, Any]]:
    result = client.request(
        "workspace/executeCommand", {"command": "skill-ls.listSkills", "arguments": []}
    )
    return sorted_skills(list(result["skills"]))


def checked_codes(path: Path, settings: Settings, text: str | None = None) -> list[tuple[Any, ...]]:
    """What the command line's check says of a file (its text on disk, or `text` written
    to a file of the same name beside it): (code, line, character) of each finding."""
    if text is not None:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    result = check_file(path, settings)
    return sorted((d.code, d.range.start.line, d.range.start.column) for d in result.diagnostics)


def published_codes(published: dict[str, Any]) -> list[tuple[Any, ...]]:
    return sorted(
        (d.get("code"), d["range"]["start"]["line"], d["range"]["start"]["character"])
        for d in published["diagnostics"]
    )


def rss_kib(pid: int) -> int:
    """The resident set size of a process, from /proc."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def exists(path: Path) -> bool:
    return os.path.lexists(path)


# How long the server may take to catch up with changes on disk (a bound on convergence,
# stated in the README; it normally takes well under a second).
CONVERGE_TIMEOUT = 30.0


def converge(check: Callable[[], object], timeout: float = CONVERGE_TIMEOUT) -> None:
    """Retry `check` (which asserts) until it passes or `timeout` seconds have gone."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            check()
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
