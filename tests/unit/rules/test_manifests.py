"""Manifest rules (SKL6xx): a plugin's, an extension's and a marketplace's fields that decide
which skills an agent installs, with exact ranges, flagged and not flagged."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skill_ls.diagnostics import Range, Severity
from skill_ls.document.manifest_json import TOO_LARGE, parse_json, read_manifest
from skill_ls.gathering.manifests import manifest_root, on_disk
from skill_ls.rules import RULES
from skill_ls.rules.answers import Answers
from skill_ls.rules.context import MAX_SKILL_PATHS
from skill_ls.rules.manifests import (
    MAX_MARKETPLACE_ENTRIES,
    ManifestContext,
    check_manifest,
    manifest_kind,
)
from skill_ls.settings import Settings

ROOT = "/repo"
PLUGIN = f"{ROOT}/.claude-plugin/plugin.json"
MARKET = f"{ROOT}/.claude-plugin/marketplace.json"
EXTENSION = f"{ROOT}/gemini-extension.json"
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "plugin-marketplace"


def findings(
    text: str,
    path: str = PLUGIN,
    dirs: frozenset[str] = frozenset(),
    files: frozenset[str] = frozenset(),
    settings: Settings | None = None,
) -> list[tuple[str, Range, str]]:
    context = ManifestContext(
        path=path,
        root=ROOT,
        settings=settings or Settings(),
        answers=Answers(folders=dirs, files=files),
    )
    return [(d.code, d.range, d.message) for d in check_manifest(parse_json(text), context)]


def test_the_rules_are_registered_in_their_family() -> None:
    codes = {code: rule for code, rule in RULES.items() if rule.family == "manifests"}
    assert sorted(codes) == ["SKL601", "SKL602", "SKL603", "SKL604", "SKL605", "SKL606"]
    assert codes["SKL605"].severity is Severity.WARNING
    assert codes["SKL606"].severity is Severity.WARNING


def test_manifest_kinds_follow_the_client_table() -> None:
    plugin = manifest_kind(PLUGIN)
    assert plugin is not None and plugin.role == "bundle"
    assert [client.id for client in plugin.clients] == ["claude-code", "codex"]
    extension = manifest_kind(EXTENSION)
    assert extension is not None and [c.id for c in extension.clients] == ["gemini-cli"]
    codex_market = manifest_kind(f"{ROOT}/.agents/plugins/marketplace.json")
    assert codex_market is not None and codex_market.role == "marketplace"
    assert [client.id for client in codex_market.clients] == ["codex"]
    assert manifest_root(f"{ROOT}/.agents/plugins/marketplace.json", codex_market) == ROOT
    assert manifest_kind(f"{ROOT}/plugin.json") is None
    assert manifest_kind(f"{ROOT}/package.json") is None


def test_a_good_plugin_manifest_has_no_findings() -> None:
    text = '{"name": "tools", "version": "1.0.0", "skills": ["./more", "."]}'
    assert findings(text, dirs=frozenset({f"{ROOT}/more", ROOT})) == []


def test_text_that_is_not_json_is_one_finding_where_parsing_stops() -> None:
    assert findings('{"name": "tools",\n}') == [
        (
            "SKL601",
            Range.of(1, 0, 1, 1),
            "Claude Code and OpenAI Codex cannot read this manifest: expected a quoted key",
        )
    ]
    assert findings('["tools"]') == [
        (
            "SKL601",
            Range.of(0, 0, 0, 9),
            "Claude Code and OpenAI Codex cannot read this manifest: its top level is not an "
            "object",
        )
    ]


def test_a_missing_or_bad_plugin_name_names_the_agents_that_refuse_it() -> None:
    assert findings('{"version": "1"}') == [
        (
            "SKL602",
            Range.of(0, 0, 0, 0),
            "Claude Code and OpenAI Codex refuse this plugin: the manifest has no `name`",
        )
    ]
    assert findings('{"name": "my tools"}') == [
        (
            "SKL602",
            Range.of(0, 9, 0, 19),
            "Claude Code refuses the plugin name `my tools`: it must be at least one "
            "character, without spaces, control or bidirectional-formatting characters",
        )
    ]
    assert findings('{"name": 3}') == [
        (
            "SKL602",
            Range.of(0, 9, 0, 10),
            "Claude Code and OpenAI Codex refuse this plugin: `name` must be a non-empty string",
        )
    ]


def test_a_gemini_extension_needs_a_version_and_a_plain_name() -> None:
    assert findings('{"name": "my_ext"}', path=EXTENSION) == [
        (
            "SKL602",
            Range.of(0, 0, 0, 0),
            "Gemini CLI refuses this extension: the manifest has no `version`",
        ),
        (
            "SKL602",
            Range.of(0, 9, 0, 17),
            "Gemini CLI refuses the extension name `my_ext`: it must be letters (a-z, A-Z), "
            "digits and '-' only",
        ),
    ]
    assert findings('{"name": "my-ext", "version": "0.1.0"}', path=EXTENSION) == []


def test_skill_paths_must_be_dot_slash_paths_to_folders_inside_the_plugin() -> None:
    text = '{"name": "t", "skills": ["more", "./gone", "../up", 7, "./here"]}'
    assert findings(text, dirs=frozenset({f"{ROOT}/here"})) == [
        (
            "SKL603",
            Range.of(0, 25, 0, 31),
            "Claude Code takes a skill path only as `.` or `./...` (relative to the plugin "
            "root): write `./more`",
        ),
        (
            "SKL603",
            Range.of(0, 33, 0, 41),
            "`./gone` is not a folder in the plugin, so Claude Code loads no skill from it",
        ),
        (
            "SKL603",
            Range.of(0, 43, 0, 50),
            "Claude Code takes a skill path only as `.` or `./...` (relative to the plugin "
            "root): write `./../up`",
        ),
        (
            "SKL603",
            Range.of(0, 52, 0, 53),
            "Claude Code reads `skills` as a path or a list of paths",
        ),
    ]
    assert findings('{"name": "t", "skills": "./../../etc"}') == [
        ("SKL603", Range.of(0, 24, 0, 37), "`./../../etc` climbs out of the plugin root")
    ]


MARKET_TEXT = """{
  "name": "market",
  "owner": {"name": "me"},
  "plugins": [
    {"name": "one", "source": "./plugins/one"},
    {"name": "two", "source": "plugins/two"},
    {"name": "three", "source": "./plugins/three"},
    {"name": "four", "source": "./plugins/four", "strict": false},
    {"name": "one", "source": {"source": "github", "repo": "o/r"}},
    {"name": "five", "source": "./plugins/five"},
    {"source": "./plugins/one"}
  ]
}"""


def test_a_hostile_list_of_skill_paths_is_checked_up_to_a_bound_said_once() -> None:
    paths = ", ".join(f'"./x{number}"' for number in range(MAX_SKILL_PATHS + 50))
    text = f'{{"name": "t", "skills": [{paths}]}}'
    found = findings(text)
    assert len(found) == MAX_SKILL_PATHS + 1
    code, where, message = found[0]
    assert (code, where.start) == ("SKL603", Range.of(0, 24, 0, 24).start)
    assert message == (
        f"`skills` lists {MAX_SKILL_PATHS + 50} paths; only the first {MAX_SKILL_PATHS} are checked"
    )


# What `claude plugin validate` (Claude Code 2.1.328) said of each name: reserved or not.
RESERVED_AS_OBSERVED = {
    "claude-in-chrome-troubleshooting": True,
    "Claude-Tools": True,
    "claude": True,
    "claude-code": True,
    "claude_code": True,
    "Claude.Code": True,
    "claude-mods": True,
    "claude-mods-x": True,
    "claude.tools": True,
    "claude--x": True,
    "anthropics": True,
    "anthropic_x": True,
    "cc_plugin_x": True,
    "my-claude-official": True,
    "myofficial-claude": True,
    "claudeofficialx": True,
    "official-anthropic-kit": True,
    "mod-official-anthropics": True,
    "ANTHROPIC": True,
    "claudes-tools": False,
    "claudetools": False,
    "tools-claude": False,
    "superclaude": False,
    "my-claude-tools": False,
    "cc-plugin": False,
    "cc-pluginx": False,
    "official-x": False,
    "x-official-y-claude": False,
    "xanthropicx-official": False,
}


@pytest.mark.parametrize(("name", "reserved"), sorted(RESERVED_AS_OBSERVED.items()))
def test_a_reserved_plugin_name_is_a_warning_as_claude_codes_validator_says(
    name: str, reserved: bool
) -> None:
    codes = [code for code, _, _ in findings(f'{{"name": "{name}"}}')]
    assert ("SKL606" in codes) is reserved
    # Reserved is not refused: Claude Code still installs the plugin (seen offline).
    assert "SKL602" not in codes


def test_a_reserved_name_in_a_marketplace_entry_is_said_where_it_is() -> None:
    text = '{"name": "m", "owner": {"name": "o"}, "plugins": [{"name": "claude-kit", '
    text += '"source": "./kit", "strict": false}]}'
    found = findings(text, path=MARKET, dirs=frozenset({f"{ROOT}/kit"}))
    assert [(code, where) for code, where, _ in found] == [("SKL606", Range.of(0, 59, 0, 71))]
    assert found[0][2].startswith(
        "Claude Code's plugin validator reports the name `claude-kit` as reserved"
    )
    assert found[0][2].endswith("Claude Code still installs it, but a plugin directory refuses it")


def test_marketplace_entries_are_checked_against_the_folders_below_its_root() -> None:
    dirs = frozenset(f"{ROOT}/plugins/{name}" for name in ("one", "three", "four"))
    files = frozenset({f"{ROOT}/plugins/one/.claude-plugin/plugin.json"})
    assert findings(MARKET_TEXT, path=MARKET, dirs=dirs, files=files) == [
        (
            "SKL604",
            Range.of(5, 30, 5, 43),
            "a local `source` is a `./` path from the marketplace root (the folder holding "
            "`.claude-plugin/`): write `./plugins/two`",
        ),
        (
            "SKL604",
            Range.of(6, 32, 6, 49),
            "`./plugins/three` holds no `.claude-plugin/plugin.json` or "
            "`.codex-plugin/plugin.json` or `.cursor-plugin/plugin.json`; the plugin cannot be "
            "installed from it (set `strict: false` when this entry is the plugin's whole "
            "manifest)",
        ),
        (
            "SKL605",
            Range.of(8, 13, 8, 18),
            "`one` is listed twice in this marketplace (first on line 5); only one of them can "
            "be installed",
        ),
        (
            "SKL604",
            Range.of(9, 31, 9, 47),
            "`./plugins/five` is not a folder below the marketplace root (a source is "
            "relative to the marketplace root, not to the marketplace file)",
        ),
        ("SKL604", Range.of(10, 4, 10, 31), "this plugin entry has no `name`"),
    ]


def test_a_marketplace_needs_its_keys_and_a_plain_name() -> None:
    assert findings('{"name": "my market", "plugins": []}', path=MARKET) == [
        (
            "SKL604",
            Range.of(0, 0, 0, 0),
            "Claude Code refuses this marketplace: it has no `owner`",
        ),
        (
            "SKL604",
            Range.of(0, 9, 0, 20),
            "Claude Code refuses the marketplace name `my market`: it must be at least one "
            "character, without spaces, control characters, `/`, `\\` or `..`, and not `.`",
        ),
    ]


def test_a_bare_source_resolves_below_the_plugin_root_setting() -> None:
    text = (
        '{"name": "m", "owner": {"name": "me"}, "metadata": {"pluginRoot": "./plugins"},'
        ' "plugins": [{"name": "one", "source": "one"}]}'
    )
    dirs = frozenset({f"{ROOT}/plugins/one"})
    files = frozenset({f"{ROOT}/plugins/one/.claude-plugin/plugin.json"})
    assert findings(text, path=MARKET, dirs=dirs, files=files) == []


def test_a_rule_turned_off_or_set_in_the_settings_is_respected() -> None:
    text = '{"name": "my tools"}'
    assert findings(text, settings=Settings(ignore=("SKL602",))) == []
    [(code, _, _)] = findings(text, settings=Settings(rules={"SKL602": Severity.WARNING}))
    assert code == "SKL602"


def test_the_fixture_marketplace_has_exactly_its_one_broken_entry() -> None:
    for manifest in sorted(FIXTURE.rglob("*.json")):
        kind = manifest_kind(str(manifest))
        assert kind is not None
        document = read_manifest(str(manifest))
        assert document is not None
        root = manifest_root(str(manifest), kind)
        found = [
            (d.code, d.range)
            for d in check_manifest(document, on_disk(root, str(manifest), document))
        ]
        expected = (
            [("SKL604", Range.of(16, 16, 16, 33))] if manifest.name == "marketplace.json" else []
        )
        assert found == expected, manifest


def test_a_source_that_leaves_the_marketplace_through_a_link_is_not_looked_into(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside"
    (outside / ".claude-plugin").mkdir(parents=True)
    (outside / ".claude-plugin" / "plugin.json").write_text('{"name": "x"}', encoding="utf-8")
    market = tmp_path / "market"
    (market / ".claude-plugin").mkdir(parents=True)
    (market / "plugins").mkdir()
    (market / "plugins" / "x").symlink_to(outside)
    manifest = market / ".claude-plugin" / "marketplace.json"
    manifest.write_text(
        '{"name": "m", "owner": {"name": "me"},'
        ' "plugins": [{"name": "x", "source": "./plugins/x"}]}',
        encoding="utf-8",
    )
    document = read_manifest(str(manifest))
    assert document is not None
    found = check_manifest(document, on_disk(str(market), str(manifest), document))
    assert [(d.code, d.message) for d in found] == [
        (
            "SKL604",
            "`./plugins/x` is not a folder below the marketplace root (a source is relative to "
            "the marketplace root, not to the marketplace file)",
        )
    ]


# --- hostile manifests: long numbers, huge files, endless marketplaces ----------------------


def test_a_plugin_manifest_with_a_5000_digit_number_is_checked_like_any_other() -> None:
    text = '{"name": "my tools", "version": ' + "9" * 5_000 + "}"
    assert [code for code, _, _ in findings(text)] == ["SKL602"]  # the name, not the number


def test_a_manifest_over_the_size_bound_is_one_finding_that_says_so(tmp_path: Path) -> None:
    manifest = tmp_path / ".claude-plugin" / "plugin.json"
    manifest.parent.mkdir()
    manifest.write_text('{"name": "tools"}', encoding="utf-8")
    os.truncate(manifest, 3 * 1024**3)  # sparse: nothing real is written
    document = read_manifest(str(manifest))
    assert document is not None and document.too_large
    context = ManifestContext(path=str(manifest), root=str(tmp_path))
    assert [(d.code, d.range, d.message) for d in check_manifest(document, context)] == [
        (
            "SKL601",
            Range.of(0, 0, 0, 0),
            f"{TOO_LARGE}: it is not checked, and skill-ls shows none of its skills",
        )
    ]


def test_a_marketplace_is_checked_up_to_a_bound_on_its_entries_said_once() -> None:
    count = MAX_MARKETPLACE_ENTRIES + 25_500
    entries = ",".join(['{"name": "t", "source": "./p"}'] * count)
    text = f'{{"name": "m", "owner": {{"name": "o"}}, "plugins": [{entries}]}}'
    dirs = frozenset({f"{ROOT}/p"})
    files = frozenset({f"{ROOT}/p/.claude-plugin/plugin.json"})
    found = findings(text, path=MARKET, dirs=dirs, files=files)
    assert found[0] == (
        "SKL604",
        Range.of(0, text.index("["), 0, len(text) - 1),
        f"`plugins` lists {count:,} entries; only the first {MAX_MARKETPLACE_ENTRIES} are "
        "checked and read",
    )
    # The rest: one duplicate per checked entry after the first, and nothing past the bound.
    assert [code for code, _, _ in found[1:]] == ["SKL605"] * (MAX_MARKETPLACE_ENTRIES - 1)
    assert found[-1][1].start.column < len(text) // 2
