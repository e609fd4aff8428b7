"""Hover and completion in `agents/openai.yaml`: the field table's words on a key, the keys
Codex reads where a key may go (not those already written), and the values it takes."""

from __future__ import annotations

from skill_ls.clients.openai_yaml_fields import FIELDS_BY_PATH
from skill_ls.diagnostics import Position, Range
from skill_ls.server.editor_text.sidecar_help import sidecar_completions, sidecar_hover
from skill_ls.text import LineIndex

TEXT = (
    "interface:\n"
    "  display_name: Ledger\n"
    "  \n"
    "dependencies:\n"
    "  tools:\n"
    "    - type: mcp\n"
    "      \n"
    "policy:\n"
    "  allow_implicit_invocation: f\n"
    "  products: [codex, ch\n"
)


def _offset(text: str, line: int, column: int) -> int:
    return LineIndex(text).offset(Position(line, column))


def _labels(text: str, line: int, column: int) -> list[str]:
    return [item.label for item in sidecar_completions(text, _offset(text, line, column))]


VALID = TEXT.replace("f\n", "false\n").replace("ch\n", "chatgpt]\n")


def test_hover_on_a_key_gives_its_path_and_the_field_tables_words() -> None:
    found = sidecar_hover(VALID, Position(1, 5))
    assert found is not None
    assert found.range == Range(Position(1, 2), Position(1, 14))
    assert found.text == (
        "**`interface.display_name`** (OpenAI Codex, `agents/openai.yaml`)\n\n"
        + FIELDS_BY_PATH["interface.display_name"].doc
    )
    tool = sidecar_hover(VALID, Position(5, 7))
    assert tool is not None
    assert (
        tool.text.splitlines()[0]
        == "**`dependencies.tools[].type`** (OpenAI Codex, `agents/openai.yaml`)"
    )
    assert tool.text.splitlines()[-1] == "Values: `mcp`"


def test_no_hover_on_values_unknown_keys_or_text_that_is_not_yaml() -> None:
    assert sidecar_hover(VALID, Position(1, 18)) is None  # on the value
    assert sidecar_hover("extra: 1\n", Position(0, 2)) is None
    assert sidecar_hover("interface: [\n", Position(0, 2)) is None


def test_keys_are_offered_by_where_the_cursor_is() -> None:
    assert _labels(TEXT, 2, 2) == [
        "short_description",
        "icon_small",
        "icon_large",
        "brand_color",
        "default_prompt",
    ]
    assert _labels(TEXT, 6, 6) == ["value", "description", "transport", "command", "url"]
    assert _labels("", 0, 0) == ["interface", "dependencies", "policy"]
    assert _labels("policy:\n  \n", 1, 2) == ["allow_implicit_invocation", "products"]


def test_a_key_item_inserts_the_key_and_its_value_snippet() -> None:
    (item,) = [i for i in sidecar_completions("policy:\n  al", 12) if i.label.startswith("allow")]
    assert item.edit == Range(Position(1, 2), Position(1, 4))
    assert item.snippet == "allow_implicit_invocation: ${1:false}"
    assert item.text == "allow_implicit_invocation: false"
    (tools,) = [i for i in sidecar_completions("dependencies:\n  ", 16) if i.label == "tools"]
    assert tools.text == "tools:\n  - type: mcp\n    value: "


def test_values_are_offered_after_the_colon() -> None:
    found = sidecar_completions(TEXT, _offset(TEXT, 8, 30))
    assert [(i.label, i.kind, i.edit) for i in found] == [
        ("false", "value", Range(Position(8, 29), Position(8, 30))),
        ("true", "value", Range(Position(8, 29), Position(8, 30))),
    ]
    products = sidecar_completions(TEXT, _offset(TEXT, 9, 22))
    assert [(i.label, i.edit) for i in products] == [
        (name, Range(Position(9, 20), Position(9, 22))) for name in ("codex", "chatgpt", "atlas")
    ]


def test_nothing_is_offered_where_codex_reads_no_key() -> None:
    assert _labels("interface: text\n  ", 1, 2) == []
    assert _labels("other:\n  ", 1, 2) == []
    assert _labels("interface:\n  display_name: ", 1, 16) == []  # free text
    assert _labels("# a comment", 0, 5) == []
