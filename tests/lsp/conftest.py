"""Session-scoped servers, one per client profile, each over its own temporary workspace.

Every test makes its own skill folder (distinct URIs), so tests share a server safely;
tests that change global state (settings) start a fresh server of their own.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_lsp
from lsprotocol import types

from .support import FIXTURES, RecordingClient, server_config, start


@pytest_lsp.fixture(  # type: ignore[untyped-decorator]
    scope="session", params=["vscode", "minimal"], config=server_config()
)
async def client(
    request: pytest.FixtureRequest,
    lsp_client: RecordingClient,
    tmp_path_factory: pytest.TempPathFactory,
) -> AsyncIterator[None]:
    root = tmp_path_factory.mktemp(f"workspace-{request.param}")
    shutil.copytree(FIXTURES / "workspace", root, dirs_exist_ok=True)
    await start(lsp_client, request.param, root)
    yield
    await lsp_client.shutdown_session()


@pytest.fixture(autouse=True)
def no_server_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """A feature that fails is isolated (the client gets an empty answer) and logs an
    error; a test that caused one fails, so isolation never hides a bug."""
    if "client" not in request.fixturenames:
        yield
        return
    lsp_client: RecordingClient = request.getfixturevalue("client")
    seen = len(lsp_client.log_messages)
    yield
    errors = [
        m.message for m in lsp_client.log_messages[seen:] if m.type == types.MessageType.Error
    ]
    assert not errors, errors
