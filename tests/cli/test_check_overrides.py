"""`skill-ls check` with `[[overrides]]`: each file judged by the settings its path gets."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli

REPO = Path(__file__).resolve().parents[2]

SKILL = """---
name: {name}
description: Extracts text from PDF files. Use when the user mentions PDFs.
---

# Body

Read [the guide](references/guide.md).
"""

PDF = "Extracts text from PDF files. Use when the user mentions PDFs."
# Skills of other names say what they do in words of their own (the same description under
# several names is SKL509).
OWN_DESCRIPTIONS = {
    "new": "Drafts release notes from merged pull requests. Use when a release is cut.",
    "cur": "Formats SQL queries and explains their plans. Use when the user pastes a query.",
}

CONFIG = """
[[overrides]]
files = ["legacy/**"]
ignore = ["SKL403", "SKL5"]

[[overrides]]
files = ["drafts/**"]
rules = { SKL403 = "error" }
"""


def project(root: Path) -> None:
    """Three projects whose skills all point at a missing file (SKL403, a warning); the
    legacy one has two copies of one skill (SKL501)."""
    for folder in (
        "legacy/.agents/skills/old",
        "legacy/.claude/skills/old",
        "drafts/.agents/skills/new",
        "main/.agents/skills/cur",
    ):
        (root / folder).mkdir(parents=True)
        name = folder.rsplit("/", 1)[1]
        text = SKILL.format(name=name).replace(PDF, OWN_DESCRIPTIONS.get(name, PDF))
        (root / folder / "SKILL.md").write_text(text, encoding="utf-8")
    (root / ".git").mkdir()


def findings(root: Path, *args: str) -> tuple[int, list[tuple[str, str, str]]]:
    result = run_cli("check", "-f", "json", *args, ".", cwd=root)
    report = json.loads(result.stdout)
    found = sorted((d["path"], d["code"], d["severity"]) for d in report["diagnostics"])
    return result.returncode, found


def test_overrides_ignore_and_raise_rules_per_path(tmp_path: Path) -> None:
    project(tmp_path)
    cache = str(tmp_path / "cache")
    code, before = findings(tmp_path, "--cache-dir", cache)
    assert code == 0
    assert ("legacy/.agents/skills/old/SKILL.md", "SKL501", "warning") in before
    (tmp_path / ".skill-ls.toml").write_text(CONFIG, encoding="utf-8")
    for _ in range(2):  # from a fresh check, then from the cache the first one filled
        code, found = findings(tmp_path, "--cache-dir", cache)
        assert code == 1
        assert found == [
            ("drafts/.agents/skills/new/SKILL.md", "SKL403", "error"),
            ("main/.agents/skills/cur/SKILL.md", "SKL403", "warning"),
        ]
    # A changed override is a changed result: the cache does not answer for the old one.
    (tmp_path / ".skill-ls.toml").write_text(
        CONFIG.replace('"SKL403", "SKL5"', '"SKL5"'), encoding="utf-8"
    )
    code, found = findings(tmp_path, "--cache-dir", cache)
    assert found == [
        ("drafts/.agents/skills/new/SKILL.md", "SKL403", "error"),
        ("legacy/.agents/skills/old/SKILL.md", "SKL403", "warning"),
        ("legacy/.claude/skills/old/SKILL.md", "SKL403", "warning"),
        ("main/.agents/skills/cur/SKILL.md", "SKL403", "warning"),
    ]
    # The command line's --ignore holds in the overridden files too.
    code, found = findings(tmp_path, "--no-cache", "--ignore", "SKL403")
    assert (code, found) == (0, [])


def test_a_bad_override_is_a_finding_on_the_configuration(tmp_path: Path) -> None:
    project(tmp_path)
    (tmp_path / ".skill-ls.toml").write_text(
        CONFIG + '\n[[overrides]]\nfiles = "x/**"\nseverity = "error"\n', encoding="utf-8"
    )
    code, found = findings(tmp_path, "--no-cache")
    assert code == 1
    assert found == [
        (".skill-ls.toml", "SKL901", "warning"),
        (".skill-ls.toml", "SKL901", "warning"),
        ("drafts/.agents/skills/new/SKILL.md", "SKL403", "error"),
        ("main/.agents/skills/cur/SKILL.md", "SKL403", "warning"),
    ]


def test_fix_follows_the_overrides(tmp_path: Path) -> None:
    """`--fix` applies only the fixes of the rules a file's own settings run."""
    crlf = SKILL.format(name="{name}").replace("\n", "\r\n")  # SKL202, a safe fix
    for folder in ("legacy/.agents/skills/old", "main/.agents/skills/cur"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "SKILL.md").write_bytes(
            crlf.format(name=folder.rsplit("/", 1)[1]).encode()
        )
    (tmp_path / ".git").mkdir()
    (tmp_path / ".skill-ls.toml").write_text(
        '[[overrides]]\nfiles = ["legacy/**"]\nignore = ["SKL202"]\n', encoding="utf-8"
    )
    run_cli("check", "--no-cache", "--fix", ".", cwd=tmp_path)
    assert b"\r\n" in (tmp_path / "legacy/.agents/skills/old/SKILL.md").read_bytes()
    assert b"\r\n" not in (tmp_path / "main/.agents/skills/cur/SKILL.md").read_bytes()
