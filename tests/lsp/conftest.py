"""Session-scoped servers, one per client profile, over a shared temporary workspace.

Every test makes its own skill folder (distinct URIs), so tests share a server safely;
tests that change global state (settings) start a fresh server of their own.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_lsp

from .support import FIXTURES, RecordingClient, server_config, start


@pytest.fixture(scope="session")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("workspace")
    shutil.copytree(FIXTURES / "workspace", root, dirs_exist_ok=True)
    return root


@pytest_lsp.fixture(scope="session", params=["vscode", "minimal"], config=server_config())
async def client(
    request: pytest.FixtureRequest, lsp_client: RecordingClient, workspace: Path
) -> AsyncIterator[None]:
    await start(lsp_client, request.param, workspace)
    yield
    await lsp_client.shutdown_session()
