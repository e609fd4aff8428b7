"""Skills shipped in bundles: the bundle a skill belongs to, the names each agent lists a
bundle's skills under once installed, and where they go in its list."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skill_ls.clients.agents.claude_code import CLAUDE_CODE_PLUGIN
from skill_ls.clients.agents.gemini_cli import GEMINI_CLI_EXTENSION
from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.document.manifest_json import read_manifest
from skill_ls.rules.manifests import MAX_MARKETPLACE_ENTRIES
from skill_ls.workspace import WorkspaceIndex, bundle_contents
from skill_ls.workspace.bundle_contents import bundle_of, listed_name
from skill_ls.workspace.bundles import bundle_placements, bundles_from
from skill_ls.workspace.checked_manifests import manifests_met
from skill_ls.workspace.installed_bundles import installed_view

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "plugin-marketplace"


def _view(folder: Path, client_id: str, home: Path) -> list[tuple[str, str | None, str]]:
    index = WorkspaceIndex([folder], home=home, environ={"HOME": str(home)})
    index.scan()
    client = CLIENTS_BY_ID[client_id]
    view = installed_view(client, index.view(client_id), index.folders)
    return [(skill.name, skill.display_name, skill.scope) for skill in view]


def _skill(folder: Path, name: str, description: str = "Does things. Use when asked.") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\n---\n\nBody.\n", encoding="utf-8"
    )


def test_claude_code_lists_each_plugins_skills_as_plugin_colon_folder(tmp_path: Path) -> None:
    view = _view(FIXTURE, "claude-code", tmp_path)
    found = [entry for entry in view if entry[2] != "builtin"]
    assert found == [
        ("writing:draft-notes", None, "plugin"),
        ("writing:polish-prose", None, "plugin"),
        ("review:check-diff", None, "plugin"),
        ("review:summarise-pr", None, "plugin"),
    ]
    # Claude Code lists its built-ins last, after the plugins' skills.
    assert view[: len(found)] == found


def test_codex_names_by_the_skills_name_and_reads_no_skills_key(tmp_path: Path) -> None:
    view = _view(FIXTURE, "codex", tmp_path)
    assert [entry for entry in view if entry[2] == "plugin"] == [
        ("writing:draft-notes", None, "plugin"),
        ("writing:polish-prose", None, "plugin"),
        ("review:check-diff", None, "plugin"),
    ]


def test_agents_without_that_bundle_format_list_no_plugin_skill(tmp_path: Path) -> None:
    for client_id in ("gemini-cli", "pi", "opencode", "copilot-cli"):
        assert all(entry[2] == "builtin" for entry in _view(FIXTURE, client_id, tmp_path))


def test_a_folder_name_is_made_safe_and_the_skills_own_name_is_shown_beside_it(
    tmp_path: Path,
) -> None:
    plugin = tmp_path / "tools"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"name": "tools"}', encoding="utf-8")
    _skill(plugin / "skills" / "Make Notes", "make-notes")
    _skill(plugin / "skills" / ".hidden", "hidden")
    view = _view(plugin, "claude-code", tmp_path / "home")
    assert [entry for entry in view if entry[2] == "plugin"] == [
        ("tools:Make-Notes", "tools:make-notes", "plugin")
    ]


def test_a_link_out_of_the_plugin_is_not_one_of_its_skills(tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "evil"
    _skill(outside, "evil")
    plugin = tmp_path / "tools"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text(
        json.dumps({"name": "tools", "skills": ["./../outside"]}), encoding="utf-8"
    )
    (plugin / "skills").mkdir()
    os.symlink(outside, plugin / "skills" / "evil")
    [bundle] = bundles_from(plugin, CLAUDE_CODE_PLUGIN)
    assert bundle.skill_folders == (str(plugin / "skills"),)
    assert [e for e in _view(plugin, "claude-code", tmp_path / "home") if e[2] == "plugin"] == []


def test_gemini_lists_an_extensions_skills_after_its_built_ins_and_a_found_copy_replaces_one(
    tmp_path: Path,
) -> None:
    extension = tmp_path / "ext"
    extension.mkdir()
    (extension / "gemini-extension.json").write_text(
        '{"name": "helpers", "version": "1.0.0"}', encoding="utf-8"
    )
    _skill(extension / "skills" / "alpha", "alpha")
    _skill(extension / "skills" / "beta", "beta")
    _skill(extension / ".gemini" / "skills" / "beta", "beta", "The project's copy. Use always.")
    view = _view(extension, "gemini-cli", tmp_path / "home")
    assert view == [
        ("skill-creator", None, "builtin"),
        ("antigravity-support", None, "builtin"),
        # Not namespaced; one folder's skills in descending name order.
        ("beta", None, "project"),
        ("alpha", None, "extension"),
    ]


def test_bundle_of_and_the_manifests_a_check_meets() -> None:
    skill = FIXTURE / "plugins" / "review" / "extra-skills" / "summarise-pr" / "SKILL.md"
    bundle = bundle_of(skill, CLAUDE_CODE_PLUGIN)
    assert bundle is not None
    assert (bundle.name, bundle.root) == ("review", str(FIXTURE / "plugins" / "review"))
    assert bundle_of(skill, GEMINI_CLI_EXTENSION) is None
    met = manifests_met([FIXTURE], [])
    assert [str(path.relative_to(FIXTURE)) for path in met] == [
        ".claude-plugin/marketplace.json",
        "plugins/writing/.claude-plugin/plugin.json",
        "plugins/review/.claude-plugin/plugin.json",
    ]
    # From the skills found, their plugin's manifest (and not the marketplace above it).
    review = FIXTURE / "plugins" / "review"
    met = manifests_met([review / "skills"], sorted(review.rglob("SKILL.md")))
    assert [str(path) for path in met] == [str(review / ".claude-plugin" / "plugin.json")]


def test_listed_name_follows_the_format() -> None:
    assert listed_name(CLAUDE_CODE_PLUGIN, "p", "a b.c", "x") == "p:a-b-c"
    assert listed_name(GEMINI_CLI_EXTENSION, "p", "folder", "own-name") == "own-name"
    assert listed_name(GEMINI_CLI_EXTENSION, "p", "folder", None) == "folder"


def test_gemini_lists_the_extensions_installed_under_the_home_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    installed = home / ".gemini" / "extensions" / "notes"
    installed.mkdir(parents=True)
    (installed / "gemini-extension.json").write_text(
        '{"name": "notes", "version": "2.0.0"}', encoding="utf-8"
    )
    _skill(installed / "skills" / "jot", "jot")
    (home / ".gemini" / "extensions" / "not-an-extension").mkdir()
    project = tmp_path / "project"
    _skill(project / ".gemini" / "skills" / "plan", "plan")
    index = WorkspaceIndex([project], home=home, environ={"HOME": str(home)})
    index.scan()
    client = CLIENTS_BY_ID["gemini-cli"]
    view = installed_view(client, index.view("gemini-cli"), index.folders, index.environment)
    assert [(skill.name, skill.scope) for skill in view] == [
        ("skill-creator", "builtin"),
        ("antigravity-support", "builtin"),
        ("jot", "extension"),
        ("plan", "project"),
    ]
    # A plugin folder below ~/.claude/plugins that Claude Code's install records do not
    # name (and its settings do not enable) is not installed.
    claude = CLIENTS_BY_ID["claude-code"]
    plugin = home / ".claude" / "plugins" / "tools"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"name": "tools"}', encoding="utf-8")
    _skill(plugin / "skills" / "a", "a")
    view = installed_view(claude, index.view("claude-code"), index.folders, index.environment)
    assert [skill.scope for skill in view if skill.scope != "builtin"] == []


def test_a_plugin_the_agent_refuses_lists_no_skill(tmp_path: Path) -> None:
    for number, manifest in enumerate(['{"name": "my tools"}', '{"name": "tools",}', "{}"]):
        plugin = tmp_path / f"p{number}"
        (plugin / ".claude-plugin").mkdir(parents=True)
        (plugin / ".claude-plugin" / "plugin.json").write_text(manifest, encoding="utf-8")
        _skill(plugin / "skills" / "a", "a")
        [bundle] = bundles_from(plugin, CLAUDE_CODE_PLUGIN)
        assert bundle.refused is not None
        view = _view(plugin, "claude-code", tmp_path / "home")
        assert [entry for entry in view if entry[2] == "plugin"] == [], manifest


def test_two_extensions_with_one_skill_name_list_it_once(tmp_path: Path) -> None:
    home = tmp_path / "home"
    for name in ("first", "second"):
        extension = home / ".gemini" / "extensions" / name
        extension.mkdir(parents=True)
        (extension / "gemini-extension.json").write_text(
            json.dumps({"name": name, "version": "1.0.0"}), encoding="utf-8"
        )
        _skill(extension / "skills" / "shared", "shared", f"From {name}. Use always.")
    project = tmp_path / "project"
    project.mkdir()
    index = WorkspaceIndex([project], home=home, environ={"HOME": str(home)})
    index.scan()
    client = CLIENTS_BY_ID["gemini-cli"]
    view = installed_view(client, index.view("gemini-cli"), index.folders, index.environment)
    shared = [skill for skill in view if skill.name == "shared"]
    assert len(shared) == 1 and shared[0].scope == "extension"


def _marketplace(root: Path, entries: list[dict[str, object]]) -> None:
    (root / ".claude-plugin").mkdir(parents=True)
    listing = {"name": "market", "owner": {"name": "o"}, "plugins": entries}
    (root / ".claude-plugin" / "marketplace.json").write_text(
        json.dumps(listing, separators=(",", ":")), encoding="utf-8"
    )


def _plugin(folder: Path, name: str) -> None:
    (folder / ".claude-plugin").mkdir(parents=True)
    (folder / ".claude-plugin" / "plugin.json").write_text(json.dumps({"name": name}))
    _skill(folder / "skills" / "draft", "draft")


def test_a_marketplace_listing_one_plugin_26000_times_reads_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Entries are bounded as entries (not as distinct bundles) and deduplicated before any
    plugin folder is read: the manifest of the plugin is read once per question."""
    _plugin(tmp_path / "p", "t")
    _plugin(tmp_path / "late", "late")
    entries: list[dict[str, object]] = [{"name": "t", "source": "./p"}] * 26_000
    entries.insert(MAX_MARKETPLACE_ENTRIES, {"name": "late", "source": "./late"})
    _marketplace(tmp_path, entries)
    assert (tmp_path / ".claude-plugin" / "marketplace.json").stat().st_size > 700_000
    reads: list[str] = []

    def counted(path: str) -> object:
        if os.path.isfile(path):  # reads of files that exist
            reads.append(os.path.relpath(path, tmp_path))
        return read_manifest(path)

    monkeypatch.setattr(bundle_contents, "read_manifest", counted)
    found = bundles_from(tmp_path, CLAUDE_CODE_PLUGIN)
    # The entry past the bound (the 501st) is not read.
    assert [(bundle.name, bundle.root) for bundle in found] == [("t", str(tmp_path / "p"))]
    assert sorted(reads) == [".claude-plugin/marketplace.json", "p/.claude-plugin/plugin.json"]
    reads.clear()
    clients = [CLIENTS_BY_ID[cid] for cid in ("claude-code", "codex")]
    placements = bundle_placements([str(tmp_path)], clients)
    assert [(p.client.id, p.skill.name, p.status) for p in placements] == [
        ("claude-code", "t:draft", "loaded"),
        ("codex", "t:draft", "loaded"),
    ]
    # One read of each file for all the clients and formats of the question.
    assert sorted(reads) == [".claude-plugin/marketplace.json", "p/.claude-plugin/plugin.json"]


def test_entries_naming_one_folder_differently_stay_apart(tmp_path: Path) -> None:
    """Deduplication keeps what decides the bundle: a `strict: false` entry's name."""
    (tmp_path / "bare" / "skills").mkdir(parents=True)
    _plugin(tmp_path / "p", "t")
    _marketplace(
        tmp_path,
        [
            {"name": "t", "source": "./p"},
            {"name": "t-again", "source": "./p/"},
            {"name": "bare", "source": "./bare"},  # no manifest, strict: no bundle
            {"name": "bare", "source": "./bare", "strict": False},
            {"name": "other", "source": "./bare", "strict": False},  # the same folder: once
        ],
    )
    found = bundles_from(tmp_path, CLAUDE_CODE_PLUGIN)
    assert [(bundle.name, os.path.basename(bundle.root)) for bundle in found] == [
        ("t", "p"),
        ("bare", "bare"),
    ]
