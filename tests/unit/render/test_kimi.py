"""Kimi Code CLI's skill listing (`kimi-skill-listing`) and the instructions its `Skill` tool
sends (`kimi-skill-loaded`), beyond what the lab's goldens replay. The expected texts of the
activations were seen in extra runs of Kimi Code CLI 2.1.0."""

from __future__ import annotations

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.render.kimi import (
    HEADER,
    cut_description,
    kimi_arguments,
    kimi_catalog,
    kimi_skill_loaded,
    tokenize,
)
from skill_ls.render.source import ActivationSource
from skill_ls.render.strings import js_length
from skill_ls.workspace.index_records import LoadedSkill
from tests.unit.render.skills import loaded_skill

KIMI = CLIENTS_BY_ID["kimi-code"]


def _skill(
    name: str,
    description: str,
    scope: str = "project",
    hidden: bool = False,
    when_to_use: str | None = None,
) -> LoadedSkill:
    return loaded_skill(name, description, "/w/.kimi-code/skills", scope, hidden, when_to_use)


def _source(text: str, name: str = "plain", scope: str = "project") -> ActivationSource:
    folder = f"/w/.kimi-code/skills/{name}"
    return ActivationSource(name, f"{folder}/SKILL.md", folder, text, scope=scope)


def test_grouped_by_scope_sorted_by_name_hidden_left_out() -> None:
    rendering = kimi_catalog(
        [
            _skill("zeta", "Z."),
            _skill("Alpha", "A.\nSecond line.  "),
            _skill("mine", "M.", scope="user"),
            _skill("quiet", "Q.", hidden=True),
            _skill("tool", "T.", scope="extra", when_to_use="When asked."),
        ],
        KIMI,
    )
    assert rendering.text == (
        f"{HEADER}\n"
        "### Project\n"
        "- Alpha: A.\nSecond line.\n  Path: /w/.kimi-code/skills/Alpha/SKILL.md\n"
        "- zeta: Z.\n  Path: /w/.kimi-code/skills/zeta/SKILL.md\n"
        "### User\n"
        "- mine: M.\n  Path: /w/.kimi-code/skills/mine/SKILL.md\n"
        "### Extra\n"
        "- tool: T.\n  When to use: When asked.\n  Path: /w/.kimi-code/skills/tool/SKILL.md"
    )
    assert [(e.name, e.hidden) for e in rendering.entries][-1] == ("quiet", True)


def test_nothing_listed_is_no_listing() -> None:
    assert kimi_catalog([_skill("h", "x", hidden=True)], KIMI).text == ""


def test_a_description_past_250_units_keeps_247_and_dots() -> None:
    assert cut_description("x" * 250) == "x" * 250
    cut = cut_description("x" * 251)
    assert cut == "x" * 247 + "..." and len(cut) == 250
    # Measured in UTF-16 units: a character outside the BMP counts two and is not split.
    cut = cut_description("x" * 246 + "\U0001f600" * 3)
    assert cut == "x" * 246 + "..." and js_length(cut) == 249


def test_words_split_on_white_space_quotes_group() -> None:
    assert tokenize('alpha "beta gamma"  delta') == ["alpha", "beta gamma", "delta"]
    assert tokenize("it's fine") == ["its fine"]
    assert tokenize('""') == [""]
    assert tokenize("   ") == []


def test_arguments_appended_when_nothing_was_filled() -> None:
    # Seen: CRLF read as LF, the body trimmed, `${KIMI_SKILL_DIR}` filled, `<` and `>`
    # escaped in the appended words and the tag, `&` only in the tag.
    text = (
        "---\r\nname: plain\r\ndescription: No placeholder.\r\n---\r\n\r\n# Plain\r\n\r\n"
        "Run ${KIMI_SKILL_DIR}/x.sh <now>.\r\n\r\n"
    )
    rendered = kimi_skill_loaded(_source(text), "a <b> & c").text
    assert rendered == (
        "Skill tool loaded instructions for this request. Follow them.\n\n"
        '<skill-loaded name="plain" trigger="model-tool" source="project" '
        'dir="/w/.kimi-code/skills/plain" args="a &lt;b&gt; &amp; c">\n'
        "# Plain\n\nRun /w/.kimi-code/skills/plain/x.sh <now>.\n\n"
        "ARGUMENTS: a &lt;b&gt; & c\n"
        "</skill-loaded>"
    )


def test_a_file_without_frontmatter_is_all_body() -> None:
    # Seen for a root-level `plain.md`: the whole file, trimmed; the scope is the tag's.
    rendered = kimi_skill_loaded(_source("\n\n  First line.  \nSecond.\n", scope="user")).text
    assert rendered.endswith(
        'source="user" dir="/w/.kimi-code/skills/plain" args="">\n'
        "First line.  \nSecond.\n</skill-loaded>"
    )


def test_placeholders_filled_in_order_empty_past_the_last_word() -> None:
    body = "$ARGUMENTS | $0 $1 $2 | $ARGUMENTS[1] | $target $target_x $target[0] | $5.00"
    assert kimi_arguments(body, 'a "b c"', ["target"], "/d") == (
        'a "b c" | a b c  | b c | a $target_x $target[0] | .00'
    )
    # Filling with nothing still counts as filled: no `ARGUMENTS:` line, none given either.
    assert kimi_arguments("Hi $ARGUMENTS.", "", [], "/d") == "Hi ."
    assert kimi_arguments("Hi.", "", [], "/d") == "Hi."


def test_a_value_is_a_javascript_replacement_string() -> None:
    # `replaceAll` with a string: `$$` is one `$`, `$&` the placeholder itself.
    assert kimi_arguments("[$ARGUMENTS]", "a$$b $&", [], "/d") == "[a$b $ARGUMENTS]"
    assert kimi_arguments("[$who]", '"x$\'"', ["who"], "/d") == "[x]]"
