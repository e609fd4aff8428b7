"""`skill-ls check` reports the safety rules (SKL461-463) from a real subprocess, and never
prints a secret it found."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# A fake token, assembled so that no scanner reads one in this file.
TOKEN = "gh" + "p_" + "Zq8Lm2Rt5Vx9Bn3Kd7Fh1Jw4Ps6Yc0Ga2Ue8"

SKILL = """---
name: risky
description: Deploys the site. Use when the user asks to deploy.
---

# Deploy

```sh
export GITHUB_TOKEN={token}
uvx some-deployer --site /Users/kmiller/site/
```
"""


def test_check_reports_the_safety_rules_without_the_secret(tmp_path: Path) -> None:
    folder = tmp_path / "risky"
    folder.mkdir()
    (folder / "SKILL.md").write_text(SKILL.format(token=TOKEN), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "skill_ls",
            "check",
            "--no-cache",
            "--format",
            "json",
            "--select",
            "SKL461,SKL462,SKL463",
            str(folder),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert TOKEN not in result.stdout and TOKEN not in result.stderr
    report = json.loads(result.stdout)
    found = {(d["code"], d["severity"], d["range"]["start"]["line"]) for d in report["diagnostics"]}
    # Lines are 1-based in the JSON report.
    assert found == {
        ("SKL461", "error", 8),
        ("SKL462", "warning", 9),
        ("SKL463", "warning", 9),
    }
