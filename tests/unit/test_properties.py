"""Properties over arbitrary input: the document model and the validator never raise, every
range lies inside the document, every fix applies cleanly, and the fast path agrees with the
full YAML parser."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from skill_ls.diagnostics import Diagnostic, Position, Range
from skill_ls.document import SkillDocument, decode_skill_bytes, parse_document
from skill_ls.rules import CheckContext, check
from skill_ls.settings import Settings
from skill_ls.text import LineIndex
from skill_ls.yamltree import only_simple_entries, parse_simple, parse_yaml

from .unit_helpers import apply_edits, context

CHARS = st.characters(codec="utf-8", exclude_categories=["Cs"])

# Pieces real and broken SKILL.md files are made of.
FRAGMENTS = [
    "---",
    "--- ",
    "...",
    "",
    " ",
    "\t",
    "name: my-skill",
    "name: My_Skill--",
    "name:",
    "name: ''",
    "name: 12",
    "description: Extracts text. Use when asked.",
    "description: Use this: when asked",
    'description: "quoted \\"text\\" \\u00e9"',
    "description: 'it''s'",
    "description: >-",
    "description: |",
    "description:",
    "description: [a, b",
    "description: &a text",
    "description: *a",
    "description: !tag x",
    "description: @x",
    "description: yes",
    "description: text # comment",
    "  folded line",
    "  more: text",
    "    deeper",
    "- item",
    "  - item",
    "metadata:",
    "  author: me",
    "  version: 1.0",
    "allowed-tools: Read, Grep",
    "allowed-tools:",
    "argument-hint: [x]",
    "effort: High",
    "user-invocable: 'true'",
    "model_invokation: true",
    "when_to_use: " + "w" * 40,
    "description: " + "d" * 1030,
    "  " + "l" * 1030,
    "  " + "😀" * 1020,
    "x: {a: [b, {c: d}]}",
    "? complex",
    ": value",
    "%YAML 1.2",
    "key: \x00",
    "key: é😀 text",
    "# comment",
    "```",
    "~~~",
    "[link](references/a.md#x)",
    "[up](../x.md) [abs](/etc/x) [win](C:\\x.md) [bs](references\\a.md)",
    "`scripts/run.py` `./x.md`",
    "[def]: references/b.md",
]

LINE = st.one_of(st.sampled_from(FRAGMENTS), st.text(CHARS, max_size=30))
BREAK = st.sampled_from(["\n", "\n", "\n", "\r\n", "\r"])


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines = draw(st.lists(LINE, max_size=25))
    breaks = draw(st.lists(BREAK, min_size=len(lines), max_size=len(lines)))
    text = "".join(line + brk for line, brk in zip(lines, breaks, strict=True))
    prefix = draw(st.sampled_from(["", "", "\ufeff", "\n", "---\n"]))
    return prefix + text


TEXTS = st.one_of(documents(), st.text(CHARS, max_size=300))

CONTEXTS = st.builds(
    lambda targets, unicode, folder, files: context(
        folder=folder,
        settings=Settings(target_clients=targets, unicode_names=unicode),
        files=files,
        dirs={"references", "scripts"},
    ),
    st.sampled_from([(), ("claude-code",), ("codex", "gemini-cli"), ("yoi", "insomnia")]),
    st.booleans(),
    st.sampled_from([None, "my-skill", "café", "12"]),
    st.sampled_from([None, {"SKILL.md", "references/a.md", "scripts/run.py", "assets/x.png"}]),
)


def inside(index: LineIndex, pos: Position) -> bool:
    return 0 <= pos.line < index.line_count and 0 <= pos.column <= len(index.line(pos.line))


def assert_range_inside(index: LineIndex, rng: Range, what: object) -> None:
    assert rng.start <= rng.end, what
    assert inside(index, rng.start), what
    assert inside(index, rng.end), what


def assert_sound(doc: SkillDocument, found: list[Diagnostic]) -> None:
    index = doc.index
    for diag in found:
        assert_range_inside(index, diag.range, diag)
        for related in diag.related:
            assert_range_inside(index, related.range, related)
        for fix in diag.fixes:
            for edit in fix.edits:
                assert_range_inside(index, edit.range, (diag.code, fix.title, edit))
            fixed = apply_edits(doc.text, fix.edits)  # non-overlapping, or it fails
            check(parse_document(fixed), CheckContext())


PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(TEXTS, CONTEXTS)
def test_validator_never_raises_and_ranges_lie_inside(text: str, ctx: CheckContext) -> None:
    doc = parse_document(text, "/w/.claude/skills/my-skill/SKILL.md")
    found = check(doc, ctx)
    assert_sound(doc, found)
    assert found == sorted(found, key=lambda d: (d.range.start, d.code))


@PROPERTY
@given(TEXTS)
def test_document_facts_lie_inside(text: str) -> None:
    doc = parse_document(text)
    index = doc.index
    for entry in doc.fields.values():
        assert_range_inside(index, entry.key.range, entry.key)
        if entry.value is not None:
            assert_range_inside(index, entry.value.range, entry.value)
    for rng in [
        *doc.tabs,
        *doc.dashes_in_values,
        *doc.nul_bytes,
        *doc.facts.anchors,
        *doc.facts.aliases,
        *doc.facts.flow,
        *(rng for _, rng in doc.facts.tags),
        *(rng for _, rng, _ in doc.facts.duplicate_keys),
        *(error.range for error in doc.unreadable),
        *(ref.range for ref in doc.references),
    ]:
        assert_range_inside(index, rng, rng)
    for ref in doc.references:
        written = index.line(ref.range.start.line)[ref.range.start.column : ref.range.end.column]
        assert written == ref.target


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_decode_and_check(data: bytes) -> None:
    doc = decode_skill_bytes(data, "/w/my-skill/SKILL.md")
    found = check(doc, CheckContext(folder_name="my-skill"))
    assert_sound(doc, found)
    if doc.decode_problem is not None:
        assert "SKL006" in {d.code for d in found}


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200), st.sampled_from(["utf-16-le", "utf-16-be"]))
def test_utf16_text_at_the_bytes_edge(data: bytes, encoding: str) -> None:
    text = data.decode("latin-1")
    bom = b"\xff\xfe" if encoding.endswith("le") else b"\xfe\xff"
    doc = decode_skill_bytes(bom + ("---\nname: x\n---\n" + text).encode(encoding))
    assert doc.decode_problem is not None
    assert_sound(doc, check(doc, CheckContext()))


# --- The fast path agrees with the full parser -----------------------------------------------

KEY = st.tuples(
    st.sampled_from(string.ascii_letters + "_"),
    st.text(string.ascii_letters + string.digits + "_-", max_size=12),
).map("".join)


def _one_line_characters(exclude: str = "") -> st.SearchStrategy[str]:
    """Characters YAML takes as written on one line (no controls, breaks, BOM, non-characters)."""
    return st.characters(
        codec="utf-8",
        exclude_categories=["Cs", "Cc", "Zl", "Zp"],
        exclude_characters="\ufeff\x85\ufffe\uffff" + exclude,
    )


PLAIN = st.tuples(
    st.sampled_from("abcXYZ019("), st.text(_one_line_characters("#:\"'"), max_size=30)
).map("".join)
SINGLE = st.text(_one_line_characters(), max_size=20).map(
    lambda t: "'" + t.replace("'", "''") + "'"
)
DOUBLE = st.lists(
    st.one_of(
        st.text(_one_line_characters('"\\'), min_size=1, max_size=5),
        st.sampled_from(["\\\\", '\\"', "\\n", "\\t", "\\/", "\\0", "\\e", "\\ "]),
    ),
    max_size=6,
).map(lambda parts: '"' + "".join(parts) + '"')
# A flow list: words (which the fast path reads) and what it leaves to the parser.
FLOW = st.tuples(
    st.lists(
        st.one_of(
            st.text("abz09_./-", min_size=1, max_size=6),
            st.sampled_from(["true", "1.5", "null", "~", "-x", "a b", "'q'", "[b]", ""]),
        ),
        max_size=4,
    ),
    st.sampled_from([",", ", ", " ,", " , "]),
    st.sampled_from(["", " "]),
).map(lambda t: "[" + t[2] + t[1].join(t[0]) + t[2] + "]")
VALUE = st.one_of(st.just(""), PLAIN, SINGLE, DOUBLE, FLOW)


@st.composite
def simple_frontmatter(draw: st.DrawFn) -> str:
    entries = draw(st.lists(st.tuples(KEY, VALUE, st.sampled_from(["", " ", "  "])), max_size=8))
    return "".join(
        f"{key}:{' ' + value if value else ''}{trailing}\n" for key, value, trailing in entries
    )


@settings(max_examples=300, deadline=None)
@given(simple_frontmatter(), st.integers(min_value=0, max_value=5))
def test_fast_path_matches_the_full_parser(yaml_text: str, offset: int) -> None:
    assume(only_simple_entries(yaml_text))
    fast = parse_simple(yaml_text, offset)
    full = parse_yaml(yaml_text, offset)
    assert fast == full


@settings(max_examples=200, deadline=None)
@given(simple_frontmatter())
def test_documents_read_the_same_on_both_paths(yaml_text: str) -> None:
    assume(only_simple_entries(yaml_text))
    # A comment line forces the full parser; it changes nothing else.
    fast = parse_document("---\n" + yaml_text + "---\nbody\n")
    full = parse_document("---\n" + yaml_text + "# c\n---\nbody\n")
    assert {k: (f.key, f.value) for k, f in fast.fields.items()} == {
        k: (f.key, f.value) for k, f in full.fields.items()
    }
    assert fast.facts == full.facts
    assert fast.strict_error == full.strict_error
