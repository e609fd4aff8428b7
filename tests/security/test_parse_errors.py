"""A message the server cannot parse gets JSON-RPC's Parse error, and the server serves on.

JSON-RPC 2.0: "Invalid JSON was received by the server" is answered with code -32700 and
`"id": null` (the id cannot be read). pygls only logs it: a client waiting on that request
would wait forever. Raw frames over stdio, as a misbehaving client sends them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .wire import WireClient, frame, server

PARSE_ERROR = -32700
DEEP = 100_000


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WireClient]:
    root = tmp_path_factory.mktemp("parse-errors")
    with server(root) as started:
        yield started


BODIES = {
    "nested-arrays": b"[" * DEEP + b"]" * DEEP,
    "nested-objects": b'{"a":' * DEEP + b"1" + b"}" * DEEP,
    "nested-params": (
        b'{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":'
        + b"[" * DEEP
        + b"]" * DEEP
        + b"}"
    ),
    "malformed": b'{"jsonrpc": "2.0", "id": 8, "method": ',
    "not-utf8": b'{"jsonrpc": "2.0", "id": 9, "method": "\xff\xfe"}',
}


@pytest.mark.parametrize("name", list(BODIES))
def test_an_unparseable_message_gets_a_parse_error_and_the_server_serves_on(
    client: WireClient, name: str
) -> None:
    client.send_raw(frame(BODIES[name]))
    answer = client.wait_response(None, timeout=30)
    assert answer["jsonrpc"] == "2.0" and answer["id"] is None, answer
    assert answer["error"]["code"] == PARSE_ERROR, answer
    assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]
    client.ping()
    client.send_raw(frame(BODIES[name]))  # again: every one is answered
    assert client.wait_response(None, timeout=30)["error"]["code"] == PARSE_ERROR
    client.ping()


def test_a_parse_error_says_nothing_about_a_valid_message(client: WireClient) -> None:
    client.ping()
    assert None not in client.responses
