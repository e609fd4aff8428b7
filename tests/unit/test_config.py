"""Settings: one schema, read from TOML files, the command line and the editor."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import skill_ls
from skill_ls.clients.groups import GROUP_DOCS, group_members
from skill_ls.clients.settings_enum import settings_schema_text
from skill_ls.clients.table import CLIENTS, CLIENTS_BY_ID
from skill_ls.config import (
    MAX_CONFIG_BYTES,
    Settings,
    load_file_settings,
    merge,
    settings_schema,
)
from skill_ls.diagnostics import Severity
from skill_ls.rules.registry import docs_url, shipped_docs_uri


def test_defaults() -> None:
    settings = Settings()
    assert settings.target_clients == ()
    assert settings.rules == {}
    assert not settings.unicode_names
    assert settings.rule_enabled("SKL101")


def test_rule_selection() -> None:
    settings = Settings(select=("SKL1", "SKL301"), ignore=("SKL10",), rules={"SKL111": None})
    assert settings.rule_enabled("SKL121")
    assert settings.rule_enabled("SKL301")
    assert not settings.rule_enabled("SKL302")
    assert not settings.rule_enabled("SKL101")  # ignored by prefix
    assert not settings.rule_enabled("SKL111")  # turned off
    assert not settings.rule_enabled("SKL201")  # not selected


@pytest.mark.parametrize("key", ["targetClients", "target-clients", "target_clients"])
def test_key_spellings(key: str) -> None:
    settings, problems = merge(Settings(), {key: ["claude-code", "codex"]}, "test")
    assert problems == []
    assert settings.target_clients == ("claude-code", "codex")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["observed"], group_members("observed")),
        ("cited", group_members("cited")),
        (["codex", "all"], ("codex", *(c.id for c in CLIENTS if c.id != "codex"))),
        # An upload target is in no group: it is named by id.
        (["all", "claude-api"], (*(c.id for c in CLIENTS), "claude-api")),
    ],
)
def test_target_client_groups_become_ids(value: object, expected: tuple[str, ...]) -> None:
    settings, problems = merge(Settings(), {"targetClients": value}, "test")
    assert problems == []
    assert settings.target_clients == expected


def test_a_file_may_name_groups(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").write_text('targetClients = ["cited", "pi"]\n', "utf-8")
    settings, problems = load_file_settings(tmp_path)
    assert problems == []
    assert settings.target_clients == (*group_members("cited"), "pi")


def test_every_setting() -> None:
    values = {
        "targetClients": "claude-code, codex",
        "rules": {"skl105": "off", "SKL106": "error", "SKL451": "warn", "SKL452": "Information"},
        "select": ["skl1", "SKL3"],
        "ignore": "SKL45",
        "extraRoots": ["shared/skills"],
        "unicodeNames": True,
        "builtinSkills": "/opt/yoi/skills",
        "builtinOverride": "conflict",
        "debounceMs": 250,
    }
    settings, problems = merge(Settings(), values, "test")
    assert problems == []
    assert settings.target_clients == ("claude-code", "codex")
    assert settings.rules == {
        "SKL105": None,
        "SKL106": Severity.ERROR,
        "SKL451": Severity.WARNING,
        "SKL452": Severity.INFO,
    }
    assert settings.select == ("SKL1", "SKL3")
    assert settings.ignore == ("SKL45",)
    assert settings.extra_roots == ("shared/skills",)
    assert settings.unicode_names
    assert settings.builtin_skills == "/opt/yoi/skills"
    assert settings.builtin_override == "conflict"
    assert settings.debounce_ms == 250


def test_editor_only_keys_are_accepted_and_ignored() -> None:
    values = {"interpreter": ["python3"], "server.path": None, "trace.server": "off"}
    settings, problems = merge(Settings(), values, "editor")
    assert problems == []
    assert settings == Settings()


def test_unknown_keys_are_reported_and_the_rest_applies() -> None:
    settings, problems = merge(Settings(), {"targetClient": ["codex"], "unicodeNames": True}, "f")
    assert [(p.source, p.key) for p in problems] == [("f", "targetClient")]
    assert "unknown setting 'targetClient'" in problems[0].message
    assert settings.unicode_names


@pytest.mark.parametrize(
    ("values", "key", "fragment"),
    [
        (
            {"targetClients": ["claude", "codex"]},
            "targetClients",
            "unknown client(s) claude in targetClients (known: agentskills, claude-code,",
        ),
        ({"targetClients": [1]}, "targetClients", "targetClients must be a list of strings"),
        ({"targetClients": ["codex", "codex"]}, "targetClients", "lists a value twice"),
        ({"rules": ["SKL101"]}, "rules", "rules must be a table of code = severity"),
        ({"unicodeNames": "yes"}, "unicodeNames", "unicodeNames must be true or false"),
        ({"debounceMs": -1}, "debounceMs", "debounceMs must be an integer from 0 to 5000"),
        ({"debounceMs": 5001}, "debounceMs", "debounceMs must be an integer from 0 to 5000"),
        ({"debounceMs": True}, "debounceMs", "debounceMs must be an integer from 0 to 5000"),
        ({"debounceMs": 2.5}, "debounceMs", "debounceMs must be an integer from 0 to 5000"),
        (
            {"builtinOverride": "merge"},
            "builtinOverride",
            "builtinOverride must be one of 'override', 'conflict'",
        ),
        ({"builtinSkills": 3}, "builtinSkills", "builtinSkills must be a string, or empty (null)"),
        (
            {"contextWindow": 999},
            "contextWindow",
            "contextWindow must be an integer from 1000 to 100000000, or empty (null)",
        ),
        ({"select": {"a": 1}}, "select", "select must be a list of strings"),
    ],
)
def test_bad_values_are_reported(values: dict[str, object], key: str, fragment: str) -> None:
    settings, problems = merge(Settings(), values, "f")
    assert [p.key for p in problems] == [key]
    assert fragment in problems[0].message
    assert settings == Settings()


def test_debounce_bounds_are_inclusive() -> None:
    for value in (0, 5000):
        settings, problems = merge(Settings(), {"debounceMs": value}, "f")
        assert problems == [] and settings.debounce_ms == value


def test_bad_rule_entries_are_reported_one_by_one() -> None:
    values = {"rules": {"SKL101": "loud", "SKL102": "off", "SKL103": 3, "SKL999": "error"}}
    settings, problems = merge(Settings(), values, "f")
    assert settings.rules == {"SKL102": None}
    messages = sorted(p.message for p in problems)
    assert len(messages) == 3
    assert any("SKL101" in m and "loud" in m for m in messages)
    assert any("SKL103" in m for m in messages)
    assert any("unknown rule code SKL999" in m for m in messages)


def test_select_and_ignore_codes_that_match_no_rule_are_reported() -> None:
    settings, problems = merge(Settings(), {"select": ["SKL1", "SKL0O1"]}, "f")
    assert [p.key for p in problems] == ["select"]
    assert "SKL0O1" in problems[0].message
    assert settings.select == ("SKL1", "SKL0O1")


def test_rules_merge_over_earlier_sources() -> None:
    base, _ = merge(Settings(), {"rules": {"SKL101": "warning", "SKL102": "off"}}, "a")
    settings, problems = merge(base, {"rules": {"SKL102": "error"}}, "b")
    assert problems == []
    assert settings.rules == {"SKL101": Severity.WARNING, "SKL102": Severity.ERROR}


def test_schema_lists_every_client_and_setting() -> None:
    schema = settings_schema()
    enum = schema["properties"]["targetClients"]["items"]["enum"]
    assert enum == [*CLIENTS_BY_ID, *GROUP_DOCS]
    assert schema["additionalProperties"] is False


def test_the_schema_file_has_the_enum_the_table_gives() -> None:
    shipped = (Path(skill_ls.__file__).parent / "data" / "settings.schema.json").read_text("utf-8")
    assert shipped == settings_schema_text(), (
        "skill_ls/data/settings.schema.json is stale: run `.venv/bin/skill-ls clients --format "
        "settings-schema > skill_ls/data/settings.schema.json.new && mv "
        "skill_ls/data/settings.schema.json.new skill_ls/data/settings.schema.json`, then "
        "`cd vscode-extension && npm run gen-settings`"
    )


# --- Files -----------------------------------------------------------------------------------


def test_no_configuration_files(tmp_path: Path) -> None:
    assert load_file_settings(tmp_path) == (Settings(), [])


def test_pyproject_then_dot_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.skill-ls]\n'
        'target-clients = ["codex"]\nunicode_names = true\n\n'
        '[tool.skill-ls.rules]\nSKL101 = "warning"\n',
        encoding="utf-8",
    )
    (tmp_path / ".skill-ls.toml").write_text(
        'targetClients = ["claude-code"]\n[rules]\nSKL102 = "off"\n', encoding="utf-8"
    )
    settings, problems = load_file_settings(tmp_path)
    assert problems == []
    assert settings.target_clients == ("claude-code",)  # the dot file wins
    assert settings.unicode_names
    assert settings.rules == {"SKL101": Severity.WARNING, "SKL102": None}


def test_pyproject_without_a_skill_ls_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert load_file_settings(tmp_path) == (Settings(), [])


def test_invalid_toml_is_reported(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").write_text("targetClients = [\n", encoding="utf-8")
    settings, problems = load_file_settings(tmp_path)
    assert settings == Settings()
    assert len(problems) == 1
    assert problems[0].source == str(tmp_path / ".skill-ls.toml")
    assert "cannot read configuration" in problems[0].message


def test_invalid_utf8_configuration_is_reported(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").write_bytes(b"x = '\xff'\n")
    _, problems = load_file_settings(tmp_path)
    assert len(problems) == 1


def test_skill_ls_table_that_is_not_a_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool]\nskill-ls = "yes"\n', encoding="utf-8")
    _, problems = load_file_settings(tmp_path)
    assert [p.message for p in problems] == ["configuration must be a table"]


def test_unknown_keys_in_files_are_reported_with_their_file(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").write_text("unknown-key = 1\nunicode-names = true\n")
    settings, problems = load_file_settings(tmp_path)
    assert settings.unicode_names
    assert [(p.source, p.key) for p in problems] == [
        (str(tmp_path / ".skill-ls.toml"), "unknown-key")
    ]


def test_a_folder_named_like_the_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").mkdir()
    _, problems = load_file_settings(tmp_path)
    assert len(problems) == 1


# --- docsUrl: where rule codes link to ------------------------------------------------------


def test_docs_url_defaults_to_the_shipped_rules_document() -> None:
    assert Settings().docs_url is None
    url = docs_url("SKL104")
    assert url == shipped_docs_uri() + "#skl104"
    assert url.startswith("file://") and url.split("#")[0].endswith("/skill_ls/data/rules.md")
    assert Path(url.removeprefix("file://").split("#")[0]).is_file()


@pytest.mark.parametrize(
    ("base", "expected"),
    [
        ("https://example.org/rules.md", "https://example.org/rules.md#skl301"),
        ("https://example.org/rules.md#old", "https://example.org/rules.md#skl301"),
        ("https://example.org/rules/{code}.html", "https://example.org/rules/skl301.html"),
    ],
)
def test_docs_url_setting_sets_the_base(base: str, expected: str) -> None:
    settings, problems = merge(Settings(), {"docsUrl": base}, "settings")
    assert problems == []
    assert settings.docs_url == base
    assert docs_url("SKL301", settings.docs_url) == expected


def test_docs_url_null_keeps_the_default_and_a_number_is_a_problem() -> None:
    settings, problems = merge(Settings(), {"docs-url": None}, "f")
    assert problems == [] and settings.docs_url is None
    settings, problems = merge(Settings(), {"docsUrl": 3}, "f")
    assert settings.docs_url is None
    assert [p.key for p in problems] == ["docsUrl"]


@pytest.mark.parametrize(
    "base",
    [
        "command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D",
        "COMMAND:workbench.extensions.command.installFromVSIX",
        "javascript:alert(1)",
        "file:///etc/passwd",
        "http://example.org/rules.md",
        "vscode://file/etc/passwd",
        "https:///no-host",
        "https://example.org/a b",
        "https://example.org/\x00",
        "data:text/html,<b>x</b>",
    ],
)
def test_a_docs_url_that_is_not_https_is_a_problem_and_never_emitted(base: str) -> None:
    settings, problems = merge(Settings(), {"docsUrl": base}, "f")
    assert settings.docs_url is None
    assert [p.key for p in problems] == ["docsUrl"]
    # Even handed to the link builder directly, the shipped docs are linked instead.
    assert docs_url("SKL104", base) == shipped_docs_uri() + "#skl104"


# --- configuration files that cannot be read ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (b"select = " + b"[" * 6_000, "the TOML nests too deep to read"),
        (b"max-line = " + b"9" * 5_000, "a value in it is too large to read"),
        (b"select = [", "(at end of document)"),  # tomllib's own message, with where
        (b"\xff\xfe = 1", "not UTF-8 (invalid start byte at byte 0)"),
    ],
)
def test_a_config_file_that_cannot_be_read_is_one_problem_and_the_other_still_applies(
    tmp_path: Path, text: bytes, why: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.skill-ls]\ntarget-clients = ["codex"]\n', encoding="utf-8"
    )
    (tmp_path / ".skill-ls.toml").write_bytes(text)
    settings, problems = load_file_settings(tmp_path)
    assert settings.target_clients == ("codex",)
    assert len(problems) == 1
    problem = problems[0]
    assert (problem.source, problem.key) == (str(tmp_path / ".skill-ls.toml"), "")
    assert problem.message.startswith("cannot read configuration: ")
    assert why in problem.message


def test_a_config_file_over_the_bound_is_not_read(tmp_path: Path) -> None:
    config = tmp_path / ".skill-ls.toml"
    config.write_text('target-clients = ["codex"]\n', encoding="utf-8")
    os.truncate(config, 3 * 1024**3)  # a 3 GB sparse file: holes, nothing real written
    (tmp_path / "pyproject.toml").write_text("[tool.skill-ls]\nunicode-names = true\n")
    settings, problems = load_file_settings(tmp_path)
    assert settings.unicode_names and settings.target_clients == ()
    assert [(p.source, p.message) for p in problems] == [
        (
            str(config),
            f"cannot read configuration: the file is larger than {MAX_CONFIG_BYTES:,} bytes, "
            "more than is read",
        )
    ]
    # At the bound it is read.
    config.write_text('target-clients = ["codex"]\n' + "#" * (MAX_CONFIG_BYTES - 27))
    assert config.stat().st_size == MAX_CONFIG_BYTES
    settings, problems = load_file_settings(tmp_path)
    assert settings.target_clients == ("codex",) and problems == []


def test_a_config_path_that_is_a_folder_or_a_fifo_is_one_problem(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").mkdir()
    os.mkfifo(tmp_path / "pyproject.toml")
    settings, problems = load_file_settings(tmp_path)
    assert settings == Settings()
    assert [p.source for p in problems] == [
        str(tmp_path / "pyproject.toml"),
        str(tmp_path / ".skill-ls.toml"),
    ]
