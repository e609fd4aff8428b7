"""OpenCode and its fork Kilo Code CLI share one driver: each run writes the fork's own config
file (an openai-compatible provider on the mock model server), switches off the fork's own
network features, and starts the fork's own binary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clientlab.drivers.base import Paths
from clientlab.drivers.kilo import Kilo
from clientlab.drivers.opencode import OpenCode


def lab_paths(tmp_path: Path) -> Paths:
    return Paths(
        base=str(tmp_path),
        workspace=str(tmp_path / "ws"),
        home=str(tmp_path / "home"),
        agent_dir=str(tmp_path / "agent"),
        bin_dir=str(tmp_path / "agent" / "bin"),
        node_dir=str(tmp_path / "node"),
        url="http://127.0.0.1:9",
    )


@pytest.mark.parametrize(
    ("driver", "config", "switches", "binary"),
    [
        (
            OpenCode(),
            ".config/opencode/opencode.json",
            {"OPENCODE_DISABLE_MODELS_FETCH", "OPENCODE_DISABLE_AUTOUPDATE"},
            "opencode",
        ),
        (
            Kilo(),
            ".config/kilo/kilo.json",
            {
                "KILO_DISABLE_MODELS_FETCH",
                "KILO_DISABLE_AUTOUPDATE",
                "KILO_DISABLE_SHARE",
                "KILO_DISABLE_LSP_DOWNLOAD",
            },
            "kilo",
        ),
    ],
)
def test_each_fork_gets_its_own_config_switches_and_binary(
    tmp_path: Path, driver: OpenCode, config: str, switches: set[str], binary: str
) -> None:
    paths = lab_paths(tmp_path)
    run = driver.prepare(paths, "hello")
    written = json.loads((tmp_path / "home" / config).read_text(encoding="utf-8"))
    lab = written["provider"]["lab"]
    assert lab["options"]["baseURL"] == "http://127.0.0.1:9/v1"
    assert lab["npm"] == "@ai-sdk/openai-compatible"
    # Exactly the fork's switches, none of the other fork's names.
    assert {name for name in run.env if name.startswith(("OPENCODE_", "KILO_"))} == switches
    assert run.argv == [f"{paths.bin_dir}/{binary}", "run", "-m", "lab/lab-model", "hello"]
