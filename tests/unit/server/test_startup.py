"""`initialize` is answered from the feature table; the features load at the next message.
What was advertised must be what the features register, for every kind of client: a
method advertised and never registered would fail the client's requests, one registered
and not advertised would never be asked for. (In-process, over the message transport the
WebAssembly host uses; the stdio tests in tests/lsp/ drive the same server end to end.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skill_ls.server import create_server
from skill_ls.server.server import SkillServer

ROOT = Path(__file__).resolve().parents[3]
FEATURE_MODULES = ("skill_ls.server.features", "skill_ls.checking", "skill_ls.workspace")

PULL_AND_RENAME = {
    "textDocument": {"diagnostic": {"dynamicRegistration": False}},
    "workspace": {"fileOperations": {"willRename": True}},
}


class _Collect:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def write(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        pass


def _receive(server: SkillServer, message: dict[str, Any]) -> None:
    protocol = server.protocol
    protocol.handle_message(json.loads(json.dumps(message), object_hook=protocol.structure_message))


def _registered(server: SkillServer) -> tuple[dict[str, Any], set[str], set[str]]:
    """Each method's options, the methods and the commands registered now."""
    manager = server.protocol.fm
    return dict(manager.feature_options), set(manager.features), set(manager.commands)


def _start(capabilities: dict[str, Any]) -> tuple[SkillServer, _Collect]:
    server = create_server()
    out = _Collect()
    server.protocol.set_writer(out, include_headers=False)
    _receive(
        server,
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"processId": None, "rootUri": None, "capabilities": capabilities},
        },
    )
    return server, out


@pytest.mark.parametrize("capabilities", [{}, PULL_AND_RENAME], ids=["push", "pull-and-rename"])
async def test_the_features_register_what_initialize_advertised(
    capabilities: dict[str, Any],
) -> None:
    server, out = _start(capabilities)
    [answer] = out.sent
    advertised_options, advertised, advertised_commands = _registered(server)
    assert "textDocument/hover" in advertised
    assert ("textDocument/diagnostic" in advertised) == bool(capabilities)
    assert answer["result"]["capabilities"]["executeCommandProvider"]["commands"]

    _receive(server, {"jsonrpc": "2.0", "method": "initialized", "params": {}})

    options, methods, commands = _registered(server)
    assert methods == advertised
    assert commands == advertised_commands
    assert options == advertised_options
    manager = server.protocol.fm
    for handler in [*manager.features.values(), *manager.commands.values()]:
        assert "not_loaded" not in getattr(handler, "__qualname__", "")


def test_initialize_is_answered_before_the_features_are_imported() -> None:
    # In a fresh interpreter: this test process has imported them already.
    script = (
        "import sys, json\n"
        "from tests.unit.server.test_startup import _start\n"
        "server, out = _start({})\n"
        f"print(json.dumps([m for m in {list(FEATURE_MODULES)!r} if m in sys.modules]))\n"
        "print(json.dumps('capabilities' in out.sent[0]['result']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        cwd=ROOT,
    )
    imported, answered = (json.loads(line) for line in done.stdout.splitlines())
    assert answered is True
    assert imported == []
