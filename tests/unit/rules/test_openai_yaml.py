"""SKL607-SKL612: what Codex refuses, ignores or drops in a skill's `agents/openai.yaml`,
each finding with its exact range; and the files it reads as they are (nothing flagged)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.diagnostics import Position
from skill_ls.document.openai_yaml import MAX_SIDECAR_BYTES, parse_sidecar, read_sidecar
from skill_ls.rules.answers import Answers
from skill_ls.rules.openai_yaml import check_sidecar, voided
from skill_ls.rules.openai_yaml_context import SidecarContext, is_sidecar
from skill_ls.settings import Settings

SKILL = "/srv/skills/ledger"
PATH = f"{SKILL}/agents/openai.yaml"
ICONS = {f"{SKILL}/assets/logo.svg", "/srv/plugin/assets/shared.svg"}


def _check(
    text: str, plugin_root: str | None = None, settings: Settings | None = None
) -> list[tuple[str, int, int, int, int, str]]:
    context = SidecarContext(
        PATH, plugin_root, settings or Settings(), Answers(files=frozenset(ICONS))
    )
    return [
        (
            d.code,
            d.range.start.line,
            d.range.start.column,
            d.range.end.line,
            d.range.end.column,
            d.message,
        )
        for d in check_sidecar(parse_sidecar(text), context)
    ]


WHOLE = "OpenAI Codex ignores this whole file"
LOST = "the skill loads without the file's interface, dependencies and policy"


def test_a_file_codex_reads_whole_has_no_finding() -> None:
    text = (
        "interface:\n"
        '  display_name: "Ledger"\n'
        "  short_description: Checks the ledger\n"
        '  icon_small: "./assets/logo.svg"\n'
        "  icon_large: assets/logo.svg\n"
        '  brand_color: "#D83A34"\n'
        "  default_prompt: Use $ledger to check this month.\n"
        "dependencies:\n"
        "  tools:\n"
        "    - type: mcp\n"
        "      value: ledger-db\n"
        "      description: The ledger's database\n"
        "      transport: streamable_http\n"
        "      url: https://ledger.example/mcp\n"
        "policy:\n"
        "  allow_implicit_invocation: False\n"
        "  products: [codex, CHATGPT]\n"
    )
    assert _check(text) == []


@pytest.mark.parametrize("text", ["", "# nothing yet\n", "interface:\npolicy:\n"])
def test_an_empty_file_or_empty_sections_are_not_flagged(text: str) -> None:
    assert _check(text) == []


def test_not_yaml_is_unreadable_at_the_error() -> None:
    assert _check("interface: [unclosed\n") == [
        (
            "SKL607",
            0,
            11,
            0,
            11,
            f"{WHOLE}: expected ',' or ']', but got '<stream end>' (while parsing a flow sequence)",
        )
    ]


def test_a_top_level_list_a_duplicate_key_and_a_second_document_are_unreadable() -> None:
    assert _check("- a\n- b\n") == [
        ("SKL607", 0, 0, 2, 0, f"{WHOLE}: its top level is a list, not keys")
    ]
    assert _check("policy: {}\npolicy: {}\n") == [
        ("SKL607", 1, 0, 1, 6, f"{WHOLE}: `policy` is set twice (first on line 1)")
    ]
    assert _check("policy: {}\n---\nother: 1\n") == [
        ("SKL607", 1, 0, 1, 3, f"{WHOLE}: it holds more than one YAML document")
    ]


def test_an_unknown_key_is_named_with_a_suggestion() -> None:
    text = "interface:\n  display_nam: Ledger\ndisplay_name: Ledger\nextra: 1\n"
    assert _check(text) == [
        (
            "SKL608",
            1,
            2,
            1,
            13,
            "OpenAI Codex does not read `display_nam` under `interface` and ignores it; did "
            "you mean `display_name`?",
        ),
        (
            "SKL608",
            2,
            0,
            2,
            12,
            "OpenAI Codex does not read `display_name` at the top of the file and ignores it; "
            "it belongs under `interface`",
        ),
        (
            "SKL608",
            3,
            0,
            3,
            5,
            "OpenAI Codex does not read `extra` at the top of the file and ignores it (it "
            "reads `interface`, `dependencies`, `policy`)",
        ),
    ]


def test_a_top_level_key_written_lower_down_is_said_to_belong_at_the_top() -> None:
    assert _check("policy:\n  interface: {}\n") == [
        (
            "SKL608",
            1,
            2,
            1,
            11,
            "OpenAI Codex does not read `interface` under `policy` and ignores it; it belongs "
            "at the top",
        )
    ]


def test_values_of_a_type_codex_refuses_void_the_file() -> None:
    text = (
        "interface:\n"
        "  display_name: [a, b]\n"
        "policy:\n"
        '  allow_implicit_invocation: "false"\n'
        "dependencies: tools\n"
    )
    assert _check(text) == [
        (
            "SKL609",
            1,
            16,
            1,
            22,
            f"{WHOLE}: `interface.display_name` must be text, not a list; {LOST}",
        ),
        (
            "SKL609",
            3,
            29,
            3,
            36,
            f"{WHOLE}: `policy.allow_implicit_invocation` must be true or false (unquoted), "
            f'not the text "false"; {LOST}',
        ),
        (
            "SKL609",
            4,
            14,
            4,
            19,
            f"{WHOLE}: `dependencies` must be a mapping of keys, not `tools`; {LOST}",
        ),
    ]


@pytest.mark.parametrize("value", ["no", "yes", "0", "'true'"])
def test_a_true_false_key_takes_only_unquoted_booleans(value: str) -> None:
    found = _check(f"policy:\n  allow_implicit_invocation: {value}\n")
    assert [(code, line, column) for code, line, column, *_ in found] == [("SKL609", 1, 29)]


@pytest.mark.parametrize("value", ["5", "true", "1.5", "2024-01-02"])
def test_a_scalar_of_any_kind_is_text_to_codex(value: str) -> None:
    assert _check(f"interface:\n  display_name: {value}\n") == []


def test_products_codex_does_not_know_void_the_file_and_a_list_without_codex_drops_the_skill() -> (
    None
):
    assert _check("policy:\n  products: [codex, Atlas]\n") == [
        (
            "SKL609",
            1,
            20,
            1,
            25,
            f"{WHOLE}: `Atlas` is not a product it knows (it knows `codex`, `chatgpt`, "
            "`atlas`, in lower case or capitals)",
        )
    ]
    assert _check("policy:\n  products: [chatgpt, ATLAS]\n") == [
        (
            "SKL612",
            1,
            12,
            1,
            28,
            "OpenAI Codex does not load this skill: `policy.products` names only `chatgpt`, "
            "`atlas`",
        )
    ]
    assert _check("policy:\n  products: []\n") == []


def test_values_codex_drops_alone() -> None:
    text = (
        "interface:\n"
        f"  display_name: {'x' * 65}\n"
        "  short_description: '  '\n"
        "  brand_color: red\n"
        "  icon_small: /abs/logo.svg\n"
        "  icon_large: images/logo.svg\n"
    )
    assert _check(text) == [
        (
            "SKL610",
            1,
            16,
            1,
            81,
            "OpenAI Codex drops `interface.display_name`: 65 characters, over its limit of 64",
        ),
        ("SKL610", 2, 21, 2, 25, "OpenAI Codex drops the empty `interface.short_description`"),
        (
            "SKL610",
            3,
            15,
            3,
            18,
            "OpenAI Codex drops `interface.brand_color`: it takes a colour as `#RRGGBB` only, "
            "not `red`",
        ),
        (
            "SKL610",
            4,
            14,
            4,
            27,
            "OpenAI Codex drops `interface.icon_small`: an icon is a relative path below the "
            "skill's `assets/`",
        ),
        (
            "SKL610",
            5,
            14,
            5,
            29,
            "OpenAI Codex drops `interface.icon_large`: an icon must be below the skill's "
            "`assets/` folder",
        ),
    ]


def test_an_unquoted_colour_is_a_comment() -> None:
    assert _check("interface:\n  brand_color: #D83A34\n") == [
        (
            "SKL610",
            1,
            15,
            1,
            22,
            "`#D83A34` is a YAML comment here, so `interface.brand_color` is empty and OpenAI "
            'Codex ignores it: quote the colour ("#D83A34")',
        )
    ]


def test_a_tool_without_its_value_is_dropped_and_a_tool_that_is_text_voids_the_file() -> None:
    text = "dependencies:\n  tools:\n    - type: mcp\n      url: x\n    - mcp\n"
    assert _check(text) == [
        ("SKL610", 2, 6, 3, 12, "OpenAI Codex drops this tool: it has no `value`"),
        (
            "SKL609",
            4,
            6,
            4,
            9,
            f"{WHOLE}: `dependencies.tools` must be a list of mappings, not an entry that is "
            f"`mcp`; {LOST}",
        ),
    ]


def test_icons_up_into_a_plugin_and_missing_icons() -> None:
    up = "interface:\n  icon_small: ../../assets/shared.svg\n"
    assert _check(up, plugin_root="/srv/plugin") == [
        (
            "SKL610",
            1,
            14,
            1,
            37,
            "OpenAI Codex drops `interface.icon_small`: a path with `..` must lead into the "
            "plugin's `assets/`",
        )
    ]
    shared = "interface:\n  icon_small: ../../plugin/assets/shared.svg\n"
    assert _check(shared, plugin_root="/srv/plugin") == []
    assert _check("interface:\n  icon_small: ../x/assets/a.svg\n") == [
        (
            "SKL610",
            1,
            14,
            1,
            31,
            "OpenAI Codex drops `interface.icon_small`: `..` is allowed only for a plugin's "
            "skill, into the plugin's `assets/`",
        )
    ]
    assert _check("interface:\n  icon_small: assets/gone.svg\n") == [
        ("SKL611", 1, 14, 1, 29, "`assets/gone.svg` is not a file: OpenAI Codex shows no icon")
    ]


def test_settings_turn_rules_off_and_change_severities() -> None:
    settings = Settings(ignore=("SKL608",))
    assert _check("extra: 1\n", settings=settings) == []


def test_the_reader_never_raises_and_bounds_the_size(tmp_path: Path) -> None:
    assert parse_sidecar("\x00\ufeff: [").error is not None
    big = parse_sidecar("a: " + "x" * MAX_SIDECAR_BYTES)
    assert big.too_large and big.root is None
    assert _check("a: " + "x" * MAX_SIDECAR_BYTES) == [
        (
            "SKL607",
            0,
            0,
            0,
            0,
            "the file is larger than the 64 KiB skill-ls reads of it: it is not checked",
        )
    ]
    assert read_sidecar(str(tmp_path / "agents" / "openai.yaml")) is None
    (tmp_path / "agents").mkdir()
    assert read_sidecar(str(tmp_path / "agents")) is None  # a folder, not a file
    sidecar = tmp_path / "agents" / "openai.yaml"
    sidecar.write_bytes(b"interface:\n  display_name: caf\xe9\n")
    document = read_sidecar(str(sidecar))
    assert document is not None and document.root is None
    assert document.error is not None
    assert (document.error.message, document.error.range.start) == (
        "the file is not UTF-8 text",
        Position(1, 19),
    )
    sidecar.write_bytes(b"a: " + b"x" * MAX_SIDECAR_BYTES)
    document = read_sidecar(str(sidecar))
    assert document is not None and document.too_large


def test_which_paths_are_sidecars() -> None:
    assert is_sidecar("/a/skill/agents/openai.yaml")
    assert is_sidecar("agents/openai.yaml")
    assert not is_sidecar("/a/skill/agents/openai.yml")
    assert not is_sidecar("/a/skill/openai.yaml")


def test_voided_says_whether_codex_ignores_the_whole_file() -> None:
    assert voided(parse_sidecar("interface: [unclosed\n"))
    assert voided(parse_sidecar("policy:\n  allow_implicit_invocation: 'false'\n"))
    assert voided(parse_sidecar("policy:\n  products: [Codex]\n"))
    assert not voided(parse_sidecar("extra: 1\ninterface:\n  brand_color: red\n"))
    assert not voided(parse_sidecar(""))
    # Too big to read here: what Codex makes of it is not known, so it is not called void.
    assert not voided(parse_sidecar("a: " + "x" * MAX_SIDECAR_BYTES))
