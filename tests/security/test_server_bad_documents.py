"""The bad-documents matrix sent to the real server over stdio (strict framing).

One server (pull diagnostics, `SERVER_MEMORY` = 1.5 GiB of address space, `RLIMIT_AS`,
and a 60 s hang guard on every answer and every write) has every case on disk in its
workspace (read by its background scan) and receives each as an opened document (the text
an editor would send). While each document is being checked, the server must answer other
requests; after it, it must still answer, and its diagnostics must name the case's rule
codes, with every range inside the document (in UTF-16 code units, the negotiated
encoding). Byte-level cases (bad UTF-8, UTF-16, NUL) are also read from disk by the
server's workspace diagnostics, which must report them as the CLI does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .cases import CASES, Case, editor_text
from .wire import WireClient, server

_BREAK = re.compile(r"\r\n|\r|\n")


def utf16_widths(text: str) -> list[int]:
    """Each line's length in UTF-16 code units (LSP's line breaks: CRLF, LF, CR)."""
    return [len(line.encode("utf-16-le")) // 2 for line in _BREAK.split(text)]


def utf16_range_problem(widths: list[int], rng: dict[str, Any]) -> str | None:
    start, end = rng["start"], rng["end"]
    if (start["line"], start["character"]) > (end["line"], end["character"]):
        return f"start after end: {rng}"
    for pos in (start, end):
        if not 0 <= pos["line"] < len(widths):
            return f"line {pos['line']} outside 0..{len(widths) - 1}"
        if not 0 <= pos["character"] <= widths[pos["line"]]:
            return (
                f"character {pos['character']} outside line {pos['line']} ({widths[pos['line']]})"
            )
    return None


def skill_path(root: Path, case: Case) -> Path:
    return root / ".agents" / "skills" / case.name / "SKILL.md"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("server-bad-documents")
    for case in CASES:
        path = skill_path(root, case)
        path.parent.mkdir(parents=True)
        path.write_bytes(case.build())
    return root


@pytest.fixture(scope="module")
def client(workspace: Path) -> Iterator[WireClient]:
    with server(workspace, pull=True) as started:
        yield started


@pytest.mark.parametrize("case", [c for c in CASES if c.server], ids=lambda c: c.name)
def test_server_answers_during_and_after(case: Case, client: WireClient, workspace: Path) -> None:
    path = skill_path(workspace, case)
    uri = path.as_uri()
    text = editor_text(path.read_bytes())
    client.open(uri, text)
    # Sent right behind the document, answered while (or after) it is checked.
    during = [
        client.request_async("workspace/executeCommand", {"command": "skill-ls.listClients"}),
        client.request_async(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 2}},
        ),
        client.request_async("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
        client.request_async(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 0}},
        ),
    ]
    pulled = client.request_async("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    for msg_id in during:
        response = client.wait_response(msg_id)
        assert "error" not in response, response["error"]
    report = client.wait_response(pulled)
    assert "error" not in report, report["error"]
    items = report["result"]["items"]
    codes = {item["code"] for item in items}
    assert set(case.expected_text_codes) <= codes, f"found {sorted(codes)}"
    widths = utf16_widths(text)
    problems = [p for item in items if (p := utf16_range_problem(widths, item["range"]))]
    assert problems == []
    client.close(uri)
    client.ping()


BYTE_CASES = [c for c in CASES if c.text_codes is not None]


def test_server_reads_bad_bytes_on_disk_like_the_cli(tmp_path: Path) -> None:
    """Files never opened in the editor, read by the server itself: bad UTF-8, UTF-16 and
    NUL bytes get the same findings as `skill-ls check` gives them."""
    for case in BYTE_CASES:
        path = skill_path(tmp_path, case)
        path.parent.mkdir(parents=True)
        path.write_bytes(case.build())
    with server(tmp_path, pull=True) as client:
        client.wait_for(lambda: any("found" in m for m in client.log_messages()))
        result = client.request("workspace/diagnostic", {"previousResultIds": []})
        by_uri = {item["uri"]: item for item in result["items"]}
        found = {}
        for case in BYTE_CASES:
            item = by_uri.get(skill_path(tmp_path, case).as_uri())
            found[case.name] = sorted({d["code"] for d in item["items"]}) if item else None
        expected = {
            case.name: sorted(set(case.codes) | set(found[case.name] or ())) for case in BYTE_CASES
        }
        assert found == expected
