"""`[[overrides]]`: per-path values in a configuration file, read, checked and resolved."""

from __future__ import annotations

from pathlib import Path

from skill_ls.checking.result_cache import run_key
from skill_ls.config import load_file_settings, merge, settings_schema
from skill_ls.diagnostics import Severity
from skill_ls.settings import Settings

CONFIG = """
ignore = ["SKL451"]
[rules]
SKL301 = "warning"
SKL302 = "info"

[[overrides]]
files = ["legacy/**"]
ignore = ["SKL403"]
rules = { SKL301 = "off" }

[[overrides]]
files = ["drafts/*/SKILL.md", "legacy/keep/**"]
select = ["SKL4"]
rules = { SKL302 = "error" }
target-clients = ["codex"]
"""


def write(root: Path, text: str) -> None:
    (root / ".skill-ls.toml").write_text(text, encoding="utf-8")


def test_overrides_apply_to_the_files_they_match_in_order(tmp_path: Path) -> None:
    write(tmp_path, CONFIG)
    settings, problems = load_file_settings(tmp_path)
    assert problems == []
    assert len(settings.overrides) == 2
    top = settings.for_path(tmp_path / "main" / "x" / "SKILL.md")
    assert top.ignore == ("SKL451",) and top.select == () and top.target_clients == ()
    assert top.rules == {"SKL301": Severity.WARNING, "SKL302": Severity.INFO}
    legacy = settings.for_path(tmp_path / "legacy" / "old" / "SKILL.md")
    assert legacy.ignore == ("SKL403",)  # replaces the top-level list
    assert legacy.rules == {"SKL301": None, "SKL302": Severity.INFO}  # merged per code
    assert not legacy.rule_enabled("SKL403") and legacy.rule_enabled("SKL451")
    both = settings.for_path(tmp_path / "legacy" / "keep" / "SKILL.md")
    assert both.ignore == ("SKL403",) and both.select == ("SKL4",)
    assert both.rules == {"SKL301": None, "SKL302": Severity.ERROR}  # the later one wins
    assert both.target_clients == ("codex",)
    draft = settings.for_path(str(tmp_path / "drafts" / "a" / "SKILL.md"))
    assert draft.select == ("SKL4",) and draft.ignore == ("SKL451",)
    # `*` is one path segment, as in .gitignore.
    assert settings.for_path(tmp_path / "drafts" / "a" / "b" / "SKILL.md").select == ()
    # Resolving again changes nothing (the server resolves, then a folder check does).
    assert both.for_path(tmp_path / "legacy" / "keep" / "SKILL.md") == both
    # A path outside the configuration's folder matches nothing.
    assert settings.for_path(tmp_path.parent / "legacy" / "SKILL.md") == settings


def test_without_overrides_a_path_costs_nothing() -> None:
    settings = Settings(ignore=("SKL1",))
    assert settings.for_path("/anywhere/SKILL.md") is settings


def test_dot_file_overrides_come_after_pyproject_ones(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[[tool.skill-ls.overrides]]\nfiles = ["a/**"]\nignore = ["SKL1"]\n', encoding="utf-8"
    )
    write(tmp_path, '[[overrides]]\nfiles = ["a/**"]\nignore = ["SKL2"]\n')
    settings, problems = load_file_settings(tmp_path)
    assert problems == []
    assert settings.for_path(tmp_path / "a" / "SKILL.md").ignore == ("SKL2",)


def test_bad_overrides_are_reported_and_never_raise(tmp_path: Path) -> None:
    write(
        tmp_path,
        """
[[overrides]]
files = ["legacy/**"]
ignore = ["SKL403"]
severity = "error"

[[overrides]]
files = "legacy/**"
ignore = ["SKL1"]

[[overrides]]
files = ["ok/**", 3]

[[overrides]]
files = ["!", "good/**", ""]
rules = { SKL999 = "error", SKL301 = "loud", SKL302 = "error" }
select = ["NOPE"]

[[overrides]]
ignore = ["SKL1"]
""",
    )
    settings, problems = load_file_settings(tmp_path)
    messages = [p.message for p in problems]
    assert len(messages) == 9, messages
    assert "unknown key 'severity' in overrides[1]" in messages[0]
    assert messages[1].startswith("overrides[2]: files must be a non-empty list")
    assert messages[2].startswith("overrides[3]: files must be a non-empty list")
    assert messages[3].startswith("overrides[4]: bad pattern")
    assert "'' is no pattern" in messages[4]
    assert "unknown rule code SKL999" in messages[5]
    assert "SKL301" in messages[6] and "NOPE in select matches no rule code" in messages[7]
    assert messages[8] == "overrides[5] has no files"
    # The good parts still apply: the first override, and the fourth's good pattern.
    assert [o.files for o in settings.overrides] == [("legacy/**",), ("good/**",)]
    good = settings.for_path(tmp_path / "good" / "SKILL.md")
    assert good.rules == {"SKL302": Severity.ERROR}
    assert settings.for_path(tmp_path / "legacy" / "SKILL.md").ignore == ("SKL403",)


def test_overrides_must_be_tables_and_only_in_files(tmp_path: Path) -> None:
    write(tmp_path, 'overrides = ["legacy/**", 1]\n')
    settings, problems = load_file_settings(tmp_path)
    assert settings.overrides == ()
    assert [p.message for p in problems] == [
        "overrides[1] must be a table",
        "overrides[2] must be a table",
    ]
    write(tmp_path, 'overrides = "legacy/**"\n')
    assert "must be an array of tables" in load_file_settings(tmp_path)[1][0].message
    _, problems = merge(Settings(), {"overrides": [{"files": ["a/**"]}]}, "editor settings")
    assert [p.message for p in problems] == ["overrides are read from a configuration file only"]


def test_command_line_and_editor_values_hold_in_overridden_files(tmp_path: Path) -> None:
    write(tmp_path, CONFIG)
    settings, _ = load_file_settings(tmp_path)
    values = {"select": ["SKL3"], "ignore": [*settings.ignore, "SKL9"], "rules": {"SKL302": "hint"}}
    outer, problems = merge(settings, values, "command line")
    assert problems == []
    keep = outer.for_path(tmp_path / "legacy" / "keep" / "SKILL.md")
    assert keep.select == ("SKL3",)  # the command line's, not the override's
    assert keep.ignore == ("SKL403", "SKL9")  # the override's, and the command line's addition
    assert keep.rules == {"SKL301": None, "SKL302": Severity.HINT}
    assert keep.target_clients == ("codex",)  # not set outside: the override's


def test_the_run_key_changes_with_an_override(tmp_path: Path) -> None:
    write(tmp_path, CONFIG)
    first = run_key(load_file_settings(tmp_path)[0], table="t", code="c")
    write(tmp_path, CONFIG.replace('ignore = ["SKL403"]', 'ignore = ["SKL404"]'))
    assert run_key(load_file_settings(tmp_path)[0], table="t", code="c") != first


def test_the_schema_marks_overrides_file_only() -> None:
    spec = settings_schema()["properties"]["overrides"]
    assert spec["x-file-only"] is True
    assert spec["type"] == "array" and spec["items"] == {"type": "object"}
    # The editor does not offer it: the generated VS Code settings leave it out.
    package = Path(__file__).resolve().parents[2] / "vscode-extension" / "package.json"
    assert "skillLs.overrides" not in package.read_text(encoding="utf-8")
