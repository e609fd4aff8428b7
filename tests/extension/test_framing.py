"""The server, started exactly as the VS Code extension starts it, under a strict client.

`python -S -m skill_ls serve` with PYTHONPATH=vscode-extension/bundled/libs, talked to by
vscode-jsonrpc (the transport inside vscode-languageclient), with every byte on stdout checked
to lie inside a Content-Length frame. pygls's own reader and pytest-lsp skip stray lines, so
this is the test that catches a `print()` that would break VS Code.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .conftest import EXTENSION, FIXTURES, run, tail

CHECK = EXTENSION / "scripts" / "framing-check.mjs"
SKILL = FIXTURES / "workspace" / "pdf" / "SKILL.md"


def framing_check(node: str, libs: Path, *extra: str) -> tuple[int, dict[str, Any], str]:
    cmd = [node, str(CHECK), "--python", sys.executable, "--libs", str(libs), "--skill", str(SKILL)]
    result = run([*cmd, *extra], cwd=EXTENSION, timeout=120)
    try:
        summary: dict[str, Any] = json.loads(result.stdout)
    except json.JSONDecodeError:
        summary = {}
    return result.returncode, summary, result.stderr


def test_server_writes_only_frames(node: str, bundled_libs: Path) -> None:
    code, summary, stderr = framing_check(node, bundled_libs)
    assert code == 0, f"{stderr}\n{tail(json.dumps(summary, indent=1))}"
    assert summary["frames"] > 3
    diagnostics = summary["diagnostics"]
    assert isinstance(diagnostics, list)
    assert any(str(d).startswith("SKL104") for d in diagnostics), diagnostics
    assert summary["completion"], "completion in the frontmatter offered nothing"


def test_print_in_the_server_stays_off_the_protocol_stream(node: str, bundled_libs: Path) -> None:
    code, summary, stderr = framing_check(node, bundled_libs, "--stray-print")
    assert code == 0, f"{stderr}\n{tail(json.dumps(summary, indent=1))}"
    assert summary["strayPrintOnStderr"], "the print should have reached stderr"


def test_the_check_fails_on_a_stray_byte(node: str, extension_packages: Path) -> None:
    stray = Path(__file__).with_name("stray_server.py")
    server = f"{sys.executable} {stray}"
    libs = EXTENSION / "bundled" / "libs"
    code, _, stderr = framing_check(node, libs, "--server-cmd", server, "--timeout", "20")
    assert code == 1
    assert "outside Content-Length frames" in stderr
    assert "a stray print from a handler" in stderr
