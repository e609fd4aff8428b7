"""Every fix, applied to the text, removes its finding and leaves a readable document."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from skill_ls.diagnostics import Position, Range, TextEdit
from skill_ls.rules.helpers import yaml_double_quoted, yaml_scalar
from skill_ls.settings import Settings
from skill_ls.yamltree import YMapping, YScalar, parse_yaml

from ..unit_helpers import apply_edits, codes, context, find, parse, run, skill

NAME = "name: my-skill"
DESC = "description: Extracts text from PDF files. Use when asked about PDFs."
FILES = frozenset({"SKILL.md", "references/forms.md"})

# (document, the fixable code, context keyword arguments)
CASES: list[tuple[str, str, dict[str, object]]] = [
    ("# PDF tools\n", "SKL001", {}),
    (skill(NAME, "description: Reads PDFs. Use when: asked"), "SKL003", {}),
    (skill(NAME, "description: Reads: PDFs", "  and forms", "x: 1"), "SKL003", {}),
    (skill(NAME, "description: Reads: PDFs").replace("\n", "\r\n"), "SKL003", {}),
    (skill(DESC), "SKL101", {}),
    (skill("name:", DESC), "SKL102", {}),
    (skill("name: 12", DESC), "SKL102", {"folder": "12"}),
    (skill("name: ''", DESC), "SKL103", {}),
    (skill("name: My_Skill", DESC), "SKL104", {}),
    (skill("name: '-my-skill'", DESC), "SKL105", {}),
    (skill("name: my--skill", DESC), "SKL105", {}),
    (skill("name: other", DESC), "SKL106", {}),
    (skill("name: other", DESC), "SKL106", {"folder": "yes"}),
    (
        skill("name: " + unicodedata.normalize("NFD", "café"), DESC),
        "SKL107",
        {"folder": unicodedata.normalize("NFC", "café"), "settings": Settings(unicode_names=True)},
    ),
    (skill(NAME), "SKL111", {}),
    (skill(NAME, "description: 12"), "SKL112", {}),
    (skill(NAME, DESC, "compatibility: 3"), "SKL121", {}),
    (skill(NAME, DESC, "metadata:", "  version: 1.0"), "SKL122", {}),
    (skill(NAME, DESC, "metadata:", "  updated: 2024-01-15"), "SKL122", {}),
    (skill(NAME, DESC, "license: 2"), "SKL123", {}),
    (skill(NAME, DESC, "allowed-tools: Read, Grep"), "SKL124", {}),
    (skill(NAME, DESC, "allowed-tools:", "  - Read", "  - Grep"), "SKL124", {}),
    (
        skill(NAME, DESC, "allowed-tools:", "  - Read", "  - Grep").replace("\n", "\r\n"),
        "SKL124",
        {},
    ),
    (skill(NAME, DESC, "allowed-tools: [Read, 'Bash(a: b)']"), "SKL124", {}),
    ("\ufeff" + skill(NAME, DESC), "SKL201", {}),
    (skill(NAME, DESC).replace("\n", "\r\n"), "SKL202", {}),
    ("\n\n" + skill(NAME, DESC), "SKL203", {}),
    (skill(NAME, "description: Reads # PDFs. Use when asked."), "SKL204", {}),
    (skill(NAME, "description: 1_000"), "SKL204", {"targets": ["opencode"]}),
    (skill(NAME, "description: @PDF tools. Use when asked."), "SKL204", {}),
    (skill(NAME, "description: >-", "  Reads PDFs.", "  Use when asked.", "x: 1"), "SKL205", {}),
    (skill(NAME, "description: |", '  Reads "PDFs".', "", "  Use when asked."), "SKL205", {}),
    (skill(NAME, DESC, "version: 1.0"), "SKL301", {}),
    (skill(NAME, DESC, "metadata:", "  a: b", "version: 1.0"), "SKL301", {}),
    (skill(NAME, DESC, "argumnet-hint: x"), "SKL301", {"targets": ["claude-code"]}),
    (skill(NAME, DESC, "tags:", "  - a"), "SKL301", {}),
    (skill(NAME, DESC, "user-invocable: 'false'"), "SKL302", {"targets": ["claude-code"]}),
    (skill(NAME, DESC, "effort: High"), "SKL302", {"targets": ["claude-code"]}),
    (skill(NAME, DESC, "argument-hint: [file]"), "SKL302", {"targets": ["claude-code"]}),
    (skill(NAME, DESC, "model_invokation: true"), "SKL303", {"targets": ["yoi"]}),
    (skill(NAME, DESC, body="See [x](references\\forms.md).\n"), "SKL406", {"files": FILES}),
    (skill(NAME, DESC, body="```sh\nnpm publish\n```\n"), "SKL413", {"targets": ["pi"]}),
    (skill("# skill-ls: ignore[SKL104]", NAME, DESC), "SKL903", {}),
    (skill(NAME + " # skill-ls: ignore[SKL104]", DESC), "SKL903", {}),
    (skill("# skill-ls: ignore[SKL104, SKL301]", NAME, DESC), "SKL903", {}),
    (skill(NAME, DESC, body="<!-- skill-ls: ignore[SKL403] -->\nBody.\n"), "SKL903", {}),
]


@pytest.mark.parametrize(("text", "code", "kwargs"), CASES)
def test_every_fix_removes_its_finding(text: str, code: str, kwargs: dict[str, object]) -> None:
    before = run(text, **kwargs)
    targets = find(before, code)
    assert targets, f"{code} not reported"
    fixes = [fix for diag in targets for fix in diag.fixes if fix.edits]
    assert fixes, f"{code} has no fix"
    for fix in fixes:
        fixed = apply_edits(text, fix.edits)
        after = run(fixed, **kwargs)
        assert len(find(after, code)) < len(targets), (fix.title, fixed)
        # The fix does not break what was readable.
        doc = parse(fixed)
        assert doc.has_frontmatter
        if parse(text).lenient_ok:
            assert doc.lenient_ok, (fix.title, fixed)


def test_missing_file_fix_creates_it() -> None:
    text = skill(NAME, DESC, body="See [x](references/guide.md).\n")
    diag = find(run(text, files=FILES), "SKL403")[0]
    created = {c.relative_path for fix in diag.fixes for c in fix.creates}
    assert created == {"references/guide.md"}
    assert find(run(text, files=FILES | created), "SKL403") == []


def test_fixable_rules_have_fixes_in_the_registry() -> None:
    from skill_ls.rules import RULES

    covered = {code for _, code, _ in CASES} | {"SKL403"}
    fixable = {code for code, rule in RULES.items() if rule.fixable}
    assert fixable <= covered, sorted(fixable - covered)


# --- The helper itself -----------------------------------------------------------------------


def test_apply_edits_counts_code_points() -> None:
    text = "a😀b\r\ncd"
    edits = [
        TextEdit(Range(Position(0, 1), Position(0, 2)), "X"),
        TextEdit(Range(Position(1, 0), Position(1, 0)), ">"),
    ]
    assert apply_edits(text, edits) == "aXb\r\n>cd"


def test_apply_edits_rejects_overlaps() -> None:
    edits = [
        TextEdit(Range(Position(0, 0), Position(0, 2)), ""),
        TextEdit(Range(Position(0, 1), Position(0, 3)), ""),
    ]
    with pytest.raises(AssertionError):
        apply_edits("abcd", edits)


# --- Written values read back unchanged ------------------------------------------------------


def _loaded(line: str) -> str | None:
    result = parse_yaml(line)
    assert result.error is None, line
    assert isinstance(result.root, YMapping)
    node = result.root.get("a")
    assert isinstance(node, YScalar)
    assert node.kind == "string", line
    return node.value


_YAML_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)


@settings(max_examples=300, deadline=None)
@given(_YAML_TEXT)
def test_double_quoted_text_reads_back(text: str) -> None:
    assert _loaded("a: " + yaml_double_quoted(text) + "\n") == text


@settings(max_examples=300, deadline=None)
@given(st.one_of(_YAML_TEXT, st.from_regex(r"[a-z0-9 :#,()*-]{1,20}", fullmatch=True)))
@example("1:0")  # base 60 to YAML 1.1 and js-yaml 3: quoted
@example("1_000")
def test_fix_values_read_back_as_the_same_string(text: str) -> None:
    written = yaml_scalar(text)
    assert _loaded("a: " + written + "\n") == text
    if written == text:
        # Plain: no YAML 1.1 boolean, no comment, nothing a portability rule flags.
        found = run(skill(NAME, "description: " + written), settings=Settings(select=("SKL204",)))
        assert codes(found) == []


def test_context_helper_defaults() -> None:
    ctx = context()
    assert ctx.folder_name == "my-skill"
    assert ctx.skill_files is None


def test_double_quoted_escapes_exactly_what_yaml_does_not_keep_as_written() -> None:
    """Escaped: what YAML 1.2 does not allow as written (outside c-printable), the byte-order
    mark, and the characters YAML 1.1 loaders take for line breaks (U+0085, U+2028, U+2029);
    `\\`, `"`, newline and tab have escapes of their own. Every code point is checked."""

    def kept(code: int) -> bool:
        return (
            0x20 <= code <= 0x7E
            or 0xA0 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD
            or code >= 0x10000
        ) and code not in (0x2028, 0x2029, 0xFEFF)

    wrong = [
        hex(code)
        for code in range(0x110000)
        if code not in (0x5C, 0x22, 0x0A, 0x09)
        and (yaml_double_quoted(chr(code)) == f'"{chr(code)}"') != kept(code)
    ]
    assert wrong == []
