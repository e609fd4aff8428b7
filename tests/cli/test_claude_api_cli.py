"""`--client claude-api`: what an upload to the Claude API or claude.ai refuses, from the real
command line; without it (the default targets) none of it is reported."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.support import run_cli

UPLOAD = "Claude API / claude.ai upload"


@pytest.fixture
def skills(tmp_path: Path) -> Path:
    """A refused skill (reserved word, XML tag, two keys the upload does not take), a skill
    folder over the size limit, and a skill the upload accepts."""
    refused = tmp_path / "claude-helper"
    refused.mkdir()
    (refused / "SKILL.md").write_text(
        "---\n"
        "name: claude-helper\n"
        "description: Formats <example> blocks as tables. Use when a report has examples.\n"
        'argument-hint: "[file]"\n'
        "version: 1.0.0\n"
        "---\n"
        "# Helper\n",
        encoding="utf-8",
    )
    large = tmp_path / "survey-data"
    large.mkdir()
    (large / "SKILL.md").write_text(
        "---\nname: survey-data\ndescription: Answers questions from the survey table. "
        "Use when asked about the survey.\n---\n# Survey\n",
        encoding="utf-8",
    )
    with (large / "table.bin").open("wb") as table:
        table.truncate(30_000_001)  # sparse: no 30 MB written
    accepted = tmp_path / "pdf-tools"
    accepted.mkdir()
    (accepted / "SKILL.md").write_text(
        "---\nname: pdf-tools\ndescription: Extracts text and tables from PDF files. "
        "Use when working with PDFs.\nlicense: MIT\nmetadata:\n  version: '1.0'\n---\n# PDF\n",
        encoding="utf-8",
    )
    return tmp_path


def findings(folder: Path, *options: str) -> tuple[int, list[tuple[str, str, str, int, str]]]:
    done = run_cli("check", "--no-cache", "--format", "json", *options, str(folder))
    assert done.returncode in (0, 1), done.stderr
    found = [
        (
            Path(d["path"]).parent.name,
            d["code"],
            d["severity"],
            d["location"]["line"],
            d["message"],
        )
        for d in json.loads(done.stdout)["diagnostics"]
    ]
    return done.returncode, sorted(found)


def test_the_upload_refuses_what_its_docs_say(skills: Path) -> None:
    code, found = findings(skills, "--client", "claude-api", "--ignore", "SKL4")
    assert code == 1
    survey_bytes = sum(f.stat().st_size for f in (skills / "survey-data").iterdir())
    assert survey_bytes > 30_000_001
    refuses = f"{UPLOAD} refuses a skill that has it"
    assert found == [
        (
            "claude-helper",
            "SKL125",
            "error",
            2,
            f"`name` contains the reserved word `claude`: {UPLOAD} refuses the skill",
        ),
        (
            "claude-helper",
            "SKL126",
            "error",
            3,
            f"`description` holds the XML tag `<example>`: {UPLOAD} refuses the skill",
        ),
        (
            "claude-helper",
            "SKL301",
            "error",
            4,
            "`argument-hint` is honoured only by Claude Code, Copilot Chat (VS Code), Copilot "
            f"CLI and Qwen Code; {refuses}",
        ),
        (
            "claude-helper",
            "SKL301",
            "error",
            5,
            f"unknown field `version`: no client reads it; {refuses}; keep custom data under "
            "`metadata`",
        ),
        (
            "survey-data",
            "SKL127",
            "error",
            1,
            f"the skill folder's files take {survey_bytes:,} bytes together; "
            f"{UPLOAD} refuses a skill over 30,000,000 bytes",
        ),
    ]


def test_by_default_none_of_it_is_reported(skills: Path) -> None:
    code, found = findings(skills, "--ignore", "SKL4")
    assert code == 0
    assert [(folder, rule, severity, line) for folder, rule, severity, line, _ in found] == [
        ("claude-helper", "SKL301", "warning", 4),
        ("claude-helper", "SKL301", "warning", 5),
    ]


def test_the_upload_beside_an_agent(skills: Path) -> None:
    code, found = findings(
        skills / "claude-helper", "--client", "claude-code,claude-api", "--select", "SKL301"
    )
    assert code == 1
    assert [message for *_, message in found] == [
        f"`argument-hint` is honoured by Claude Code; {UPLOAD} refuses a skill that has it",
        f"unknown field `version`: no client reads it; {UPLOAD} refuses a skill that has it; "
        "keep custom data under `metadata`",
    ]


def test_the_upload_has_no_catalog_to_preview(skills: Path) -> None:
    done = run_cli("catalog", "--client", "claude-api", str(skills))
    assert done.returncode == 0
    assert done.stdout == ""
    assert done.stderr == (
        "claude-api (none): an upload target, not an agent: it discovers no skills, no "
        "catalog to preview\n"
    )


def test_a_cached_run_sees_the_folder_grow_past_the_limit(tmp_path: Path) -> None:
    folder = tmp_path / "skills" / "survey-data"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: survey-data\ndescription: Answers questions from the survey table. "
        "Use when asked about the survey.\n---\n# Survey\n",
        encoding="utf-8",
    )
    table = folder / "table.bin"
    table.write_bytes(b"")
    options = ("--client", "claude-api", "--select", "SKL127", "--cache-dir", str(tmp_path / "c"))

    def run() -> int:
        return run_cli("check", *options, str(folder.parent)).returncode

    assert run() == 0
    # The run is recorded, and a replay must notice that a file's size changed.
    os.truncate(table, 30_000_001)
    stamp = table.stat().st_mtime_ns + 1_000_000_000
    os.utime(table, ns=(stamp, stamp))  # clearly after the recorded run
    assert run() == 1
    os.truncate(table, 10)
    stamp += 1_000_000_000
    os.utime(table, ns=(stamp, stamp))
    assert run() == 0
