"""SKL413: a publish, deploy, push or delete command in a skill the model may activate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_ls.diagnostics import Severity
from skill_ls.document import SkillDocument
from skill_ls.document.blocks import LineKind, body_lines
from skill_ls.rules import side_effects
from skill_ls.rules.code_spans import inline_code_spans
from skill_ls.settings import Settings

from ..unit_helpers import apply_fix, covered, one, parse, r, run, skill

NAME = "name: my-skill"
DESC = "description: Ships the release. Use when asked to release."
SELECT = Settings(select=("SKL413",), target_clients=("claude-code", "codex"))


def found(
    body: str, *extra: str, settings: Settings = SELECT
) -> list[tuple[str, Severity, str, object]]:
    text = skill(NAME, DESC, *extra, body=body)
    return [
        (d.code, d.severity, d.message, (d.range, covered(text, d.range)))
        for d in run(text, settings=settings)
    ]


def test_a_push_in_a_shell_block_names_the_command_and_the_agents() -> None:
    body = "Release:\n\n```bash\ngit tag v1.2.3\ngit push origin v1.2.3\n```\n"
    assert found(body) == [
        (
            "SKL413",
            Severity.INFO,
            "the body runs `git push`, yet Claude Code may activate this skill on the model's "
            "own decision: set `disable-model-invocation: true` to leave it to the user; "
            "OpenAI Codex ignores the field",
            (r(8, 0, 8, 8), "git push"),
        )
    ]


def test_several_commands_are_listed_once_each_at_the_first() -> None:
    body = (
        "Run `npm publish`, then `git  push`.\n\n```sh\nnpm publish\nterraform apply\n"
        "rm -rf ./out\nkubectl apply -f k8s/\n```\n"
    )
    settings = Settings(select=("SKL413",), target_clients=("claude-code", "copilot-cli"))
    assert found(body, settings=settings) == [
        (
            "SKL413",
            Severity.INFO,
            "the body runs `npm publish`, `git push`, `terraform apply` and 2 more, yet "
            "Claude Code and Copilot CLI may activate this skill on the model's own decision: "
            "set `disable-model-invocation: true` to leave it to the user (Copilot CLI then "
            "does not load the skill at all)",
            (r(4, 5, 4, 16), "npm publish"),
        )
    ]


def test_the_fix_adds_the_flag_and_removes_the_finding() -> None:
    text = skill(NAME, DESC, body="```bash\ndocker push registry/app:1\n```\n")
    diag = one(run(text, settings=SELECT), "SKL413")
    assert [(fix.title, fix.safe) for fix in diag.fixes] == [
        ("Add `disable-model-invocation: true`", False)
    ]
    fixed = apply_fix(text, diag.fixes[0])
    assert fixed == ("---\ndisable-model-invocation: true\n" + text.removeprefix("---\n"))
    assert run(fixed, settings=SELECT) == []


@pytest.mark.parametrize(
    "body",
    [
        "Never run `git push --force` on main.\n",  # a prohibition
        "Do not `rm -rf` anything.\n",
        "Prefer `az acr build` over `docker push`.\n",  # a contrast
        "```bash\nhelm install app ./chart --dry-run\n```\n",  # a rehearsal
        "| attack | `rm -rf /` |\n",  # a table of examples
        '```bash\nrm -rf "$WORK_DIR" node_modules\nrm -rf /tmp/scratch\n```\n',  # cleanup
        "Then git push the branch.\n",  # prose, not code
        "```python\nos.system('git push')\n```\n",  # not a shell block
        "```bash\ngit pushd\ndigit push\nmy-git push\n```\n",  # not the command's words
    ],
)
def test_what_is_not_an_instruction_to_run_a_command_is_clean(body: str) -> None:
    assert found(body) == []


@pytest.mark.parametrize(
    "extra", ["disable-model-invocation: true", "disable-model-invocation: false"]
)
def test_a_flag_already_set_is_the_authors_choice(extra: str) -> None:
    assert found("```bash\ngit push\n```\n", extra) == []


def test_targets_that_ignore_the_field_get_nothing() -> None:
    settings = Settings(select=("SKL413",), target_clients=("codex", "gemini-cli"))
    assert found("```bash\ngit push\n```\n", settings=settings) == []


def test_sql_and_unlabelled_blocks_count() -> None:
    result = found("```sql\nDROP TABLE users;\n```\n\n```\nvercel deploy --prod\n```\n")
    assert [(code, rng) for code, _, _, rng in result] == [
        ("SKL413", (r(5, 0, 5, 10), "DROP TABLE"))
    ]
    assert "`DROP TABLE`, `vercel deploy`" in result[0][2]


# --- the lines searched: the whole-body search against a visit of every line -------------

_FRAGMENTS = [
    "```",
    "```bash",
    "```python",
    "~~~sh",
    "~~~",
    "````console",
    "````",
    "   ```",
    "git push origin main",
    "  npm publish --access public",
    "rm -rf build",
    "rm -rf /srv/data",
    "kubectl apply -f k8s/",
    "DROP TABLE users;",
    "Run `git push` when done.",
    "Never run `git push --force`.",
    "| `rm -rf /` | wipes everything |",
    "Then `terraform apply` and `helm upgrade app`.",
    "plain prose about deploy and release",
    "",
]


def _line_by_line(doc: SkillDocument) -> list[tuple[str, object]]:
    """What `commands` finds, by visiting every body line (the scan it replaced)."""
    found: list[tuple[str, object]] = []
    language = ""
    for number, line, kind in body_lines(doc):
        if kind is LineKind.FENCE_OPEN:
            info = line.strip().lstrip("`~").strip().split()
            language = info[0].lower().strip("{}.") if info else ""
            continue
        if kind is LineKind.CODE and language in side_effects._SHELL_LANGUAGES:
            spans = [(0, len(line))]
        elif kind is LineKind.PROSE and "`" in line:
            spans = inline_code_spans(line)
        else:
            continue
        matches = [m for b, e in spans for m in side_effects._COMMANDS.finditer(line, b, e)]
        if not matches or side_effects._FORBIDDING.search(line) or line.lstrip().startswith("|"):
            continue
        base = doc.index.line_starts[number]
        for match in matches:
            if match.group().startswith("rm") and side_effects._SCRATCH.match(line, match.end()):
                continue
            text = " ".join(match.group().split())
            found.append((text, doc.index.range(base + match.start(), base + match.end())))
    return found


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.sampled_from(_FRAGMENTS), max_size=30), crlf=st.booleans())
def test_the_commands_found_are_those_a_visit_of_every_line_finds(
    lines: list[str], crlf: bool
) -> None:
    text = skill(NAME, DESC, body="\n".join(lines) + "\n")
    doc = parse(text.replace("\n", "\r\n") if crlf else text)
    assert [(c.text, c.range) for c in side_effects.commands(doc)] == _line_by_line(doc)
