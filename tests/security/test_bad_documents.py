"""The bad-documents matrix through the validator and the CLI, in bounded child processes.

Bounds (stated here and in the README's "Safety" section), enforced, not timed:
- validator: one process checks every document of the matrix, one after the other, within
  `VALIDATOR_MEMORY` (768 MiB of address space, `RLIMIT_AS`; the largest document is 17 MB
  on disk), and each document within `CASE_WALL_SECONDS` (120 s; an alarm in the child turns
  a hang into a reported failure);
- CLI: one `skill-ls check --format json` over the whole matrix within `CLI_MEMORY`
  (1.5 GiB: it keeps every finding until it prints);
- both within `CHILD_CPU_SECONDS` of CPU (`RLIMIT_CPU`) and a wall-clock hang guard.
Every case names the rule codes that must be among its findings, and every finding's range
(and its fixes' edit ranges) must lie inside the document.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .cases import CASES, Case
from .harness import (
    CLI_MEMORY,
    VALIDATOR_MEMORY,
    python_argv,
    run_limited,
    start_limited,
)

HANG_GUARD_SECONDS = 600


@dataclass
class MatrixRuns:
    validator: dict[str, dict[str, object]]
    cli: dict[str, set[str]]
    cli_counts: dict[str, int]


def _wait(proc: subprocess.Popen[bytes], err: Path, what: str) -> None:
    try:
        proc.wait(timeout=HANG_GUARD_SECONDS)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail(f"{what} still running after {HANG_GUARD_SECONDS} s")
    if proc.returncode not in (0, 1):
        pytest.fail(f"{what} exited {proc.returncode}: {err.read_text(errors='replace')[-3000:]}")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MatrixRuns]:
    """The validator child and the CLI, side by side, each under its limits."""
    work = tmp_path_factory.mktemp("bad-documents")
    tree = work / "tree"
    for case in CASES:
        skill = tree / case.name / "my-skill"
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_bytes(case.build())
    names = [case.name for case in CASES]
    files = {name: (work / f"{name}.out", work / f"{name}.err") for name in ("validator", "cli")}
    handles = {name: (out.open("wb"), err.open("wb")) for name, (out, err) in files.items()}
    validator = start_limited(
        python_argv("-m", "security.matrix_child", *names),
        *handles["validator"],
        memory=VALIDATOR_MEMORY,
    )
    cli = start_limited(
        python_argv("-m", "skill_ls", "check", "--format", "json", "--severity", "hint", "."),
        *handles["cli"],
        memory=CLI_MEMORY,
        cwd=tree,
    )
    try:
        _wait(validator, files["validator"][1], "validator child")
        _wait(cli, files["cli"][1], "skill-ls check")
    finally:
        for out, err in handles.values():
            out.close()
            err.close()
    validator_results: dict[str, dict[str, object]] = {}
    for line in files["validator"][0].read_text().splitlines():
        record = json.loads(line)
        validator_results[record["name"]] = record
    missing = [n for n in names if n not in validator_results]
    assert not missing, f"validator child stopped before {missing[:3]}"
    assert cli.returncode == 1
    report = json.loads(files["cli"][0].read_text())
    assert report["summary"]["files"] == len(CASES)
    cli_results: dict[str, set[str]] = {name: set() for name in names}
    cli_counts: dict[str, int] = dict.fromkeys(names, 0)
    for diag in report["diagnostics"]:
        case_name = Path(diag["path"]).parts[0]
        cli_results[case_name].add(diag["code"])
        cli_counts[case_name] += 1
    yield MatrixRuns(validator_results, cli_results, cli_counts)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_validator_bounded_with_clear_finding(case: Case, runs: MatrixRuns) -> None:
    result = runs.validator[case.name]
    assert "error" not in result, result.get("traceback")
    codes = set(result["codes"])  # type: ignore[call-overload]
    assert set(case.codes) <= codes, f"expected {case.codes}, found {sorted(codes)}"
    assert result["problems"] == []
    if case.max_findings is not None:
        assert result["count"] <= case.max_findings  # type: ignore[operator]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_cli_bounded_with_clear_finding(case: Case, runs: MatrixRuns) -> None:
    found = runs.cli[case.name]
    assert set(case.codes) <= found, f"expected {case.codes}, found {sorted(found)}"
    if case.max_findings is not None:
        assert runs.cli_counts[case.name] <= case.max_findings


def test_cli_text_output_stays_small_for_huge_lines(tmp_path: Path) -> None:
    """The text format quotes the source line under each finding: a 200 KB frontmatter
    line and a 1 MB body line must not be printed whole."""
    skill = tmp_path / "my-skill"
    skill.mkdir()
    (skill / "SKILL.md").write_bytes(
        b"---\nname: my-skill\ndescription: " + b"ab: " * 50_000 + b"\n---\n" + b"x" * 2**20
    )
    proc = run_limited(python_argv("-m", "skill_ls", "check", str(skill / "SKILL.md")))
    assert proc.returncode == 1, proc.stderr.decode()[-2000:]
    assert b"SKL003" in proc.stdout
    assert len(proc.stdout) < 64 * 1024, f"{len(proc.stdout)} bytes of output"
