"""Claude Code's installed plugins: the user-scope plugins of its install records
(~/.claude/plugins/installed_plugins.json) that its user settings enable, in a fake home
written the way Claude Code 2.1.328 writes one, listed where Claude Code lists them."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from skill_ls.clients.agents.claude_code import CLAUDE_CODE_PLUGIN
from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.workspace import WorkspaceIndex
from skill_ls.workspace.installed_bundles import installed_bundles, installed_view
from skill_ls.workspace.roots import Environment


def _skill(folder: Path, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: Does {name}. Use when asked.\n---\n\nBody.\n",
        encoding="utf-8",
    )


def _plugin(folder: Path, name: str, skills: list[str]) -> None:
    (folder / ".claude-plugin").mkdir(parents=True)
    (folder / ".claude-plugin" / "plugin.json").write_text(
        json.dumps({"name": name, "version": folder.name}), encoding="utf-8"
    )
    for skill in skills:
        _skill(folder / "skills" / skill, skill)


def _install(home: Path, marketplace_source: str = "url") -> Path:
    """Two plugins of the marketplace `tools-market` installed for the user, as `claude
    plugin install` records them; `review` was installed first, `writing` enabled first."""
    plugins = home / ".claude" / "plugins"
    cache = plugins / "cache" / "tools-market"
    _plugin(cache / "review" / "0.3.0", "review", ["check-diff"])
    _plugin(cache / "writing" / "1.0.0", "writing", ["polish-prose", "draft-notes"])
    records: dict[str, Any] = {"version": 2, "plugins": {}}
    for plugin, version in (("review", "0.3.0"), ("writing", "1.0.0")):
        records["plugins"][f"{plugin}@tools-market"] = [
            {
                "scope": "user",
                "installPath": str(cache / plugin / version),
                "version": version,
                "installedAt": "2026-01-01T00:00:00.000Z",
                "lastUpdated": "2026-01-01T00:00:00.000Z",
                "gitCommitSha": "0" * 40,
            }
        ]
    (plugins / "installed_plugins.json").write_text(json.dumps(records), encoding="utf-8")
    source = {"source": "directory", "path": str(home.parent / "market")}
    if marketplace_source == "github":
        source = {"source": "github", "repo": "example/tools"}
    known = {"tools-market": {"source": source, "installLocation": source.get("path", "")}}
    (plugins / "known_marketplaces.json").write_text(json.dumps(known), encoding="utf-8")
    settings = {
        "enabledPlugins": {"writing@tools-market": True, "review@tools-market": True},
        "extraKnownMarketplaces": {"tools-market": {"source": source}},
    }
    (home / ".claude" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return plugins


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _listed(home: Path, project: Path) -> list[tuple[str, str]]:
    index = WorkspaceIndex([project], home=home, environ={"HOME": str(home)})
    index.scan()
    client = CLIENTS_BY_ID["claude-code"]
    view = installed_view(client, index.view("claude-code"), index.folders, index.environment)
    return [(skill.name, skill.scope) for skill in view if skill.scope != "builtin"]


def _names(home: Path) -> list[str | None]:
    environment = Environment(str(home), {})
    return [bundle.name for bundle in installed_bundles(CLAUDE_CODE_PLUGIN, environment)]


def test_enabled_plugins_are_listed_after_the_skills_found_in_the_settings_order(
    tmp_path: Path,
) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    _install(home, "github")
    _skill(home / ".claude" / "skills" / "alpha-user", "alpha-user")
    _skill(project / ".claude" / "skills" / "zeta-local", "zeta-local")
    assert _listed(home, project) == [
        ("alpha-user", "user"),
        ("zeta-local", "project"),
        ("writing:draft-notes", "plugin"),
        ("writing:polish-prose", "plugin"),
        ("review:check-diff", "plugin"),
    ]
    _edit(
        home / ".claude" / "settings.json",
        lambda data: data.update(
            enabledPlugins={"review@tools-market": True, "writing@tools-market": True}
        ),
    )
    assert _names(home) == ["review", "writing"]


def test_a_user_skill_of_the_same_name_wins_in_its_own_place(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    _install(home, "github")
    _skill(home / ".claude" / "skills" / "writing:draft-notes", "writing:draft-notes")
    _skill(home / ".claude" / "skills" / "alpha-user", "alpha-user")
    project.mkdir()
    assert _listed(home, project) == [
        ("alpha-user", "user"),
        ("writing:draft-notes", "user"),
        ("writing:polish-prose", "plugin"),
        ("review:check-diff", "plugin"),
    ]


def test_only_plugins_enabled_with_true_and_recorded_for_the_user_are_read(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    plugins = _install(home, "github")
    settings = home / ".claude" / "settings.json"
    _edit(settings, lambda data: data["enabledPlugins"].update({"writing@tools-market": False}))
    assert _names(home) == ["review"]
    _edit(settings, lambda data: data["enabledPlugins"].update({"writing@tools-market": "yes"}))
    assert _names(home) == ["review"]
    _edit(settings, lambda data: data["enabledPlugins"].pop("writing@tools-market"))
    assert _names(home) == ["review"]
    # A project install is recorded with its project and enabled in that project only.
    _edit(settings, lambda data: data["enabledPlugins"].update({"writing@tools-market": True}))
    records = plugins / "installed_plugins.json"
    _edit(
        records,
        lambda data: data["plugins"]["review@tools-market"][0].update(
            scope="project", projectPath=str(tmp_path / "project")
        ),
    )
    assert _names(home) == ["writing"]


def test_plugins_of_a_local_folder_marketplace_are_not_read(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _install(home, "directory")
    assert _names(home) == []


def test_damaged_or_missing_files_mean_no_installed_plugin(tmp_path: Path) -> None:
    home = tmp_path / "home"
    plugins = _install(home, "github")
    assert _names(home) == ["writing", "review"]
    records = plugins / "installed_plugins.json"
    settings = home / ".claude" / "settings.json"
    good_records = records.read_text(encoding="utf-8")
    good_settings = settings.read_text(encoding="utf-8")
    for path, text in (
        (records, "{ not json"),
        (records, "[]"),
        (records, '{"version": 2, "plugins": []}'),
        (records, '{"version": 2, "plugins": {"writing@tools-market": {"scope": "user"}}}'),
        (records, "[" * 100_000),
        (records, " " * 1_000_001 + "{}"),
        (settings, "{ broken"),
        (settings, '{"enabledPlugins": ["writing@tools-market"]}'),
    ):
        path.write_text(text, encoding="utf-8")
        assert _names(home) == [], (path.name, text[:40])
        records.write_text(good_records, encoding="utf-8")
        settings.write_text(good_settings, encoding="utf-8")
    assert _names(home) == ["writing", "review"]
    records.unlink()
    assert _names(home) == []


def test_install_folders_outside_the_plugins_folder_are_not_read(tmp_path: Path) -> None:
    home = tmp_path / "home"
    plugins = _install(home, "github")
    outside = tmp_path / "elsewhere" / "writing"
    _plugin(outside, "writing", ["from-outside"])
    linked = plugins / "cache" / "tools-market" / "linked"
    linked.symlink_to(outside, target_is_directory=True)
    records = plugins / "installed_plugins.json"
    for path in (
        str(outside),
        str(plugins / ".." / ".." / ".." / "elsewhere" / "writing"),
        str(linked),
        "cache/tools-market/writing/1.0.0",
    ):
        _edit(
            records,
            lambda data, path=path: data["plugins"]["writing@tools-market"][0].update(
                installPath=path
            ),
        )
        assert _names(home) == ["review"], path
    # A folder changed by hand inside it is read where the record points.
    moved = plugins / "cache" / "tools-market" / "writing" / "2.0.0"
    _plugin(moved, "writing", ["extra-one"])
    _edit(
        records,
        lambda data: data["plugins"]["writing@tools-market"][0].update(installPath=str(moved)),
    )
    bundles = installed_bundles(CLAUDE_CODE_PLUGIN, Environment(str(home), {}))
    review = plugins / "cache" / "tools-market" / "review" / "0.3.0"
    assert [bundle.root for bundle in bundles] == [str(moved), str(review)]


def test_home_files_with_5000_digit_numbers_or_over_the_bound_never_raise(
    tmp_path: Path,
) -> None:
    """A number `JSON.parse` reads (as a float) is read: the plugins are still installed;
    a file past the read bound is no installed plugin, never an exception."""
    home = tmp_path / "home"
    plugins = _install(home, "github")
    records = plugins / "installed_plugins.json"
    settings = home / ".claude" / "settings.json"
    _edit(records, lambda data: data.update(version=0))
    records.write_text(records.read_text().replace('"version": 0', f'"version": {"9" * 5_000}'))
    _edit(settings, lambda data: data.update(cleanupPeriodDays=1))
    settings.write_text(settings.read_text().replace(": 1}", f": -{'9' * 5_000}}}"))
    assert "9" * 5_000 in records.read_text() and "9" * 5_000 in settings.read_text()
    assert _names(home) == ["writing", "review"]
    os.truncate(records, 3 * 1024**3)  # sparse: nothing real is written
    assert _names(home) == []
