"""`skill-ls schema --client X`: a draft 2020-12 JSON Schema of the frontmatter that agrees
with the validator. It accepts every fixture frontmatter the validator finds no error in,
and rejects, at the same field, the type errors the validator reports."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from skill_ls.cli import main
from skill_ls.clients.fields import SPEC_FIELD_NAMES as SPEC
from skill_ls.clients.groups import GROUP_DOCS
from skill_ls.clients.table import CLIENTS_BY_ID, UPLOAD_TARGETS, get_client

REPO = Path(__file__).resolve().parents[2]
SETTINGS_SCHEMA = REPO / "skill_ls" / "data" / "settings.schema.json"
VALID_FIXTURES = REPO / "tests" / "fixtures" / "schema" / "valid"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def client_ids() -> list[str]:
    settings = json.loads(SETTINGS_SCHEMA.read_text(encoding="utf-8"))
    names: list[str] = settings["properties"]["targetClients"]["items"]["enum"]
    # The enum also holds the client groups (`all`, `observed`, `cited`), which have no schema.
    return [name for name in names if name not in GROUP_DOCS]


CLIENTS = client_ids()
UPLOADS = {client.id for client in UPLOAD_TARGETS}


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command line, as a subprocess."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "skill_ls", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def run_in_process(*args: str) -> tuple[int, str]:
    """The same entry point in this process (the many per-client runs stay fast)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(args))
    return code, out.getvalue()


@cache
def schema_for(client: str) -> dict[str, Any]:
    code, out = run_in_process("schema", "--client", client)
    assert code == 0
    schema: dict[str, Any] = json.loads(out)
    return schema


def check_json(client: str, *paths: Path) -> dict[Path, set[tuple[str, str]]]:
    """(code, severity) of each finding, by the file's absolute path."""
    code, out = run_in_process(
        "check", "--format", "json", "--no-progress", "--client", client, *map(str, paths)
    )
    assert code in (0, 1), out
    found: dict[Path, set[tuple[str, str]]] = {}
    for d in json.loads(out)["diagnostics"]:
        path = Path(d["path"])
        path = path if path.is_absolute() else Path.cwd() / path
        found.setdefault(path.resolve(), set()).add((d["code"], d["severity"]))
    return found


def frontmatter(text: str) -> Any:
    """The frontmatter as a YAML loader gives it to JSON Schema tooling."""
    lines = text.splitlines()
    assert lines and lines[0].strip() == "---"
    end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    return YAML(typ="safe", pure=True).load("\n".join(lines[1:end]))


def test_schema_command_prints_one_schema() -> None:
    done = run_cli("schema", "--client", "claude-code")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == schema_for("claude-code")


@pytest.mark.parametrize("client", CLIENTS)
def test_schema_is_draft_2020_12(client: str) -> None:
    schema = schema_for(client)
    assert schema["$schema"] == DRAFT_2020_12
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object"
    assert "name" in schema["required"]
    # `description` is required where the client skips a skill without one (the rest
    # describe it by its body, or load it without one: Claude Code, OpenCode, Cline CLI).
    loads_without = get_client(client).reading.without_description() != "skip"
    assert ("description" in schema["required"]) is not loads_without


def test_unknown_client_is_a_usage_error() -> None:
    done = run_cli("schema", "--client", "no-such-client")
    assert done.returncode == 2
    assert done.stdout == ""


# --- every frontmatter the validator accepts, the schema accepts ------------------------


def fixture_skills() -> list[Path]:
    roots = [REPO / "examples", REPO / "tests" / "fixtures"]
    return sorted({p.resolve() for root in roots for p in root.rglob("SKILL.md") if p.is_file()})


@pytest.mark.parametrize("client", CLIENTS)
def test_schema_accepts_every_valid_fixture(client: str) -> None:
    skills = fixture_skills()
    findings = check_json(client, *skills)
    # A type finding (SKL302) is a warning where every target keeps the skill, yet the
    # value still breaks the field's type, as the schema says too.
    valid = [
        p
        for p in skills
        if all(sev != "error" and code != "SKL302" for code, sev in findings.get(p, ()))
    ]
    # Not vacuous: the fixtures written for this test are valid for every agent; a target
    # that refuses keys it does not know (an upload) accepts the spec-only ones.
    ours = sorted(p.resolve() for p in VALID_FIXTURES.glob("*/SKILL.md"))
    if CLIENTS_BY_ID[client].fields.unknown == "error":
        ours = [p for p in ours if set(frontmatter(p.read_text(encoding="utf-8"))) <= SPEC]
    assert len(ours) >= (1 if client in UPLOADS else 3) and set(ours) <= set(valid), findings
    validator = jsonschema.Draft202012Validator(schema_for(client))
    judged = 0
    for path in valid:
        try:
            data = frontmatter(path.read_text(encoding="utf-8"))
        except YAMLError:
            # Valid for a lenient loader (an unquoted `: `, read as text) but not YAML at
            # all: no schema tool can read it, and strict clients get SKL003 instead.
            assert ("SKL003", "error") in check_json("copilot", path).get(path, set())
            continue
        problems = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert not problems, f"{path} is valid for {client} but the schema rejects it: {problems}"
        judged += 1
    assert judged >= len(ours)


# --- every type error the validator reports, the schema rejects at the same field -------


@dataclass(frozen=True)
class TypeCase:
    id: str
    client: str
    key: str
    value: str  # YAML text
    code: str

    def text(self) -> str:
        fields = {
            "name": self.id,
            "description": "Converts files between formats. Use when the user asks to convert.",
            self.key: self.value,
        }
        body = "".join(f"{key}: {value}\n" for key, value in fields.items())
        return f"---\n{body}---\n\n# Steps\n\nConvert the file.\n"


TYPE_CASES = [
    TypeCase("name-number", "agentskills", "name", "123", "SKL102"),
    TypeCase("description-list", "agentskills", "description", "[a, b]", "SKL112"),
    TypeCase("license-mapping", "codex", "license", "{a: b}", "SKL123"),
    TypeCase("metadata-string", "agentskills", "metadata", "author", "SKL122"),
    TypeCase("metadata-number", "gemini-cli", "metadata", "{version: 1.2}", "SKL122"),
    TypeCase("compatibility-number", "opencode", "compatibility", "42", "SKL121"),
    TypeCase("allowed-tools-mapping", "claude-code", "allowed-tools", "{Bash: 1}", "SKL124"),
    TypeCase("argument-hint-list", "copilot", "argument-hint", "[version]", "SKL302"),
    TypeCase("invocation-string", "cursor", "disable-model-invocation", "'yes'", "SKL302"),
    TypeCase("invocation-number", "pi", "disable-model-invocation", "1", "SKL302"),
    TypeCase("user-invocable-number", "claude-code", "user-invocable", "1", "SKL302"),
    TypeCase("model-number", "claude-code", "model", "3", "SKL302"),
    TypeCase("background-string", "claude-code", "background", "'true'", "SKL302"),
    TypeCase("context-enum", "copilot", "context", "inline", "SKL302"),
    TypeCase("effort-enum", "claude-code", "effort", "extreme", "SKL302"),
    TypeCase("shell-enum", "claude-code", "shell", "zsh", "SKL302"),
]


@pytest.fixture(scope="module")
def type_case_findings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """Each case's codes, from one `check` per client over all of that client's cases."""
    root = tmp_path_factory.mktemp("type-cases")
    for case in TYPE_CASES:
        folder = root / case.client / case.id
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(case.text(), encoding="utf-8")
    found: dict[str, set[str]] = {case.id: set() for case in TYPE_CASES}
    for client in sorted({case.client for case in TYPE_CASES}):
        for path, codes in check_json(client, root / client).items():
            found[path.parent.name] |= {code for code, _ in codes}
    return found


def ids(cases: list[TypeCase]) -> Iterator[str]:
    return (case.id for case in cases)


@pytest.mark.parametrize("case", TYPE_CASES, ids=list(ids(TYPE_CASES)))
def test_schema_rejects_the_type_errors_the_validator_reports(
    case: TypeCase, type_case_findings: dict[str, set[str]]
) -> None:
    assert case.code in type_case_findings[case.id], type_case_findings[case.id]
    data = frontmatter(case.text())
    validator = jsonschema.Draft202012Validator(schema_for(case.client))
    paths = [list(e.absolute_path) for e in validator.iter_errors(data)]
    assert any(p[:1] == [case.key] for p in paths), (
        f"{case.client}: the schema accepts {case.key}: {case.value} ({paths})"
    )
