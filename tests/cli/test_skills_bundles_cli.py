"""`skill-ls skills` on a plugin or a marketplace folder lists the plugins' skills as each
agent will list them once installed (as `catalog` and the editor's Skills view do), in text
and in JSON (a `bundleSkills` field beside the unchanged `skills`)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli

REPO = Path(__file__).resolve().parents[2]
MARKETPLACE = REPO / "tests" / "fixtures" / "plugin-marketplace"


def _plugin(root: Path) -> Path:
    (root / ".claude-plugin").mkdir(parents=True)
    (root / ".claude-plugin" / "plugin.json").write_text(
        json.dumps({"name": "toolkit", "version": "1.0.0"}), encoding="utf-8"
    )
    for name in ("first", "second"):
        skill = root / "skills" / name / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text(
            f"---\nname: {name}\ndescription: The {name} tool. Use when testing.\n---\nBody.\n",
            encoding="utf-8",
        )
    return root


def test_skills_of_a_plugin_folder_lists_its_skills_as_the_agents_will(tmp_path: Path) -> None:
    plugin = _plugin(tmp_path / "toolkit")
    home = tmp_path / "home"
    home.mkdir()
    done = run_cli("skills", str(plugin), "--home", str(home), home=home)
    assert done.returncode == 0, done.stderr
    assert "No skills found" not in done.stdout
    lines = done.stdout.splitlines()
    heads = [line.split("  ")[:3] for line in lines if not line.startswith(" ")]
    assert heads == [["toolkit:first", "loaded", "plugin"], ["toolkit:second", "loaded", "plugin"]]
    assert (
        "    in plugin toolkit (.claude-plugin/plugin.json), as each agent lists it once installed"
        in lines
    )
    assert any(line.startswith("    loaded by: claude-code") for line in lines)

    one = run_cli("skills", str(plugin), "--home", str(home), "-c", "claude-code", home=home)
    assert one.returncode == 0, one.stderr
    assert [line.split("  ")[0] for line in one.stdout.splitlines()] == [
        "toolkit:first",
        "toolkit:second",
    ]

    # The catalog of the same folder names the same skills.
    catalog = run_cli("catalog", str(plugin), "--home", str(home), "-c", "claude-code", home=home)
    assert "- toolkit:first:" in catalog.stdout and "- toolkit:second:" in catalog.stdout


def test_skills_json_adds_the_bundle_skills_and_keeps_the_schema(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    done = run_cli("skills", str(MARKETPLACE), "--home", str(home), "--format", "json", home=home)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["schema"] == "skill-ls/skills/v1"
    assert {"folders", "audience", "skills", "boundsHit"} <= set(report)
    assert [skill["name"] for skill in report["bundleSkills"]] == [
        "writing:draft-notes",
        "writing:polish-prose",
        "review:check-diff",
        "review:summarise-pr",
    ]
    first = report["bundleSkills"][0]
    assert first["scope"] == "plugin"
    assert first["status"] == "loaded"
    assert first["bundle"]["kind"] == "plugin" and first["bundle"]["name"] == "writing"
    assert first["path"].endswith("plugins/writing/skills/draft-notes/SKILL.md")
    assert "claude-code" in first["clients"]
    claude = next(p for p in first["placements"] if p["client"] == "claude-code")
    assert claude == {
        "client": "claude-code",
        "name": "writing:draft-notes",
        "status": "loaded",
        "reason": "",
    }
    # No plugin's skill is listed twice (once per format or agent).
    paths = [skill["path"] for skill in report["bundleSkills"]]
    assert len(paths) == len(set(paths))
