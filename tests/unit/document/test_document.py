"""The document model: every fact it records about a SKILL.md, with exact positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from skill_ls.diagnostics import Diagnostic, Position
from skill_ls.document import (
    MAX_FRONTMATTER_CHARS,
    Reference,
    SkillDocument,
    decode_skill_bytes,
    load_document,
    parse_document,
    parse_simple,
)
from skill_ls.rules import CheckContext, check
from skill_ls.rules.structure import FRONTMATTER_BOUND, YAML_SYNTAX
from skill_ls.yamltree import MAX_NODES, YMapping, YScalar, YSequence, parse_yaml

from ..unit_helpers import codes, find, one, r, run, skill


def value_of(doc: SkillDocument, key: str) -> YScalar:
    entry = doc.fields[key]
    assert isinstance(entry.value, YScalar)
    return entry.value


# --- Splitting frontmatter and body ----------------------------------------------------------


def test_plain_document() -> None:
    text = "---\nname: my-skill\ndescription: Does things.\n---\n# Title\n\nBody.\n"
    doc = parse_document(text, "/x/my-skill/SKILL.md")
    assert doc.frontmatter is not None
    assert (doc.frontmatter.open_line, doc.frontmatter.close_line) == (0, 3)
    assert doc.frontmatter.first_line == 1
    assert doc.frontmatter.yaml_text == "name: my-skill\ndescription: Does things.\n"
    assert doc.has_frontmatter and doc.strict_ok and doc.lenient_ok
    assert doc.body == "# Title\n\nBody.\n"
    assert doc.body_start_line == 4
    assert doc.body_lines == 4
    assert list(doc.fields) == ["name", "description"]
    assert doc.fields["name"].key.range == r(1, 0, 1, 4)
    assert value_of(doc, "name").range == r(1, 6, 1, 14)
    assert doc.string_value("description") == "Does things."
    assert doc.string_value("missing") is None
    assert doc.folder_name == "my-skill"
    assert doc.line_endings == "lf"
    assert not doc.has_bom and not doc.crlf_lines and doc.leading_blank_lines == 0


def test_no_frontmatter() -> None:
    doc = parse_document("# Just markdown\n")
    assert doc.frontmatter is None
    assert not doc.has_frontmatter
    assert doc.fields == {}
    assert doc.body == "# Just markdown\n"
    assert doc.body_start_line == 0
    assert doc.folder_name is None


def test_empty_text() -> None:
    doc = parse_document("")
    assert doc.frontmatter is None
    assert doc.line_endings == "none"
    assert doc.body == ""


@pytest.mark.parametrize("closing", ["---", "---  ", "---\t"])
def test_delimiter_may_have_trailing_blanks(closing: str) -> None:
    doc = parse_document(f"---\nname: a\n{closing}\nbody\n")
    assert doc.has_frontmatter
    assert doc.body == "body\n"


@pytest.mark.parametrize("opening", ["----", "--- x", " ---", "-- -"])
def test_not_a_delimiter(opening: str) -> None:
    doc = parse_document(f"{opening}\nname: a\n---\n")
    assert doc.frontmatter is None


def test_frontmatter_at_end_of_file_without_a_body() -> None:
    doc = parse_document("---\nname: a\n---")
    assert doc.has_frontmatter
    assert doc.body == ""
    assert doc.body_start_line == 3


def test_only_the_first_two_delimiters_split() -> None:
    doc = parse_document("---\nname: a\n---\nbody\n---\nmore\n")
    assert doc.body == "body\n---\nmore\n"
    assert list(doc.fields) == ["name"]


def test_empty_frontmatter() -> None:
    doc = parse_document("---\n---\nbody\n")
    assert doc.has_frontmatter
    assert doc.fields == {}
    assert doc.root is None
    assert doc.strict_ok


def test_comment_only_frontmatter() -> None:
    doc = parse_document("---\n# nothing\n---\nbody\n")
    assert doc.fields == {}
    assert doc.unreadable == []


# --- BOM, line endings, blank lines ----------------------------------------------------------


def test_bom_is_recorded_and_the_frontmatter_still_found() -> None:
    doc = parse_document("\ufeff---\nname: my-skill\n---\nbody\n")
    assert doc.has_bom
    assert doc.has_frontmatter
    assert value_of(doc, "name").range == r(1, 6, 1, 14)


def test_bom_without_frontmatter_is_not_part_of_the_body() -> None:
    doc = parse_document("\ufeff# Title\n")
    assert doc.has_bom
    assert doc.body == "# Title\n"


def test_crlf() -> None:
    doc = parse_document("---\r\nname: my-skill\r\ndescription: Does x.\r\n---\r\nbody\r\n")
    assert doc.line_endings == "crlf"
    assert doc.crlf_lines == [0, 1, 2, 3, 4]
    assert doc.has_frontmatter
    assert value_of(doc, "name").value == "my-skill"
    assert value_of(doc, "name").range == r(1, 6, 1, 14)
    assert value_of(doc, "description").value == "Does x."
    assert doc.body == "body\r\n"


def test_mixed_line_endings() -> None:
    doc = parse_document("---\r\nname: my-skill\ndescription: x\r\n---\nbody\n")
    assert doc.line_endings == "mixed"
    assert doc.crlf_lines == [0, 2]
    assert doc.has_frontmatter
    assert value_of(doc, "description").range == r(2, 13, 2, 14)


def test_lone_cr_line_endings() -> None:
    doc = parse_document("---\rname: my-skill\r---\rbody\r")
    assert doc.line_endings == "cr"
    assert doc.crlf_lines == []
    assert doc.has_frontmatter
    assert value_of(doc, "name").range == r(1, 6, 1, 14)


@pytest.mark.parametrize("blank", ["\n", "\n\n", "   \n", "\t\n\n"])
def test_blank_lines_before_the_opening_delimiter(blank: str) -> None:
    doc = parse_document(blank + "---\nname: my-skill\n---\nbody\n")
    lines = blank.count("\n")
    assert doc.leading_blank_lines == lines
    assert doc.frontmatter is not None
    assert doc.frontmatter.open_line == lines
    assert value_of(doc, "name").range == r(lines + 1, 6, lines + 1, 14)


def test_text_before_the_delimiter_means_no_frontmatter() -> None:
    doc = parse_document("# Title\n---\nname: a\n---\n")
    assert doc.frontmatter is None


# --- Unclosed and oversized frontmatter ------------------------------------------------------


def test_unclosed_frontmatter() -> None:
    doc = parse_document("---\nname: my-skill\ndescription: x\n\n# Body\n")
    assert doc.frontmatter is not None
    assert doc.frontmatter.close_line is None
    assert not doc.has_frontmatter
    assert not doc.strict_ok and not doc.lenient_ok
    assert doc.fields == {}
    assert doc.body_start_line == 1


def test_oversized_frontmatter_is_not_parsed() -> None:
    big = "description: " + "x" * (MAX_FRONTMATTER_CHARS + 1)
    doc = parse_document(skill("name: my-skill", big))
    assert doc.oversized_frontmatter
    assert doc.fields == {}
    assert not doc.strict_ok and not doc.lenient_ok
    assert codes(run(skill("name: my-skill", big))) == ["SKL007"]


# --- YAML facts ------------------------------------------------------------------------------


def test_yaml_syntax_error_with_position() -> None:
    doc = parse_document(skill("name: my-skill", "description: [unclosed", "license: MIT"))
    assert doc.strict_error is not None
    # A strict loader stumbles at `license:`; read on its own, the entry fails at its `[`.
    assert doc.strict_error.range.start == Position(3, 7)
    assert not doc.strict_ok
    assert not doc.lenient_ok
    assert [e.range.start for e in doc.unreadable] == [Position(2, 13)]
    assert doc.unreadable_keys == {"description"}
    # The other entries are still read.
    assert set(doc.fields) == {"name", "license"}


def test_duplicate_keys() -> None:
    doc = parse_document(skill("name: first", "description: x", "name: second"))
    assert doc.facts.duplicate_keys == [("name", r(3, 0, 3, 4), r(1, 0, 1, 4))]
    # The first copy is the field rules check.
    assert value_of(doc, "name").value == "first"


def test_duplicate_keys_after_a_yaml_error_elsewhere() -> None:
    doc = parse_document(skill("name: first", "description: a: b", "name: second"))
    assert doc.strict_error is not None
    assert doc.facts.duplicate_keys == [("name", r(3, 0, 3, 4), r(1, 0, 1, 4))]
    assert value_of(doc, "name").value == "first"


def test_facts_are_not_doubled_when_entries_are_reread() -> None:
    doc = parse_document(skill("name: &n my-skill", "tags: [a]", "description: a: b"))
    assert doc.strict_error is not None
    assert doc.facts.anchors == [r(1, 6, 1, 8)]
    assert doc.facts.flow == [r(2, 6, 2, 7)]


def test_tabs() -> None:
    doc = parse_document(skill("name: my-skill", "description: a\tb", "x:\t1"))
    assert doc.tabs == [r(2, 14, 2, 15), r(3, 2, 3, 3)]


def test_tab_indentation_is_a_yaml_error() -> None:
    doc = parse_document(skill("metadata:", "\tauthor: me"))
    assert doc.tabs == [r(2, 0, 2, 1)]
    assert doc.strict_error is not None


def test_anchors_aliases_tags_flow() -> None:
    doc = parse_document(
        skill("name: &n my-skill", "description: *n", "license: !!str MIT", "tags: [a, b]")
    )
    assert doc.facts.anchors == [r(1, 6, 1, 8)]
    assert doc.facts.aliases == [r(2, 13, 2, 15)]
    assert doc.facts.tags == [("!!str", r(3, 9, 3, 14))]
    assert doc.facts.flow == [r(4, 6, 4, 7)]


def test_dashes_inside_a_value() -> None:
    doc = parse_document(skill("name: my-skill", "description: before --- after"))
    assert doc.has_frontmatter
    assert value_of(doc, "description").value == "before --- after"
    assert doc.dashes_in_values == [r(2, 20, 2, 23)]


def test_dashes_in_a_block_scalar_do_not_close_the_frontmatter() -> None:
    doc = parse_document(skill("name: my-skill", "description: |", "  ---", "  more"))
    assert value_of(doc, "description").value == "---\nmore\n"
    assert doc.dashes_in_values == [r(3, 2, 3, 5)]


def test_nul_bytes() -> None:
    doc = parse_document(skill("name: my-skill", "description: a\0b", body="x\0\n"))
    assert doc.nul_bytes == [r(2, 14, 2, 15), r(4, 1, 4, 2)]
    # A NUL inside YAML is a syntax error that points at it.
    assert doc.unreadable[0].range.start == Position(2, 14)
    assert "name" in doc.fields


def test_frontmatter_that_is_not_a_mapping() -> None:
    for body in (["- a", "- b"], ["just text"]):
        doc = parse_document(skill(*body))
        assert doc.fields == {}
        assert [e.message for e in doc.unreadable] == [
            "frontmatter is not a mapping of keys to values"
        ]


def test_unicode_line_separators_inside_values_keep_lines_aligned() -> None:
    # str.splitlines() would split at U+2028 and U+2029; YAML and LSP do not.
    text = skill("name: a\u2028b", "compatibility: x\u2029y", "description: Use: this")
    doc = parse_document(text)
    assert value_of(doc, "name").value == "a\u2028b"
    assert value_of(doc, "description").range == r(3, 13, 3, 22)
    assert doc.unreadable == []


# --- Strict and lenient readings -------------------------------------------------------------


def test_unquoted_colon_is_recovered_as_a_string() -> None:
    text = skill("name: my-skill", "description: Use this: when asked", "license: MIT")
    doc = parse_document(text)
    assert doc.strict_error is not None
    assert doc.strict_error.range.start == Position(2, 21)
    assert not doc.strict_ok
    assert doc.lenient_ok
    entry = doc.fields["description"]
    assert entry.recovered
    assert value_of(doc, "description").value == "Use this: when asked"
    assert value_of(doc, "description").range == r(2, 13, 2, 33)
    assert not doc.fields["name"].recovered
    assert not doc.fields["license"].recovered


def test_recovered_value_joins_continuation_lines() -> None:
    doc = parse_document(skill("description: Use this: when", "  the user asks", "name: x"))
    entry = doc.fields["description"]
    assert entry.recovered
    assert value_of(doc, "description").value == "Use this: when the user asks"
    assert value_of(doc, "description").range == r(1, 13, 2, 15)
    assert value_of(doc, "name").value == "x"


@pytest.mark.parametrize(
    "line",
    [
        'description: "unclosed',
        "description: [a, b",
        "description: 'a: b",
        "description: *a: b",
        "description: |\n  x\n y: z",
    ],
)
def test_values_no_lenient_loader_reads(line: str) -> None:
    doc = parse_document(skill("name: my-skill", line))
    assert "description" not in doc.fields
    assert "description" in doc.unreadable_keys
    assert not doc.lenient_ok
    assert value_of(doc, "name").value == "my-skill"


def test_a_yaml_error_in_one_value_does_not_hide_a_name_error() -> None:
    text = skill("name: Bad_Name", "description: Use this: when asked by the user")
    found = run(text, folder="bad-name")
    assert {"SKL003", "SKL104"} <= set(codes(found))
    assert one(found, "SKL104").range == r(1, 6, 1, 11)
    text = skill("name: Bad_Name", 'description: "never closed')
    found = run(text, folder="bad-name")
    assert {"SKL003", "SKL104"} <= set(codes(found))
    assert "SKL111" not in codes(found)  # it is there, just unreadable


# --- Bounds ----------------------------------------------------------------------------------


def alias_bomb() -> str:
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for n in range(1, 10):
        lines.append(f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]")
    return "\n".join(lines)


def test_alias_bomb_document() -> None:
    text = skill("name: my-skill", "description: Does things. Use when asked.", alias_bomb())
    doc = parse_document(text)
    assert doc.strict_ok
    assert len(doc.fields) == 12
    assert len(doc.facts.aliases) == 81
    found = run(text)
    # Facts are reported a few at a time, never one per expanded node.
    assert len(find(found, "SKL209")) == 6
    assert len(found) < 40


@pytest.mark.parametrize("opener", ["[", "{"])
def test_ten_thousand_deep_flow_nesting(opener: str) -> None:
    closer = {"[": "]", "{": "}"}[opener]
    text = skill("name: my-skill", "metadata: " + opener * 10_000 + closer * 10_000)
    doc = parse_document(text)
    assert "metadata" not in doc.fields
    assert value_of(doc, "name").value == "my-skill"
    assert len(doc.unreadable) == 1
    assert "deeper than 64" in doc.unreadable[0].message
    found = run(text)
    bound = one(found, "SKL007")
    assert bound.range.start.line == 2
    assert "SKL003" not in codes(found)


def test_ten_thousand_keys() -> None:
    keys = [f"key{i}: value {i}" for i in range(10_000)]
    text = skill("name: my-skill", "description: Does things. Use when asked.", *keys)
    doc = parse_document(text)
    # Over the node bound as a whole; entries are then read one by one, within bounds.
    assert doc.strict_error is not None
    assert f"more than {MAX_NODES}" in doc.strict_error.message
    assert value_of(doc, "name").value == "my-skill"
    assert value_of(doc, "description").value == "Does things. Use when asked."
    assert 1_000 <= len(doc.fields) <= 10_002
    found = run(text, targets=["claude-code"])
    assert one(found, FRONTMATTER_BOUND.code).severity.label == "error"
    assert YAML_SYNTAX.code not in codes(found)
    # Every unknown key is counted: 100 listed, then one finding for the rest.
    unknown = find(found, "SKL301")
    assert len(unknown) == 101
    assert unknown[-1].data == {"more": len(doc.fields) - 2 - 100}


def test_ten_thousand_keys_same_on_both_parsers() -> None:
    keys = "".join(f"key{i}: v\n" for i in range(10_000))
    simple = parse_simple(keys, 1)
    full = parse_yaml(keys, 1)
    assert simple.error == full.error
    assert simple.root is None and full.root is None


# --- The fast path ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "yaml_text",
    [
        "name: my-skill\n",
        "name: my-skill\ndescription: Does things (fast).\n",
        'description: "say \\"hi\\"\\tand \\\\ go"\n',
        "description: 'it''s fine'\n",
        "name:\n",
        "name:   \n",
        "a: 1\nb: true\nc: 0x1F\nd: 1.5\n",
        "a: x\na: y\n",
        "a_b-c: v  \n",
        'a: ""\n',
        "a: ''\n",
        "a: x é😀\n",
    ],
)
def test_fast_path_matches_the_full_parser(yaml_text: str) -> None:
    text = "---\n" + yaml_text + "---\n"
    doc = parse_document(text)
    assert parse_simple(yaml_text, 1) == parse_yaml(yaml_text, 1)
    assert doc.root == parse_yaml(yaml_text, 1).root


# --- References in the body ------------------------------------------------------------------


def refs(body: str) -> list[tuple[str, str, tuple[int, int, int, int]]]:
    doc = parse_document("---\nname: x\n---\n" + body)
    return [(ref.target, ref.kind, _tuple(ref)) for ref in doc.references]


def _tuple(ref: Reference) -> tuple[int, int, int, int]:
    rng = ref.range
    return (rng.start.line, rng.start.column, rng.end.line, rng.end.column)


def test_markdown_links_and_images() -> None:
    body = "See [forms](references/forms.md) and ![chart](assets/c.png).\n"
    assert refs(body) == [
        ("references/forms.md", "link", (3, 12, 3, 31)),
        ("assets/c.png", "link", (3, 46, 3, 58)),
    ]


def test_link_forms() -> None:
    body = (
        '[a](references/a.md "title")\n'
        "[b](<references/with space.md>)\n"
        "[c]: references/c.md\n"
        "[d](references/d.md#section)\n"
        "[e](references/e.md?x=1)\n"
        "[f](references/my%20file.md)\n"
    )
    assert refs(body) == [
        ("references/a.md", "link", (3, 4, 3, 19)),
        ("references/with space.md", "link", (4, 5, 4, 29)),
        ("references/c.md", "link", (5, 5, 5, 20)),
        ("references/d.md", "link", (6, 4, 6, 19)),
        ("references/e.md", "link", (7, 4, 7, 19)),
        ("references/my%20file.md", "link", (8, 4, 8, 27)),
    ]


@pytest.mark.parametrize(
    "target",
    ["https://example.com/x.md", "http://x", "mailto:a@b.c", "#section", "data:text/plain,x"],
)
def test_urls_and_fragments_are_not_references(target: str) -> None:
    assert refs(f"[x]({target})\n") == []


@pytest.mark.parametrize(
    "target",
    ["file:///etc/passwd", "/etc/passwd", "~/notes.md", "C:\\Users\\x.md", "c:/x.md", "../up.md"],
)
def test_absolute_and_outside_paths_are_references(target: str) -> None:
    assert [t for t, _, _ in refs(f"[x]({target})\n")] == [target]


def test_inline_code_under_bundled_folders_is_code_other_paths_are_mentions() -> None:
    body = (
        "Run `scripts/run.py` and `python scripts/x.py`, read `./notes.md`,\n"
        "`../up.md`, `references\\win.md`, not `src/app.py`, `scripts/`, `x.md`.\n"
    )
    assert refs(body) == [
        ("scripts/run.py", "code", (3, 5, 3, 19)),
        ("./notes.md", "mention", (3, 54, 3, 64)),
        ("references\\win.md", "code", (4, 13, 4, 30)),
        ("src/app.py", "mention", (4, 38, 4, 48)),
        ("x.md", "mention", (4, 64, 4, 68)),
    ]


def test_links_inside_inline_code_are_code() -> None:
    body = "Write links as `[text](references/none.md)`; see [real](references/a.md).\n"
    assert [t for t, _, _ in refs(body)] == ["references/a.md"]


@pytest.mark.parametrize("fence", ["```", "~~~", "````", "```python", "   ```"])
def test_fenced_code_is_ignored(fence: str) -> None:
    closer = fence.strip().rstrip("python")
    inside = "[x](references/in-code.md) `scripts/in-code.py`"
    body = f"{fence}\n{inside}\n{closer}\n[y](references/after.md)\n"
    assert [t for t, _, _ in refs(body)] == ["references/after.md"]


def test_a_shorter_or_different_fence_does_not_close() -> None:
    body = "````\n```\n[x](references/a.md)\n~~~\n````\n[y](references/b.md)\n"
    assert [t for t, _, _ in refs(body)] == ["references/b.md"]


def test_unclosed_fence_hides_the_rest() -> None:
    assert refs("```\n[x](references/a.md)\n") == []


def test_frontmatter_is_not_searched_for_references() -> None:
    doc = parse_document("---\nname: x\ndescription: see [a](references/a.md)\n---\nbody\n")
    assert doc.references == []


def test_references_in_a_document_without_frontmatter() -> None:
    doc = parse_document("[a](references/a.md)\n")
    assert [ref.target for ref in doc.references] == ["references/a.md"]


# --- Bytes -----------------------------------------------------------------------------------


def test_valid_utf8_bytes() -> None:
    doc = decode_skill_bytes("---\nname: é\n---\n".encode(), "/s/é/SKILL.md")
    assert doc.decode_problem is None
    assert value_of(doc, "name").value == "é"
    assert doc.path == "/s/é/SKILL.md"


def test_utf8_bom_bytes() -> None:
    doc = decode_skill_bytes(b"\xef\xbb\xbf---\nname: a\n---\n")
    assert doc.decode_problem is None
    assert doc.has_bom
    assert doc.has_frontmatter


def test_invalid_utf8_position_counts_characters_before_it() -> None:
    data = "---\nname: é".encode() + b"\xff\xfe" + b"x\n---\n"
    doc = decode_skill_bytes(data)
    assert doc.decode_problem is not None
    assert doc.decode_problem.range == r(1, 7, 1, 8)
    assert "0xff" in doc.decode_problem.message
    assert "byte offset 12" in doc.decode_problem.message
    assert "\ufffd" in doc.text
    found = check_bytes(data)
    assert one(found, "SKL006").range == r(1, 7, 1, 8)


def test_truncated_utf8_sequence_at_the_end() -> None:
    data = "---\nname: a\n---\nbody é".encode()[:-1]
    doc = decode_skill_bytes(data)
    assert doc.decode_problem is not None
    assert doc.decode_problem.range == r(3, 5, 3, 6)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_with_bom(encoding: str) -> None:
    bom = b"\xff\xfe" if encoding.endswith("le") else b"\xfe\xff"
    data = bom + "---\nname: a\n---\nbody\n".encode(encoding)
    doc = decode_skill_bytes(data)
    assert doc.decode_problem is not None
    assert "UTF-16" in doc.decode_problem.message
    assert doc.decode_problem.range == r(0, 0, 0, 1)
    assert "SKL006" in codes(check_bytes(data))


def test_utf16_with_an_odd_byte_count_never_raises() -> None:
    doc = decode_skill_bytes(b"\xff\xfe-\x00-\x00-")
    assert doc.decode_problem is not None


def test_utf16_without_bom_reads_as_nul_bytes() -> None:
    data = "---\nname: a\n---\n".encode("utf-16-le")
    doc = decode_skill_bytes(data)
    assert doc.nul_bytes
    assert "SKL008" in codes(check_bytes(data))


def test_load_document(tmp_path: Path) -> None:
    path = tmp_path / "my-skill" / "SKILL.md"
    path.parent.mkdir()
    path.write_bytes(b"---\nname: my-skill\n---\nbody\n")
    doc = load_document(path)
    assert doc.path == str(path)
    assert doc.folder_name == "my-skill"
    with pytest.raises(OSError):
        load_document(tmp_path / "missing" / "SKILL.md")


def check_bytes(data: bytes) -> list[Diagnostic]:
    return check(decode_skill_bytes(data), CheckContext(folder_name="a"))


def test_ranges_of_a_recovered_value_inside_the_document() -> None:
    doc = parse_document(skill("name: x", "description: a: b"))
    mapping = doc.root
    assert mapping is None  # the strict reading failed; fields come from entries
    assert isinstance(doc.fields["name"].value, YScalar)
    assert not isinstance(doc.fields["description"].value, (YMapping, YSequence))
