"""`skill-ls check` on skills with Codex's `agents/openai.yaml`, as a real subprocess: the
file beside each skill found is checked (SKL607-SKL612), and one named alone is too."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.support import run_cli

LEDGER = (
    "Checks the monthly ledger against the bank statement and writes a short report of every "
    "difference."
)
SKILL = "---\nname: {name}\ndescription: " + LEDGER + "\n---\n# Ledger\n\nCompare the two files.\n"
BAD = (
    "interface:\n"
    "  display_nam: Ledger\n"
    "  brand_color: #D83A34\n"
    "policy:\n"
    "  allow_implicit_invocation: no\n"
)
GOOD = (
    'interface:\n  display_name: Ledger\n  brand_color: "#D83A34"\npolicy:\n  products: [codex]\n'
)


def _skill(root: Path, name: str, sidecar: str) -> Path:
    folder = root / ".agents" / "skills" / name
    (folder / "agents").mkdir(parents=True)
    text = SKILL.format(name=name)
    if name != "ledger":
        # A description of its own: two skills listed with one description compete (SKL509).
        text = text.replace(LEDGER, f"Drafts the {name} for the board from the figures given.")
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    (folder / "agents" / "openai.yaml").write_text(sidecar, encoding="utf-8")
    return folder


def _findings(stdout: str) -> list[tuple[str, str, int, int, int, int, str]]:
    return [
        (
            d["path"],
            d["code"],
            d["range"]["start"]["line"],
            d["range"]["start"]["column"],
            d["range"]["end"]["line"],
            d["range"]["end"]["column"],
            d["message"],
        )
        for d in json.loads(stdout)["diagnostics"]
    ]


EXPECTED = [
    (
        "SKL608",
        1,
        2,
        1,
        13,
        "OpenAI Codex does not read `display_nam` under `interface` and ignores it; did you "
        "mean `display_name`?",
    ),
    (
        "SKL610",
        2,
        15,
        2,
        22,
        "`#D83A34` is a YAML comment here, so `interface.brand_color` is empty and OpenAI Codex "
        'ignores it: quote the colour ("#D83A34")',
    ),
    (
        "SKL609",
        4,
        29,
        4,
        31,
        "OpenAI Codex ignores this whole file: `policy.allow_implicit_invocation` must be true "
        "or false (unquoted), not `no`; the skill loads without the file's interface, "
        "dependencies and policy",
    ),
]


def test_check_of_a_folder_checks_the_sidecar_beside_each_skill(tmp_path: Path) -> None:
    _skill(tmp_path, "ledger", BAD)
    _skill(tmp_path, "report", GOOD)
    done = run_cli("check", ".", "--no-cache", "--format", "json", cwd=tmp_path, home=tmp_path)
    assert done.returncode == 1, done.stderr
    sidecar = ".agents/skills/ledger/agents/openai.yaml"
    assert _findings(done.stdout) == [(sidecar, *finding) for finding in EXPECTED]
    # Two skills and two sidecars were checked; only the bad sidecar has findings.
    assert json.loads(done.stdout)["summary"]["files"] == 4


def test_check_of_one_sidecar_named_alone(tmp_path: Path) -> None:
    _skill(tmp_path, "ledger", BAD)
    sidecar = ".agents/skills/ledger/agents/openai.yaml"
    done = run_cli("check", sidecar, "--no-cache", "--format", "json", cwd=tmp_path, home=tmp_path)
    assert done.returncode == 1, done.stderr
    assert _findings(done.stdout) == [(sidecar, *finding) for finding in EXPECTED]
    assert json.loads(done.stdout)["summary"]["files"] == 1


def test_a_good_sidecar_and_ignored_rules_leave_the_check_clean(tmp_path: Path) -> None:
    _skill(tmp_path, "report", GOOD)
    done = run_cli("check", ".", "--no-cache", "--format", "json", cwd=tmp_path, home=tmp_path)
    assert (done.returncode, _findings(done.stdout)) == (0, [])
    _skill(tmp_path, "ledger", BAD)
    done = run_cli(
        "check",
        ".",
        "--no-cache",
        "--format",
        "json",
        "--ignore",
        "SKL6",
        cwd=tmp_path,
        home=tmp_path,
    )
    assert (done.returncode, _findings(done.stdout)) == (0, [])
