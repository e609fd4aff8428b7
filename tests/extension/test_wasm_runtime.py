"""The server under the extension's WebAssembly Python (Pyodide in Node, the runtime it falls
back to on machines without Python 3.11+) answers exactly as under CPython.

Both runtimes run the package the extension bundles (CPython the way the extension starts it,
with bundled/libs first on its path) over the same workspace (the examples) and
the same user home, over stdio, as a VS Code-like client; every answer compared here must be
equal, paths included: the host mounts each folder at its own path.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from tests.lsp.support import RecordingClient, frame, fresh_server, isolated_env, open_doc

from .conftest import EXTENSION, REPO

USER_SKILL = "---\nname: from-home\ndescription: In the user's folder. Use for tests.\n---\nHi\n"


def _settings(tmp_path: Path) -> dict[str, Any]:
    return {"extraRoots": [str(tmp_path / "elsewhere" / "team")]}


def _answers_as_json(value: Any) -> Any:
    from pygls.protocol import default_converter

    converter = default_converter()  # type: ignore[no-untyped-call]
    return json.loads(json.dumps(converter.unstructure(value)))


def _workspace(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    root = tmp_path / "examples"
    shutil.copytree(REPO / "examples", root, symlinks=True)
    home = tmp_path / "home"
    skill = home / ".claude" / "skills" / "from-home" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(USER_SKILL, encoding="utf-8")
    # Codex's home and an extra root outside the user's home and the workspace: the host
    # mounts the roots the server says it will walk.
    codex_home = tmp_path / "elsewhere" / "codex"
    for skill in (
        codex_home / "skills" / "from-codex-home" / "SKILL.md",
        tmp_path / "elsewhere" / "team" / "from-extra-root" / "SKILL.md",
    ):
        skill.parent.mkdir(parents=True)
        skill.write_text(USER_SKILL.replace("from-home", skill.parent.name), encoding="utf-8")
    environ = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "CODEX_HOME": str(codex_home),
        "XDG_CACHE_HOME": str(home / ".cache"),
    }
    return root, environ


async def _everything(client: RecordingClient, root: Path) -> dict[str, Any]:
    """Each SKILL.md's findings, completion and hover at its `name:`, and two catalogs."""
    seen: dict[str, Any] = {}
    for path in sorted(root.rglob("SKILL.md")):
        uri = open_doc(client, path)
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        at_name = types.Position(line=1, character=2)
        completion = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=1, character=0),
            )
        )
        hover = await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at_name)
        )
        lenses = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        seen[str(path.relative_to(root))] = _answers_as_json(
            {"diagnostics": report, "completion": completion, "hover": hover, "lenses": lenses}
        )
    for agent in ("claude-code", "codex", "copilot"):
        catalog = await client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command="skill-ls.previewCatalog", arguments=[root.as_uri(), agent]
            )
        )
        seen[f"catalog {agent}"] = _answers_as_json(catalog)
    return seen


async def test_webassembly_answers_equal_cpython(tmp_path: Path, wasm_host: list[str]) -> None:
    root, environ = _workspace(tmp_path)
    bundled = {"PYTHONPATH": str(EXTENSION / "bundled" / "libs"), "PYTHONSAFEPATH": "1"}
    answers = {}
    for runtime, command in (("cpython", None), ("wasm", wasm_host)):
        served = {**environ, **bundled} if runtime == "cpython" else environ
        async with fresh_server(
            "vscode", root, environ=served, command=command, settings=_settings(tmp_path)
        ) as client:
            answers[runtime] = await _everything(client, root)
    cpython, wasm = answers["cpython"], answers["wasm"]
    assert list(wasm) == list(cpython)
    for key in cpython:
        assert json.dumps(wasm[key], indent=1) == json.dumps(cpython[key], indent=1), key
    # The comparison saw real work: findings, and the user's skill read from the mounted home.
    assert any(v["diagnostics"]["items"] for k, v in cpython.items() if k.endswith("SKILL.md"))
    assert "from-home" in json.dumps(cpython["catalog claude-code"])
    assert "from-codex-home" in json.dumps(cpython["catalog codex"])
    assert "from-extra-root" in json.dumps(cpython["catalog claude-code"])


def _exit_status(command: list[str], messages: list[dict[str, Any]]) -> int:
    """The host's exit status after `messages` (framed over stdin)."""
    stdin = b"".join(frame(message) for message in messages)
    done = subprocess.run(command, input=stdin, capture_output=True, env=isolated_env(), timeout=60)
    assert done.stdout.startswith(b"Content-Length: "), done.stderr.decode()[-2000:]
    return done.returncode


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}


@pytest.mark.parametrize(
    ("shutdown_first", "status"), [(True, 0), (False, 1)], ids=["shutdown-exit", "exit-only"]
)
def test_exit_status_follows_the_protocol(
    shutdown_first: bool, status: int, wasm_host: list[str]
) -> None:
    initialized = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
    messages: list[dict[str, Any]] = [INITIALIZE, initialized]
    if shutdown_first:
        messages.append({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    messages.append({"jsonrpc": "2.0", "method": "exit"})
    assert _exit_status(wasm_host, messages) == status


async def test_end_of_input_ends_the_host(wasm_host: list[str]) -> None:
    process = await asyncio.create_subprocess_exec(
        *wasm_host,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, **isolated_env()},
    )
    assert process.stdin is not None
    process.stdin.close()
    assert await asyncio.wait_for(process.wait(), 60) == 0
