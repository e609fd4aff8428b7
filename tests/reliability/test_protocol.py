"""The protocol's lifecycle and cancellation, over raw stdio with strict framing.

Before `initialize` a request gets ServerNotInitialized (-32002); after `shutdown`,
InvalidRequest (-32600); a second `initialize` is refused; `exit` ends the process with 0
after `shutdown` and 1 without it; `$/cancelRequest` of a long request answers it with
RequestCancelled (-32800) and the server goes on answering.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.security.wire import WireClient, client_capabilities, encode

from .support import errors_in_log, skill_text, start, stop, wait_exit, write_skill

SERVER_NOT_INITIALIZED = -32002
INVALID_REQUEST = -32600
REQUEST_CANCELLED = -32800


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("protocol")
    for number in range(3):
        write_skill(root, f"skill-{number}")
    return root


def uri(root: Path, name: str = "skill-0") -> str:
    return (root / ".agents" / "skills" / name / "SKILL.md").as_uri()


def error_code(client: WireClient, method: str, params: object = None) -> int | None:
    response = client.wait_response(client.request_async(method, params), timeout=30)
    error = response.get("error")
    return None if error is None else int(error["code"])


def test_requests_before_initialize_are_refused(workspace: Path) -> None:
    client = start(workspace)
    try:
        at = {"textDocument": {"uri": uri(workspace)}, "position": {"line": 1, "character": 1}}
        client.open(uri(workspace), skill_text("skill-0"))  # dropped: not initialized
        for method, params in (
            ("textDocument/hover", at),
            ("textDocument/documentSymbol", {"textDocument": {"uri": uri(workspace)}}),
            ("workspace/executeCommand", {"command": "skill-ls.listClients", "arguments": []}),
            ("workspace/symbol", {"query": ""}),
            ("shutdown", None),
        ):
            assert error_code(client, method, params) == SERVER_NOT_INITIALIZED, method
        client.initialize(workspace)
        # The didOpen sent before `initialize` was dropped: the document is not open.
        symbols = client.request(
            "textDocument/documentSymbol", {"textDocument": {"uri": uri(workspace)}}
        )
        assert symbols  # read from disk
        assert client.published(uri(workspace)) == []
        client.ping()
        assert stop(client) == 0
        assert client.framing_error is None
    finally:
        client.kill()


def test_requests_after_shutdown_are_invalid(workspace: Path) -> None:
    client = start(workspace)
    try:
        client.initialize(workspace)
        assert client.request("shutdown", timeout=30) is None
        at = {"textDocument": {"uri": uri(workspace)}, "position": {"line": 1, "character": 1}}
        for method, params in (
            ("textDocument/hover", at),
            ("workspace/executeCommand", {"command": "skill-ls.listClients", "arguments": []}),
            ("shutdown", None),
            ("initialize", {"processId": None, "capabilities": {}, "rootUri": None}),
        ):
            assert error_code(client, method, params) == INVALID_REQUEST, method
        client.notify("exit")
        assert wait_exit(client) == 0
        assert client.framing_error is None
        assert errors_in_log(client) == []
    finally:
        client.kill()


@pytest.mark.parametrize("initialized", [True, False], ids=["after-initialize", "at-once"])
def test_exit_without_shutdown_ends_with_1(workspace: Path, initialized: bool) -> None:
    client = start(workspace)
    try:
        if initialized:
            client.initialize(workspace)
            client.ping()
        client.notify("exit")
        assert wait_exit(client) == 1
        assert client.framing_error is None
    finally:
        client.kill()


def test_second_initialize_is_refused(workspace: Path) -> None:
    client = start(workspace)
    try:
        client.initialize(workspace)
        params = {
            "processId": None,
            "capabilities": client_capabilities(pull=True),
            "rootUri": None,
            "workspaceFolders": None,
        }
        assert error_code(client, "initialize", params) == INVALID_REQUEST
        # The first session goes on as it was: same root, push diagnostics.
        client.open(uri(workspace, "skill-1"), skill_text("skill-1") + "\n[x](missing.md)\n")
        published = client.wait_published(uri(workspace, "skill-1"), 1)
        assert [d["code"] for d in published["diagnostics"]] == ["SKL403"]
        assert stop(client) == 0
        assert errors_in_log(client) == []
    finally:
        client.kill()


def test_a_message_without_jsonrpc_is_refused_quietly(workspace: Path) -> None:
    """A request without `"jsonrpc": "2.0"` gets InvalidRequest; such a notification is
    dropped; neither leaves a traceback in the log or an error shown to the user."""
    client = start(workspace)
    try:
        client.initialize(workspace)
        client.send_raw(encode({"id": 7, "method": "workspace/symbol", "params": {"query": ""}}))
        client.send_raw(encode({"method": "textDocument/didClose", "params": {}}))
        client.send_raw(encode({}))
        response = client.wait_response(7, timeout=30)
        assert response["error"]["code"] == INVALID_REQUEST
        client.ping()
        shown = [n["params"] for n in client.notifications if n["method"] == "window/showMessage"]
        assert shown == []
        assert stop(client) == 0
        assert errors_in_log(client) == []
    finally:
        client.kill()


@pytest.fixture(scope="module")
def big_workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Enough skills that checking them all takes a while (worker processes start)."""
    root = tmp_path_factory.mktemp("cancel")
    for number in range(400):
        write_skill(root, f"skill-{number:03}", skill_text(f"skill-{number:03}") * 3)
    return root


def test_cancelled_workspace_diagnostic_answers_request_cancelled(big_workspace: Path) -> None:
    client = start(big_workspace)
    try:
        client.initialize(big_workspace, pull=True)
        first = client.request_async("workspace/diagnostic", {"previousResultIds": []})
        client.notify("$/cancelRequest", {"id": first})
        response = client.wait_response(first)
        assert response.get("error", {}).get("code") == REQUEST_CANCELLED, response
        # Not cancelled: the whole answer.
        report = client.request("workspace/diagnostic", {"previousResultIds": []}, timeout=300)
        assert len(report["items"]) == 400
        assert stop(client) == 0
        assert errors_in_log(client) == []
    finally:
        client.kill()


def test_cancelled_command_answers_request_cancelled(big_workspace: Path) -> None:
    client = start(big_workspace)
    try:
        client.initialize(big_workspace)
        # A catalog of the workspace asked for at start-up: it waits for the first scan
        # (400 skills). A folder outside the workspace is refused, never indexed on the spot.
        params = {"command": "skill-ls.previewCatalog", "arguments": [str(big_workspace), "codex"]}
        first = client.request_async("workspace/executeCommand", params)
        client.notify("$/cancelRequest", {"id": first})
        response = client.wait_response(first)
        assert response.get("error", {}).get("code") == REQUEST_CANCELLED, response
        result = client.request("workspace/executeCommand", params, timeout=300)
        located = [e for e in result["entries"] if e["location"].startswith(str(big_workspace))]
        assert len(located) == 400
        assert stop(client) == 0
        assert errors_in_log(client) == []
    finally:
        client.kill()
