"""The client and field tables: one row per client, checked against the facts."""

from __future__ import annotations

import pytest

from skill_ls.clients.fields import (
    ALL_FIELDS,
    CLIENT_FIELDS,
    SPEC_FIELD_NAMES,
    SPEC_FIELDS,
    YOI_FORBIDDEN_FIELDS,
)
from skill_ls.clients.table import (
    CLIENTS,
    CLIENTS_BY_ID,
    TARGETS,
    Client,
    clients_for_path,
    get_client,
    read_as_file,
    root_markdown_clients,
)

SPEC = {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}


def ids(clients: tuple[Client, ...]) -> set[str]:
    return {c.id for c in clients}


def test_spec_fields() -> None:
    assert SPEC_FIELD_NAMES == SPEC
    assert [f.name for f in SPEC_FIELDS if f.required] == ["name", "description"]
    assert ALL_FIELDS["name"].max_length == 64
    assert ALL_FIELDS["description"].max_length == 1024
    assert ALL_FIELDS["compatibility"].max_length == 500
    assert all(f.spec for f in SPEC_FIELDS)
    assert not any(f.spec for f in CLIENT_FIELDS)


def test_client_field_types_from_the_facts() -> None:
    assert ALL_FIELDS["effort"].enum == ("low", "medium", "high", "xhigh", "max")
    assert ALL_FIELDS["context"].enum == ("fork",)
    assert ALL_FIELDS["shell"].enum == ("bash", "powershell")
    assert ALL_FIELDS["disable-model-invocation"].type == "boolean"
    assert ALL_FIELDS["user-invocable"].type == "boolean"
    assert ALL_FIELDS["argument-hint"].type == "string"
    assert ALL_FIELDS["allowed-tools"].type == "tools"


def test_client_ids_are_unique_and_known() -> None:
    assert len(CLIENTS_BY_ID) == len(TARGETS) == len(CLIENTS) + 1
    assert {
        "agentskills",
        "claude-code",
        "codex",
        "copilot",
        "cursor",
        "gemini-cli",
        "opencode",
        "goose",
        "pi",
        "yoi",
        "insomnia",
    } <= set(CLIENTS_BY_ID)


def test_every_honoured_field_is_in_the_field_table() -> None:
    for client in CLIENTS:
        assert client.fields.honoured >= SPEC
        assert client.fields.extra <= set(ALL_FIELDS), client.id


@pytest.mark.parametrize(
    ("client", "extra"),
    [
        (
            "claude-code",
            {
                "when_to_use",
                "argument-hint",
                "arguments",
                "disable-model-invocation",
                "user-invocable",
                "disallowed-tools",
                "model",
                "effort",
                "context",
                "agent",
                "background",
                "hooks",
                "paths",
                "shell",
            },
        ),
        ("copilot", {"argument-hint", "user-invocable", "disable-model-invocation", "context"}),
        ("cursor", {"disable-model-invocation"}),
        ("pi", {"disable-model-invocation"}),
        ("codex", set()),
        ("gemini-cli", set()),
        ("goose", set()),
        ("opencode", set()),
        ("kilo", set()),
        ("yoi", set()),
        ("insomnia", set()),
        (
            "qwen-code",
            {
                "when_to_use",
                "argument-hint",
                "disable-model-invocation",
                "user-invocable",
                "allowedTools",
                "model",
                "hooks",
                "paths",
                "priority",
            },
        ),
        ("kimi-code", {"disable-model-invocation", "when_to_use", "arguments", "type"}),
        ("cline", {"disabled", "enabled"}),
    ],
)
def test_honoured_fields_from_the_facts(client: str, extra: set[str]) -> None:
    assert CLIENTS_BY_ID[client].fields.extra == extra


def test_argument_hint_honoured_and_ignored() -> None:
    honour = {c.id for c in CLIENTS if "argument-hint" in c.fields.honoured}
    # Copilot CLI (observed) reads it as a string: any other value drops the skill.
    assert honour == {"claude-code", "copilot", "copilot-cli", "qwen-code"}


def test_yaml_strictness_and_names() -> None:
    assert CLIENTS_BY_ID["claude-code"].reading.yaml == "lenient"
    assert CLIENTS_BY_ID["copilot"].reading.yaml == "strict"
    # Codex (observed): an unquoted `key: a: b` loads as text; an unclosed quote does not.
    assert CLIENTS_BY_ID["codex"].reading.yaml == "lenient"
    # Gemini CLI (observed): a block js-yaml rejects is read again line by line.
    gemini = CLIENTS_BY_ID["gemini-cli"]
    assert gemini.reading.yaml == "lenient" and gemini.reading.field_reader == "yaml-else-lines"
    # Qwen Code (observed): YAML, else its own simple line reader (no continuation lines).
    qwen = CLIENTS_BY_ID["qwen-code"]
    assert qwen.reading.yaml == "lenient" and qwen.reading.field_reader == "yaml-else-simple"
    # Factory Droid (observed): js-yaml, else a line reader of its own that trims every line
    # (`clients.flat_yaml`); an empty description is kept, a `metadata` not a map disables.
    droid = CLIENTS_BY_ID["droid"]
    assert droid.reading.field_reader == "yaml-else-flat"
    assert droid.reading.blank_description == "keep"
    assert ("metadata", "map") in droid.reading.typed_fields
    # Tab-indented lines (observed in the tab-key and tab-nested scenarios).
    assert CLIENTS_BY_ID["claude-code"].reading.tab_indent == "spaces"
    assert CLIENTS_BY_ID["opencode"].reading.tab_indent == "none"
    assert CLIENTS_BY_ID["codex"].reading.tab_indent == "error"
    assert not CLIENTS_BY_ID["insomnia"].reading.lenient_name
    assert not CLIENTS_BY_ID["agentskills"].reading.lenient_name
    # Copilot CLI's and Factory Droid's observed name rules admit ASCII only; the spec
    # profile any script.
    assert {c.id for c in CLIENTS if c.reading.name_charset == "ascii"} == {"copilot-cli", "droid"}
    assert CLIENTS_BY_ID["agentskills"].reading.name_charset == "unicode-lowercase"
    assert CLIENTS_BY_ID["claude-code"].reading.lenient_name
    assert CLIENTS_BY_ID["claude-code"].listing.entry_cap == 1536


def test_yoi_workflow_fields_are_not_honoured_by_anyone() -> None:
    assert YOI_FORBIDDEN_FIELDS
    for client in CLIENTS:
        assert not set(YOI_FORBIDDEN_FIELDS) & client.fields.honoured


def test_get_client() -> None:
    assert get_client("codex").name == "OpenAI Codex"
    with pytest.raises(KeyError, match=r"unknown client 'nope'.*known: agentskills"):
        get_client("nope")


# --- Which clients discover a path -----------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (
            "/p/.claude/skills/pdf/SKILL.md",
            {
                "claude-code",
                "copilot",
                "copilot-cli",
                "cursor",
                "opencode",
                "kilo",
                "goose",
                "continue",
                "oh-my-pi",
            },
        ),
        (
            "/p/.agents/skills/pdf/SKILL.md",
            {
                "agentskills",
                "codex",
                "copilot",
                "copilot-cli",
                "cursor",
                "droid",
                "gemini-cli",
                "opencode",
                "kilo",
                "goose",
                "pi",
                "qwen-code",
                "kimi-code",
                "cline",
                "oh-my-pi",
            },
        ),
        ("/p/.github/skills/pdf/SKILL.md", {"copilot", "copilot-cli", "oh-my-pi"}),
        ("/p/.clinerules/skills/pdf/SKILL.md", {"cline"}),
        ("/p/.cline/skills/pdf/SKILL.md", {"cline"}),
        ("/home/me/.cline/skills/pdf/SKILL.md", {"cline"}),
        ("/p/.factory/skills/pdf/SKILL.md", {"droid"}),
        ("/home/me/.factory/skills/pdf/SKILL.md", {"droid"}),
        ("/p/.qwen/skills/pdf/SKILL.md", {"qwen-code"}),
        ("/p/.kilocode/skills/pdf/SKILL.md", {"kilo"}),
        ("/home/me/.config/kilo/skill/pdf/SKILL.md", {"kilo"}),
        ("/home/me/.qwen/skills/pdf/SKILL.md", {"qwen-code"}),
        ("/p/.gemini/skills/pdf/SKILL.md", {"gemini-cli"}),
        ("/p/.cursor/skills/pdf/SKILL.md", {"cursor"}),
        ("/p/.codex/skills/pdf/SKILL.md", {"codex", "cursor", "oh-my-pi"}),
        ("/p/.opencode/skill/pdf/SKILL.md", {"opencode"}),
        ("/p/.goose/skills/pdf/SKILL.md", {"goose"}),
        ("/p/.pi/skills/pdf/SKILL.md", {"pi"}),
        ("/p/.continue/skills/pdf/SKILL.md", {"continue"}),
        ("/home/me/.continue/skills/pdf/SKILL.md", {"continue"}),
        ("/p/.yoi/skills/pdf/SKILL.md", {"yoi"}),
        ("/p/.insomnia/skills/pdf/SKILL.md", {"insomnia"}),
        ("/home/me/.copilot/skills/pdf/SKILL.md", {"copilot", "copilot-cli"}),
        ("/home/me/.config/opencode/skills/pdf/SKILL.md", {"opencode"}),
        ("/home/me/.config/goose/skills/pdf/SKILL.md", {"goose"}),
        ("/home/me/.config/insomnia/skills/pdf/SKILL.md", {"insomnia"}),
        ("/home/me/.pi/agent/skills/pdf/SKILL.md", {"pi"}),
        ("/p/.omp/skills/pdf/SKILL.md", {"oh-my-pi"}),
        ("/home/me/.omp/agent/skills/pdf/SKILL.md", {"oh-my-pi"}),
        ("/p/skills/pdf/SKILL.md", set()),
        ("/p/.claude/skills-old/pdf/SKILL.md", set()),
        ("/p/my.claude/skills/pdf/SKILL.md", set()),
        ("/p/.kimi-code/skills/pdf/SKILL.md", {"kimi-code"}),
        ("/home/me/.kimi-code/skills/pdf/SKILL.md", {"kimi-code"}),
    ],
)
def test_clients_for_path(path: str, expected: set[str]) -> None:
    assert ids(clients_for_path(path)) == expected


def test_nested_skills_only_for_clients_that_nest() -> None:
    found = ids(clients_for_path("/p/.claude/skills/group/pdf/SKILL.md"))
    assert "claude-code" not in found  # observed: Claude Code reads direct children only
    assert "copilot" not in found
    assert all(CLIENTS_BY_ID[client_id].discovery.nested for client_id in found)


def test_pi_reads_root_level_markdown_files() -> None:
    assert ids(clients_for_path("/p/.pi/skills/notes.md")) == {"pi"}


def test_windows_paths() -> None:
    found = ids(clients_for_path("C:\\p\\.github\\skills\\pdf\\SKILL.md"))
    assert found == {"copilot", "copilot-cli", "oh-my-pi"}


def test_yaml_loaders_of_the_rows_and_how_they_type_plain_scalars() -> None:
    from skill_ls.clients.loaders import LOADERS, misread_as

    assert {c.id: c.reading.yaml_loader for c in CLIENTS if c.reading.yaml_loader != "unknown"} == {
        "agentskills": "strictyaml",
        # Factory Droid's binary bundles js-yaml 4.1.1.
        "droid": "js-yaml",
        "gemini-cli": "js-yaml",
        "opencode": "js-yaml-3",
        # Kilo Code CLI is an OpenCode fork and reads frontmatter the same way.
        "kilo": "js-yaml-3",
        "pi": "yaml-1.2-core",
        # Qwen Code bundles the `yaml` package and asks for its core schema explicitly.
        "qwen-code": "yaml-1.2-core",
        # Kimi Code CLI bundles js-yaml 4 and calls its `load`.
        "kimi-code": "js-yaml",
        # Cline CLI bundles the `yaml` package (its default YAML 1.2 core schema).
        "cline": "yaml-1.2-core",
        # Continue CLI bundles the `yaml` package and parses with its defaults (1.2 core).
        "continue": "yaml-1.2-core",
    }
    assert all(c.reading.yaml_loader in LOADERS for c in CLIENTS)
    assert misread_as("js-yaml", "1_000") == "int"
    assert misread_as("js-yaml", "1:30") is None
    assert misread_as("js-yaml-3", "1:30") == "int"
    assert misread_as("yaml-1.1", "off") == "bool"
    assert misread_as("yaml-1.1", "y") is None  # PyYAML reads y and n as strings
    for loader in ("yaml-1.2-core", "strictyaml", "unknown", "no-such-loader"):
        assert misread_as(loader, "0b101") is None
    assert misread_as("js-yaml", "pdf-tools") is None


def test_root_level_markdown_skills_by_path() -> None:
    assert ids(root_markdown_clients("/p/.agents/skills/notes.md")) == {"kimi-code"}
    assert ids(root_markdown_clients("/p/.kimi-code/skills/README.md")) == {"kimi-code"}
    assert ids(root_markdown_clients("/p/.pi/skills/notes.md")) == {"pi"}
    assert ids(root_markdown_clients("/home/u/.pi/agent/skills/notes.md")) == {"pi"}
    # Not directly in a root, not Markdown, or a SKILL.md: none.
    for path in (
        "/p/.kimi-code/skills/tool/notes.md",
        "/p/.pi/skills/tool/references/guide.md",
        "/p/.agents/skills/notes.txt",
        "/p/.agents/skills/SKILL.md",
        "/p/docs/notes.md",
    ):
        assert root_markdown_clients(path) == (), path
    assert read_as_file("/p/.agents/skills/notes.md")  # Kimi Code CLI reads it as a file
    assert not read_as_file("/p/.pi/skills/notes.md")  # pi as a SKILL.md
    assert not read_as_file("/p/.kimi-code/skills/tool/notes.md")
