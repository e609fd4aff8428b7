"""Unpinned package runners (SKL463) in SKILL.md's code."""

from __future__ import annotations

import pytest

from skill_ls.diagnostics import Diagnostic, Severity
from skill_ls.rules import RULES
from skill_ls.settings import Settings

from ..unit_helpers import r, run, skill

RUNNERS = Settings(select=("SKL463",))

# Line 4 is the first body line.
FIRST = 4


def runner(body: str) -> list[Diagnostic]:
    # A check that says nothing proves nothing unless the rule runs at all.
    assert "SKL463" in RULES
    found = run(
        skill("name: my-skill", "description: Does things. Use when asked.", body=body),
        settings=RUNNERS,
    )
    return [d for d in found if d.code == "SKL463"]


@pytest.mark.parametrize(
    ("line", "package"),
    [
        ("npx -y @scope/some-tool serve", "@scope/some-tool"),
        ("npx --yes some-tool serve", "some-tool"),
        ("npx -p some-tool@ tool-bin", "some-tool@"),
        ("uvx some-tool --help", "some-tool"),
        ("uvx --python 3.12 some-tool", "some-tool"),
        ("uvx --from some-tool tool-bin", "some-tool"),
        ("pipx run some-tool --help", "some-tool"),
        ("pipx   run --spec some-tool tool-bin", "some-tool"),
        ("bunx @scope/some-tool", "@scope/some-tool"),
        ("cd x && npx -y some-tool", "some-tool"),
        ("uvx 'some-tool[extra]' run", "some-tool[extra]"),
    ],
)
def test_unpinned_runners_in_code_blocks(line: str, package: str) -> None:
    found = runner(f"```bash\n{line}\n```\n")
    assert len(found) == 1, found
    assert found[0].severity is Severity.WARNING
    start = line.index(package)
    assert found[0].range == r(FIRST + 1, start, FIRST + 1, start + len(package))


def test_unpinned_runner_in_inline_code() -> None:
    line = "Then run `uvx some-tool check` and read the output."
    found = runner(line + "\n")
    assert [d.range for d in found] == [r(FIRST, 14, FIRST, 23)]
    assert "some-tool==1.2.3" in found[0].message


def test_plain_npx_of_a_tool_is_a_hint() -> None:
    found = runner("```sh\nnpx jest --watch\n```\n")
    assert len(found) == 1 and found[0].severity is Severity.HINT


@pytest.mark.parametrize("tag", ["latest", "next"])
def test_a_floating_tag_said_explicitly_is_a_hint(tag: str) -> None:
    found = runner(f"```sh\nnpx -y @scope/some-tool@{tag}\n```\n")
    assert len(found) == 1 and found[0].severity is Severity.HINT
    assert f"@{tag}" in found[0].message


@pytest.mark.parametrize(
    "line",
    [
        "npx -y @scope/some-tool@1.2.3 serve",
        "npx some-tool@^2 serve",
        "bunx some-tool@1.0.0",
        "uvx some-tool==1.2.3 --help",
        "uvx some-tool@1.2.3 --help",
        "uvx --from 'some-tool==1.2.3' tool-bin",
        "uvx --from=some-tool~=1.2 tool-bin",
        "uvx 'some-tool[extra]==1.0' run",
        "pipx run --spec some-tool==1.2.3 tool-bin",
        "npx -p some-tool@1.2.3 tool-bin",
        "uvx --from git+https://github.com/o/r tool-bin",
        "npx ./local-script.js",
        "npx $TOOL",
        "npx <package>",
        "npx -y package-name",
        "# npx with unversioned packages",
        "uv run some-tool",
        "mynpx some-tool",
    ],
)
def test_pinned_or_not_a_package(line: str) -> None:
    assert runner(f"```sh\n{line}\n```\n") == []


def test_runner_in_prose_outside_code_is_not_a_command() -> None:
    assert runner("You can npx some-tool if you like.\n") == []
