"""A client that gets the protocol wrong, over stdio with strict framing.

Malformed JSON, wrong Content-Length values, unknown methods, requests before
`initialize`, didChange for a document never opened, versions going backwards, positions
past the end of a line or of the document, a burst of 1,000 edits, every request
cancelled, and a client that never answers `workspace/configuration`. In every case the
server keeps answering valid requests, logs what it could not use, its final diagnostics
are those of the final text, and it never writes a byte to stdout outside a frame (the
client's reader fails on any, as vscode-jsonrpc does).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .wire import WireClient, encode, frame, server

SKILL = (
    "---\nname: my-skill\ndescription: Does things. Use when asked.\nunknown: x\n---\n"
    "# Title\n\nRead [the guide](references/guide.md) and [gone](references/missing.md).\n"
)
_BREAK = re.compile(r"\r\n|\r|\n")


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("misbehaving")
    for name in ("my-skill", "burst", "backwards", "unopened", "edges", "cancel", "pull-burst"):
        skill = root / ".agents" / "skills" / name
        (skill / "references").mkdir(parents=True)
        (skill / "references" / "guide.md").write_text("# Guide\n")
        (skill / "SKILL.md").write_text(SKILL.replace("my-skill", name))
    return root


@pytest.fixture(scope="module")
def client(workspace: Path) -> Iterator[WireClient]:
    with server(workspace) as started:
        yield started


def uri_of(workspace: Path, name: str) -> str:
    return (workspace / ".agents" / "skills" / name / "SKILL.md").as_uri()


# --- applying LSP edits locally (UTF-16 positions, clamped like LSP says) -----------------


def _offset(text: str, line: int, character: int) -> int:
    starts = [0] + [m.end() for m in _BREAK.finditer(text)]
    if line >= len(starts):
        return len(text)
    start = starts[line]
    end = len(text)
    if line + 1 < len(starts):
        end = _BREAK.search(text, start).start()  # type: ignore[union-attr]
    units = 0
    for index in range(start, end):
        if units >= character:
            return index
        units += 2 if ord(text[index]) > 0xFFFF else 1
    return end


def apply_change(text: str, change: dict[str, Any]) -> str:
    if "range" not in change:
        return str(change["text"])
    new_text = str(change["text"])
    start, end = change["range"]["start"], change["range"]["end"]
    a = _offset(text, start["line"], start["character"])
    b = _offset(text, end["line"], end["character"])
    a, b = min(a, b), max(a, b)
    return text[:a] + new_text + text[b:]


def findings(published: dict[str, Any]) -> list[tuple[Any, ...]]:
    return sorted(
        (
            d["code"],
            d["message"],
            d["range"]["start"]["line"],
            d["range"]["start"]["character"],
            d["range"]["end"]["line"],
            d["range"]["end"]["character"],
        )
        for d in published["diagnostics"]
    )


def assert_final_diagnostics_match(client: WireClient, uri: str, text: str, version: int) -> None:
    """The last diagnostics published for `version` are those of `text`, opened afresh."""
    final = client.wait_published(uri, version)
    client.close(uri)
    client.open(uri, text, version=version + 1)
    fresh = client.wait_published(uri, version + 1)
    assert findings(final) == findings(fresh)
    assert fresh["diagnostics"], "expected findings in the test document"


# --- framing and JSON ----------------------------------------------------------------------

BAD_INPUTS = {
    "malformed-json": frame(b"{not json"),
    "json-array": frame(b'[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]'),
    "json-string": frame(b'"hello"'),
    "json-null": frame(b"null"),
    "invalid-utf8": frame(b'{"jsonrpc": "2.0", "method": "\xff\xfe"}'),
    # An id the client's own counter never reaches: the server answers it (InvalidRequest).
    "no-jsonrpc-field": frame(b'{"id": "no-jsonrpc", "method": "shutdown"}'),
    "length-too-short": b"Content-Length: 5\r\n\r\n" + b'{"jsonrpc": "2.0", "method": "x"}',
    "length-too-long": b"Content-Length: 300\r\n\r\n{}",
    "length-not-a-number": b"Content-Length: abc\r\n\r\n{}",
    "length-negative": b"Content-Length: -5\r\n\r\n{}",
    "no-content-length": b"Content-Type: application/json\r\n\r\n{}",
    "garbage-line": b"hello there\r\n",
    "response-to-nothing": encode({"jsonrpc": "2.0", "id": 424242, "result": None}),
    "error-response-to-nothing": encode(
        {"jsonrpc": "2.0", "id": 424243, "error": {"code": 1, "message": "x"}}
    ),
}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_bad_input_is_logged_and_the_server_answers_after_it(client: WireClient, name: str) -> None:
    logged_before = len(client.log_messages()), len(client.stderr_tail(1 << 20))
    client.send_raw(BAD_INPUTS[name])
    # A wrong length can swallow the next message or two; after that, answers again.
    for attempt in range(4):
        try:
            client.ping(timeout=2 if attempt < 3 else 30)
            break
        except AssertionError:
            if attempt == 3:
                raise
    logged_after = len(client.log_messages()), len(client.stderr_tail(1 << 20))
    if name not in ("response-to-nothing", "error-response-to-nothing", "garbage-line"):
        assert logged_after != logged_before, f"{name} was not logged"


def test_request_with_params_of_the_wrong_shape_gets_an_error(client: WireClient) -> None:
    msg_id = client.request_async(
        "textDocument/hover", {"textDocument": {"uri": 5}, "position": "x"}
    )
    response = client.wait_response(msg_id, timeout=30)
    assert response["error"]["code"] == -32602
    client.ping()


def test_huge_content_length_is_never_allocated(workspace: Path) -> None:
    """10^12 bytes announced: the server skips what comes (in chunks, under its memory
    limit) and exits cleanly when the client goes away."""
    stray = WireClient(cwd=workspace)
    try:
        stray.initialize(workspace)
        # Past initialization (its requests to the client answered), then the huge frame.
        stray.wait_for(lambda: any("found" in m for m in stray.log_messages()))
        stray.ping()
        stray.send_raw(b"Content-Length: 1000000000000\r\n\r\n" + b"x" * 3_000_000)
        assert stray.proc.stdin is not None
        stray.proc.stdin.close()
        code = stray.proc.wait(timeout=60)
        tail = stray.stderr_tail()
        assert "MemoryError" not in tail and "Traceback" not in tail, tail
        assert code in (0, 1), tail
    finally:
        stray.kill()


# --- methods and order ---------------------------------------------------------------------


def test_unknown_methods(client: WireClient) -> None:
    response = client.wait_response(client.request_async("skill/doesNotExist", {"a": 1}))
    assert response["error"]["code"] == -32601
    client.notify("skill/doesNotExist", {"a": 1})
    client.notify("$/doesNotExist", {})
    client.notify("textDocument/doesNotExist")
    client.ping()


def test_requests_before_initialize(workspace: Path) -> None:
    early = WireClient(cwd=workspace)
    try:
        uri = uri_of(workspace, "my-skill")
        at = {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 1}}
        early.notify("initialized", {})
        early.open(uri, SKILL)
        for method, params in (
            ("textDocument/hover", at),
            ("textDocument/completion", at),
            ("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
            ("workspace/executeCommand", {"command": "skill-ls.listClients"}),
        ):
            response = early.wait_response(early.request_async(method, params), timeout=30)
            assert "result" in response or "error" in response
        early.initialize(workspace)
        early.open(uri, SKILL, version=2)
        assert early.wait_published(uri, 2)["diagnostics"]
        early.ping()
        assert early.shutdown() == 0
        assert early.framing_error is None
    finally:
        early.kill()


def test_did_change_for_a_document_never_opened(client: WireClient, workspace: Path) -> None:
    uri = uri_of(workspace, "unopened")
    client.change(uri, 3, [{"text": "---\nname: x\n---\n"}])
    client.change(
        uri,
        4,
        [
            {
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                "text": "x",
            }
        ],
    )
    client.ping()
    assert not [p for p in client.published(uri) if p.get("version") in (3, 4)]
    text = SKILL.replace("my-skill", "unopened")
    client.open(uri, text, version=1)
    assert_final_diagnostics_match(client, uri, text, 1)
    client.close(uri)


def test_versions_going_backwards(client: WireClient, workspace: Path) -> None:
    uri = uri_of(workspace, "backwards")
    text = SKILL.replace("my-skill", "backwards")
    client.open(uri, text, version=10)
    client.wait_published(uri, 10)
    for version, change in (
        (5, {"text": text.replace("unknown: x", "other: y")}),
        (3, {"text": text.replace("Does things.", "Does: things")}),
        (
            1,
            {
                "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                "text": "# ",
            },
        ),
    ):
        client.change(uri, version, [change])
        text = apply_change(text, change)
    assert_final_diagnostics_match(client, uri, text, 1)
    client.close(uri)


def test_positions_past_the_end(client: WireClient, workspace: Path) -> None:
    uri = uri_of(workspace, "edges")
    text = SKILL.replace("my-skill", "edges") + "emoji 😀 line\n"
    client.open(uri, text, version=1)
    client.wait_published(uri, 1)
    far = [
        (0, 10_000),
        (2, 500),
        (1_000_000, 0),
        (1_000_000, 1_000_000),
        (9, 7),
        (2**31 - 1, 2**31 - 1),
    ]
    doc = {"textDocument": {"uri": uri}}
    for line, character in far:
        at = {**doc, "position": {"line": line, "character": character}}
        for method, extra in (
            ("textDocument/hover", {}),
            ("textDocument/completion", {}),
            ("textDocument/definition", {}),
            ("textDocument/references", {"context": {"includeDeclaration": True}}),
            ("textDocument/prepareRename", {}),
            ("textDocument/rename", {"newName": "renamed"}),
        ):
            response = client.wait_response(client.request_async(method, {**at, **extra}))
            assert "error" not in response or response["error"]["code"] != -32603, (
                method,
                response,
            )
        rng = {
            "start": {"line": line, "character": character},
            "end": {"line": line + 5, "character": character},
        }
        response = client.wait_response(
            client.request_async(
                "textDocument/codeAction", {**doc, "range": rng, "context": {"diagnostics": []}}
            )
        )
        assert "error" not in response or response["error"]["code"] != -32603, response
    # Edits whose positions are past the end: applied clamped, as LSP says.
    version = 1
    for change in (
        {
            "range": {"start": {"line": 3, "character": 900}, "end": {"line": 3, "character": 999}},
            "text": "!",
        },
        {
            "range": {"start": {"line": 500, "character": 0}, "end": {"line": 600, "character": 3}},
            "text": "\nend\n",
        },
        {
            "range": {"start": {"line": 9, "character": 7}, "end": {"line": 9, "character": 8}},
            "text": "?",
        },
        {
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "text": "",
        },
    ):
        version += 1
        client.change(uri, version, [change])
        text = apply_change(text, change)
    assert_final_diagnostics_match(client, uri, text, version)
    client.close(uri)


def _burst(seed: int, text: str, count: int) -> list[tuple[int, dict[str, Any], str]]:
    """`count` incremental edits (typing, deleting, pasting, emoji), each with its result."""
    rng = random.Random(seed)
    out: list[tuple[int, dict[str, Any], str]] = []
    pieces = ["a", " ", "\n", ": ", "😀", "é", "[x](references/guide.md)", "---", "\t", "'"]
    for version in range(2, count + 2):
        lines = _BREAK.split(text)
        line = rng.randrange(len(lines))
        width = len(lines[line].encode("utf-16-le")) // 2
        character = rng.randint(0, width)
        start = {"line": line, "character": character}
        if rng.random() < 0.3:
            end = {"line": line, "character": min(width, character + rng.randint(1, 4))}
            new = ""
        else:
            end = start
            new = rng.choice(pieces)
        change = {"range": {"start": start, "end": end}, "text": new}
        text = apply_change(text, change)
        out.append((version, change, text))
    return out


@pytest.mark.parametrize("pull", [False, True], ids=["push", "pull"])
def test_burst_of_1000_edits(workspace: Path, pull: bool) -> None:
    name = "pull-burst" if pull else "burst"
    uri = uri_of(workspace, name)
    text = SKILL.replace("my-skill", name)
    with server(workspace, pull=pull) as burst:
        burst.open(uri, text, version=1)
        edits = _burst(7 if pull else 11, text, 1000)
        for version, change, _ in edits:
            burst.change(uri, version, [change])
            if version == 500:
                burst.ping()  # answered in the middle of the burst
        final_version, _, final_text = edits[-1]
        if pull:
            report = burst.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
            burst.close(uri)
            burst.open(uri, final_text, version=final_version + 1)
            fresh = burst.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
            assert findings({"diagnostics": report["items"]}) == findings(
                {"diagnostics": fresh["items"]}
            )
        else:
            assert_final_diagnostics_match(burst, uri, final_text, final_version)
            # Never an older version after a newer one.
            versions = [p["version"] for p in burst.published(uri) if p.get("version")]
            assert versions == sorted(versions)


def test_every_request_cancelled(client: WireClient, workspace: Path) -> None:
    uri = uri_of(workspace, "cancel")
    client.open(uri, SKILL.replace("my-skill", "cancel"), version=1)
    doc = {"textDocument": {"uri": uri}}
    at = {**doc, "position": {"line": 7, "character": 20}}
    requests = [
        ("textDocument/hover", at),
        ("textDocument/completion", at),
        ("textDocument/definition", at),
        ("textDocument/documentSymbol", doc),
        ("textDocument/documentLink", doc),
        (
            "textDocument/codeAction",
            {
                **doc,
                "range": {"start": at["position"], "end": at["position"]},
                "context": {"diagnostics": []},
            },
        ),
        ("workspace/symbol", {"query": ""}),
        ("workspace/executeCommand", {"command": "skill-ls.lintSkill", "arguments": [uri]}),
        ("workspace/executeCommand", {"command": "skill-ls.reloadWorkspace", "arguments": []}),
        (
            "workspace/executeCommand",
            {"command": "skill-ls.previewCatalog", "arguments": [uri, "codex"]},
        ),
    ] * 5
    ids = []
    for method, params in requests:
        msg_id = client.request_async(method, params)
        client.notify("$/cancelRequest", {"id": msg_id})
        ids.append(msg_id)
    client.notify("$/cancelRequest", {"id": 987654})  # a request that never was
    for msg_id in ids:
        response = client.wait_response(msg_id)
        if "error" in response:
            assert response["error"]["code"] in (-32800, -32803), response
    client.ping()
    client.close(uri)


def test_client_that_never_answers_configuration(workspace: Path) -> None:
    with server(workspace, answer_configuration=False) as silent:
        uri = uri_of(workspace, "my-skill")
        silent.open(uri, SKILL, version=1)
        assert silent.wait_published(uri, 1)["diagnostics"]
        silent.notify("workspace/didChangeConfiguration", {"settings": {"skillLs": {}}})
        silent.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 1}},
        )
        silent.change(uri, 2, [{"text": SKILL.replace("unknown: x", "")}])
        assert silent.wait_published(uri, 2) is not None
        asked = [m for m in silent.server_requests if m["method"] == "workspace/configuration"]
        assert asked, "the server never asked for configuration"
        silent.ping()
