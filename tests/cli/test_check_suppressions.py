"""Inline suppressions through `skill-ls check`, run as a real subprocess: a suppressed
finding is gone in every format, unused and malformed directives are reported, and
`--no-inline-suppressions` (or the setting) brings the findings back, also when the run
before it left its results cached."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.support import run_cli

DESC = "description: Extracts text from PDF files. Use when the user mentions PDFs."
# `name` does not match the folder (SKL106), suppressed above the key.
SUPPRESSED = f"---\n# skill-ls: ignore[SKL106]\nname: other\n{DESC}\n---\n\n# PDF\n\nRead it.\n"
# A stale code (SKL301: no unknown field) and a misspelt directive in the body.
STALE = (
    f"---\n# skill-ls: ignore[SKL106, SKL301]\nname: other\n{DESC}\n---\n\n# PDF\n\n"
    "<!-- skill-ls: ingore[SKL403] -->\nRead it.\n"
)


def make_skill(root: Path, text: str, folder: str = "pdf", where: str = ".agents") -> Path:
    path = root / where / "skills" / folder / "SKILL.md"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8", newline="")
    return path


def findings(root: Path, *args: str) -> list[tuple[str, str, int]]:
    """(file, code, 1-based line) of each finding in the JSON report."""
    result = run_cli("check", "--format", "json", *args, ".", cwd=root)
    assert result.returncode in (0, 1), result.stderr
    report = json.loads(result.stdout)
    return [(d["path"], d["code"], d["range"]["start"]["line"] + 1) for d in report["diagnostics"]]


SKILL_MD = ".agents/skills/pdf/SKILL.md"


def test_a_suppressed_finding_is_gone_and_comes_back_for_an_audit(tmp_path: Path) -> None:
    make_skill(tmp_path, SUPPRESSED)
    assert findings(tmp_path, "--no-cache") == []
    assert findings(tmp_path, "--no-cache", "--no-inline-suppressions") == [(SKILL_MD, "SKL106", 3)]


# How each format names a finding's code (SARIF lists every rule besides its results).
@pytest.mark.parametrize(
    ("fmt", "marker"),
    [("text", "SKL106"), ("sarif", '"ruleId": "SKL106"'), ("github", "SKL106")],
)
def test_every_format_leaves_the_suppressed_finding_out(
    tmp_path: Path, fmt: str, marker: str
) -> None:
    make_skill(tmp_path, SUPPRESSED)
    quiet = run_cli("check", "--no-cache", "--format", fmt, ".", cwd=tmp_path)
    loud = run_cli(
        "check", "--no-cache", "--no-inline-suppressions", "--format", fmt, ".", cwd=tmp_path
    )
    # The suppressed finding is an error here: it decides the exit code only when reported.
    assert (quiet.returncode, loud.returncode) == (0, 1)
    assert marker not in quiet.stdout
    assert marker in loud.stdout


def test_unused_and_unknown_directives_are_reported(tmp_path: Path) -> None:
    make_skill(tmp_path, STALE)
    assert findings(tmp_path, "--no-cache") == [
        (SKILL_MD, "SKL903", 2),
        (SKILL_MD, "SKL904", 9),
    ]
    # For an audit the comments are not read at all.
    assert findings(tmp_path, "--no-cache", "--no-inline-suppressions") == [(SKILL_MD, "SKL106", 3)]


def test_the_setting_and_the_flag_never_share_cached_results(tmp_path: Path) -> None:
    make_skill(tmp_path, SUPPRESSED)
    for _ in range(2):  # the second round is answered from the cache and the run records
        assert findings(tmp_path) == []
        assert findings(tmp_path, "--no-inline-suppressions") == [(SKILL_MD, "SKL106", 3)]
    (tmp_path / ".skill-ls.toml").write_text("inline-suppressions = false\n", encoding="utf-8")
    assert findings(tmp_path) == [(SKILL_MD, "SKL106", 3)]
    (tmp_path / ".skill-ls.toml").write_text("inline-suppressions = true\n", encoding="utf-8")
    assert findings(tmp_path) == []


def test_cross_skill_findings_honour_the_frontmatter_directives(tmp_path: Path) -> None:
    suppressed = f"---\n# skill-ls: ignore[SKL501, SKL502]\nname: pdf\n{DESC}\n---\n\n# PDF\n"
    plain = f"---\nname: pdf\n{DESC}\n---\n\n# PDF\n"
    make_skill(tmp_path, suppressed, where=".claude")
    make_skill(tmp_path, plain, where=".agents")
    found = findings(tmp_path, "--no-cache")
    claude = ".claude/skills/pdf/SKILL.md"
    # The clash stays on the other copy; on this one SKL501 is suppressed, SKL502 unused.
    assert [f for f in found if f[0] == claude] == [(claude, "SKL903", 2)]
    assert {code for path, code, _ in found if path == SKILL_MD} == {"SKL501"}
    audit = findings(tmp_path, "--no-cache", "--no-inline-suppressions")
    assert {code for path, code, _ in audit if path == claude} == {"SKL501"}


def test_fix_removes_the_unused_code(tmp_path: Path) -> None:
    path = make_skill(tmp_path, STALE)
    result = run_cli("check", "--no-cache", "--fix", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_text(encoding="utf-8") == STALE.replace(", SKL301]", "]")
    assert findings(tmp_path, "--no-cache") == [(SKILL_MD, "SKL904", 9)]
