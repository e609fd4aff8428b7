"""Patterns found in the real-skill corpus (benchmarks/corpus/), reproduced by the synthetic
skills in tests/fixtures/corpus_patterns/: each is judged as the corpus review decided."""

from __future__ import annotations

from pathlib import Path

from skill_ls.checking import check_file
from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.settings import Settings

PATTERNS = Path(__file__).resolve().parents[1] / "fixtures" / "corpus_patterns"


def found(relative: str, settings: Settings | None = None) -> list[Diagnostic]:
    return check_file(PATTERNS / relative, settings or Settings()).diagnostics


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


def test_a_nested_skill_whose_name_differs_is_not_an_error() -> None:
    [mismatch] = [
        d for d in found("nested-skill-name-prefix/cold-start/SKILL.md") if d.code == "SKL106"
    ]
    assert mismatch.severity is Severity.WARNING
    assert mismatch.message == (
        "`name` 'nested-skill-name-prefix-cold-start' does not match its folder 'cold-start'; "
        "it is nested in the skill `nested-skill-name-prefix`, so agents that stop at the "
        "first SKILL.md do not load it as a skill, and the others warn"
    )
    assert "SKL106" not in codes(found("nested-skill-name-prefix/SKILL.md"))


def test_the_same_mismatch_outside_a_skill_is_an_error_for_the_spec_profile(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "cold-start" / "SKILL.md"
    copy.parent.mkdir()
    copy.write_bytes((PATTERNS / "nested-skill-name-prefix/cold-start/SKILL.md").read_bytes())
    [mismatch] = [d for d in check_file(copy, Settings()).diagnostics if d.code == "SKL106"]
    assert mismatch.severity is Severity.ERROR
    assert "Agent Skills spec" in mismatch.message


def test_illustrative_paths_are_not_missing_files() -> None:
    for relative in (
        "example-paths-in-prose/SKILL.md",
        "placeholder-filename-reference/SKILL.md",
        "plugin-agent-reference/skills/code-sweep/SKILL.md",
    ):
        assert "SKL403" not in codes(found(relative)), relative


def test_a_flow_sequence_is_valid_yaml_and_never_an_error() -> None:
    diagnostics = found("flow-sequence-frontmatter/SKILL.md")
    assert diagnostics, "the pattern carries its info and warning"
    assert all(d.severity < Severity.ERROR for d in diagnostics)
