"""A plugin marketplace on the command line, as real subprocesses: `skill-ls check` checks the
manifests it meets beside the skills, and `catalog`/`activate` show the plugins' skills as
Claude Code lists them once installed."""

from __future__ import annotations

import json
from pathlib import Path

from skill_ls.clients.builtins import builtins_for
from tests.cli.support import run_cli

REPO = Path(__file__).resolve().parents[2]
MARKETPLACE = REPO / "tests" / "fixtures" / "plugin-marketplace"
PLUGIN_SKILLS = [
    "writing:draft-notes",
    "writing:polish-prose",
    "review:check-diff",
    "review:summarise-pr",
]


def _findings(stdout: str) -> list[tuple[str, str, int, int, int]]:
    report = json.loads(stdout)
    return [
        (
            d["path"],
            d["code"],
            d["location"]["line"],
            d["location"]["column"],
            d["location"]["endColumn"],
        )
        for d in report["diagnostics"]
    ]


def test_check_of_the_marketplace_checks_its_manifests_and_its_plugins_links(
    tmp_path: Path,
) -> None:
    done = run_cli("check", str(MARKETPLACE), "--no-cache", "--format", "json", home=tmp_path)
    assert done.returncode == 1, done.stderr
    base = str(MARKETPLACE.relative_to(REPO))
    assert sorted(_findings(done.stdout)) == [
        (f"{base}/.claude-plugin/marketplace.json", "SKL604", 17, 17, 34),
        # A link to a sibling skill of the same plugin resolves; one into another plugin
        # does not (each plugin installs on its own).
        (f"{base}/plugins/review/skills/check-diff/SKILL.md", "SKL404", 9, 41, 85),
    ]
    assert json.loads(done.stdout)["summary"]["files"] == 7


def test_check_of_one_manifest_named_on_the_command_line(tmp_path: Path) -> None:
    manifest = MARKETPLACE / "plugins" / "writing" / ".claude-plugin" / "plugin.json"
    done = run_cli("check", str(manifest), "--no-cache", "--format", "json", home=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["diagnostics"] == []
    assert report["summary"]["files"] == 1


def test_catalog_lists_the_plugins_skills_under_their_installed_names(tmp_path: Path) -> None:
    done = run_cli(
        "catalog", str(MARKETPLACE), "--client", "claude-code", "--format", "json", home=tmp_path
    )
    assert done.returncode == 0, done.stderr
    [catalog] = json.loads(done.stdout)["catalogs"]
    builtins = builtins_for("claude-code")
    assert builtins is not None
    names = [entry["name"] for entry in catalog["entries"]]
    assert names == PLUGIN_SKILLS + [skill.name for skill in builtins.skills]
    gemini = run_cli(
        "catalog", str(MARKETPLACE), "--client", "gemini-cli", "--format", "json", home=tmp_path
    )
    [gemini_catalog] = json.loads(gemini.stdout)["catalogs"]
    assert not any(":" in entry["name"] for entry in gemini_catalog["entries"])


def test_activate_a_plugin_skill_by_its_installed_name(tmp_path: Path) -> None:
    done = run_cli(
        "activate",
        "writing:polish-prose",
        str(MARKETPLACE),
        "--client",
        "claude-code",
        home=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    folder = MARKETPLACE / "plugins" / "writing" / "skills" / "polish-prose"
    assert done.stdout == (
        f"Base directory for this skill: {folder}\n\n"
        "# Polish prose\n\n"
        "Follow the [style guide](references/style.md), then re-read the draft aloud.\n\n"
    )


def test_catalog_and_activate_read_claude_codes_installed_plugins(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    plugins = home / ".claude" / "plugins"
    installed = plugins / "cache" / "tools-market" / "writing" / "1.0.0"
    skill = installed / "skills" / "draft-notes"
    skill.mkdir(parents=True)
    (installed / ".claude-plugin").mkdir()
    (installed / ".claude-plugin" / "plugin.json").write_text('{"name": "writing"}')
    (skill / "SKILL.md").write_text(
        "---\nname: draft-notes\ndescription: Draft notes. Use on transcripts.\n---\n\nDraft.\n"
    )
    record = {"scope": "user", "installPath": str(installed), "version": "1.0.0"}
    (plugins / "installed_plugins.json").write_text(
        json.dumps({"version": 2, "plugins": {"writing@tools-market": [record]}})
    )
    settings = home / ".claude" / "settings.json"
    settings.write_text(json.dumps({"enabledPlugins": {"writing@tools-market": True}}))
    builtins = builtins_for("claude-code")
    assert builtins is not None
    done = run_cli(
        "catalog", str(project), "--client", "claude-code", "--format", "json", home=home
    )
    assert done.returncode == 0, done.stderr
    [catalog] = json.loads(done.stdout)["catalogs"]
    names = [entry["name"] for entry in catalog["entries"]]
    assert names == ["writing:draft-notes"] + [skill.name for skill in builtins.skills]
    done = run_cli(
        "activate", "writing:draft-notes", str(project), "--client", "claude-code", home=home
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Base directory for this skill: {skill}\n\nDraft.\n\n"
    # Switched off in the settings: not installed as far as Claude Code is concerned.
    settings.write_text(json.dumps({"enabledPlugins": {"writing@tools-market": False}}))
    done = run_cli(
        "catalog", str(project), "--client", "claude-code", "--format", "json", home=home
    )
    [catalog] = json.loads(done.stdout)["catalogs"]
    assert [entry["name"] for entry in catalog["entries"]] == [s.name for s in builtins.skills]
