"""The scans of repository text take linear time: long runs of the characters each one
looks at, fed to it and to the public functions that use it, finish under a CPU guard
(`cpu_guard.py`) of seconds where the quadratic patterns they replaced took minutes.

Each replaced pattern is kept here as the oracle: on short inputs the new scan gives what
it gave.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_ls.clients.loaders import LOADERS, misread_as
from skill_ls.diagnostics import Position
from skill_ls.document import code_kind, find_references, parse_document
from skill_ls.document.blocks import atx_heading, scan_blocks
from skill_ls.document.references import _LINK, _is_file_name, _links
from skill_ls.rules import RULES, check
from skill_ls.rules.arguments import hint_count
from skill_ls.server.completion_context import _LINK_PREFIX, _link_prefix, completion_context
from skill_ls.settings import Settings

from .cpu_guard import guarded
from .fuzzing import CONTEXT, SKILL_PATH

N = 100_000
FRONTMATTER = "---\nname: my-skill\ndescription: Does a thing. Use when asked.\n---\n"
INTERNAL_ERROR = "SKL902"

# The patterns as they were (the oracles).
OLD_HEADING = re.compile(r"^ {0,3}(?P<marks>#{1,6})(?:[ \t]+(?P<text>.*?))?[ \t#]*$")
OLD_FILE_NAME = re.compile(r"(?:^|[\\/])[\w.-]*[A-Za-z_][\w-]*\.[A-Za-z][A-Za-z0-9]{0,7}$")
OLD_INT = re.compile(r"[-+]?(?:0b[01_]*[01][01_]*|[0-9][0-9_]*_[0-9_]*)")
OLD_FLOAT = re.compile(r"[-+]?[0-9][0-9_]*_[0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?")

# (what, input) for each scan: the runs the security review found, and the other
# characters each one treats specially.
HEADING_LINES = [
    "# a" + " #" * N + "x",
    "#" * N + "x",
    "# " + " " * N + "x",
    "# " + "\t#" * N + "x",
    "   #" + " a#" * N,
]
LINK_PREFIXES = [
    "](a" * N + ")",
    "](" * N + " )",
    "]( <" * N + ">",
    "](<" * N,
    "]" * N + "(" * N + " ",
]
FILE_NAMES = [
    "a" * N,
    "a" * N + ".",
    "a." * N + "1",
    "a-" * N + ".x!",
    "_" * N + ".md1234567890",
]
# Plain frontmatter values (the check of a value also walks it character by character,
# linear but slower: 20,000 still takes the old patterns a minute on a whole check).
FRONTMATTER_N = 20_000


def loader_values(n: int) -> list[str]:
    return [
        "1" + "_" * n + "x",
        "1_" * n + "x",
        "0b" + "_" * n + "x",
        "0b_" * n + "2",
        "1_." + "_" * n + "x",
        "1_.e" + "1" * n + "x",
        "1" + ":1" * n + "x",
    ]


LINK_LINES = [
    "[](<" * N,
    "[a](<b" * N,
    "[a](< " * N,
    "[a>](<" * N,
    "[" * N + "](" * N,
]


def _check_cleanly(text: str) -> None:
    doc = parse_document(text, SKILL_PATH)
    found = check(doc, CONTEXT)
    assert INTERNAL_ERROR not in {d.code for d in found}


@pytest.mark.parametrize("line", HEADING_LINES, ids=range(len(HEADING_LINES)))
def test_headings_scan_in_linear_time(line: str) -> None:
    guarded(lambda: atx_heading(line))
    doc = parse_document(FRONTMATTER + line + "\n## b\n", SKILL_PATH)
    found = guarded(lambda: scan_blocks(doc))
    assert found.headings[-1].text == "b"


@pytest.mark.parametrize("prefix", LINK_PREFIXES, ids=range(len(LINK_PREFIXES)))
def test_link_completion_context_in_linear_time(prefix: str) -> None:
    guarded(lambda: _link_prefix(prefix))
    doc = parse_document(FRONTMATTER + prefix + "\n", SKILL_PATH)
    line = doc.index.line_count - 2
    guarded(lambda: completion_context(doc, Position(line, len(prefix))))


@pytest.mark.parametrize("name", FILE_NAMES, ids=range(len(FILE_NAMES)))
def test_file_names_in_inline_code_in_linear_time(name: str) -> None:
    guarded(lambda: code_kind(name))
    doc = parse_document(FRONTMATTER + f"See `{name}`.\n", SKILL_PATH)
    guarded(lambda: find_references(doc))


@pytest.mark.parametrize("which", range(len(loader_values(0))))
def test_loader_types_in_linear_time(which: int) -> None:
    value = loader_values(N)[which]
    guarded(lambda: [misread_as(loader, value) for loader in LOADERS])
    # Two long frontmatter values, checked against every target's loader.
    value = loader_values(FRONTMATTER_N)[which]
    text = f"---\nname: {value}\ndescription: {value}\n---\nBody\n"
    guarded(lambda: _check_cleanly(text))


@pytest.mark.parametrize("line", LINK_LINES, ids=range(len(LINK_LINES)))
def test_links_in_linear_time(line: str) -> None:
    guarded(lambda: list(_links(line)))
    doc = parse_document(FRONTMATTER + line + "\n", SKILL_PATH)
    guarded(lambda: find_references(doc))


def test_the_security_reviews_documents_check_in_linear_time() -> None:
    body = "\n".join(HEADING_LINES[:1] + LINK_PREFIXES[:1] + [f"`{FILE_NAMES[0]}`"] + LINK_LINES)
    guarded(lambda: _check_cleanly(FRONTMATTER + body + "\n"))


# The safety scans (SKL461-463): runs of each key prefix, of what follows it, and of the
# home-folder and package-runner shapes.
SAFETY_LINES = [
    "AKIA" * N,
    "AKIA" + "A" * N,
    "ghp_" * N,
    "ghp_" + "a" * N,
    "github_pat_" + "a_" * N,
    "xoxb-" + "1-" * N,
    "xoxb-1-" * N,
    "sk_live_" + "a" * N,
    "sk-ant-" + "-" * N,
    "sk-proj-" * N,
    "sk-" + "a" * N,
    "AIza" + "_" * N,
    "-----BEGIN " + "A " * N,
    "-----BEGIN RSA PRIVATE KEY-----\n" * (N // 10),
    "-----BEGIN PRIVATE KEY-----\n" + "A" * N,
    "/Users/" * N,
    "/home/a" + "." * N,
    "C:\\" + "Users\\" * N,
    "`npx " * N,
    "`npx -p" * N,
    "`uvx " + "--from " * N,
    "`pipx run " + "a" * N + "`",
    "`npx a@" + "@" * N + "`",
    "`npx " + "a[" * N + "`",
]


@pytest.mark.parametrize("line", SAFETY_LINES, ids=range(len(SAFETY_LINES)))
def test_safety_scans_in_linear_time(line: str) -> None:
    assert "SKL461" in RULES
    code = line.replace("`", "")
    guarded(lambda: _check_cleanly(FRONTMATTER + line + "\n"))
    guarded(lambda: _check_cleanly(FRONTMATTER + "```sh\n" + code + "\n```\n"))


# The upload's XML-tag scan (SKL126): runs of tag openings that never close, of `<` alone,
# and of a tag's inside, in a description checked with the upload among the targets.
XML_TAG_VALUES = ["<a" * N, "<" * N, "</" * N, "<a" + " b=" * N, "<a" + "<b" * N + ">"]
UPLOAD_CONTEXT = replace(CONTEXT, settings=Settings(target_clients=("claude-api",)))


@pytest.mark.parametrize("value", XML_TAG_VALUES, ids=range(len(XML_TAG_VALUES)))
def test_the_upload_xml_tag_scan_is_linear(value: str) -> None:
    assert "SKL126" in RULES
    text = f"---\nname: my-skill\ndescription: '{value}'\n---\nBody\n"
    found = guarded(lambda: check(parse_document(text, SKILL_PATH), UPLOAD_CONTEXT))
    assert INTERNAL_ERROR not in {d.code for d in found}
    assert ("SKL126" in {d.code for d in found}) == value.endswith(">")


# The same answers as the patterns they replace, on short inputs.
SHORT = settings(max_examples=500, deadline=None, database=None)


def _short(alphabet: str) -> st.SearchStrategy[str]:
    return st.text(st.sampled_from(alphabet), max_size=14)


def _old_heading(line: str) -> tuple[int, str] | None:
    match = OLD_HEADING.match(line)
    return (len(match.group("marks")), (match.group("text") or "").strip()) if match else None


def _span(match: re.Match[str] | None) -> tuple[int, int] | None:
    return None if match is None else match.span()


@SHORT
@given(_short(" \t#ax\u00a0"))
def test_heading_scan_reads_what_the_pattern_read(line: str) -> None:
    assert atx_heading(line) == _old_heading(line)


@SHORT
@given(_short("]( \t<>)a/"))
def test_link_prefix_finds_what_the_pattern_found(prefix: str) -> None:
    new, old = _link_prefix(prefix), _LINK_PREFIX.search(prefix)
    assert _span(new) == _span(old)
    assert (new and new.start("path")) == (old and old.start("path"))


@SHORT
@given(_short("a.1_-Z\u00e9!/\\"))
def test_file_name_test_agrees_with_the_pattern(path: str) -> None:
    last = re.split(r"[\\/]", path)[-1]
    assert _is_file_name(last) == (OLD_FILE_NAME.search(path) is not None)


@SHORT
@given(_short("01_b.eE+-2x"))
def test_loader_patterns_agree_with_the_old_ones(text: str) -> None:
    # js-yaml's loader reads by these two patterns alone.
    old = "int" if OLD_INT.fullmatch(text) else "float" if OLD_FLOAT.fullmatch(text) else None
    assert misread_as("js-yaml", text) == old


def _link_key(match: re.Match[str]) -> tuple[object, ...]:
    return (match.span(), match.group("text"), match.groupdict().get("angle"), match["bare"])


@SHORT
@given(_short("[]()<> a!"))
def test_links_are_what_the_pattern_found(line: str) -> None:
    assert [_link_key(m) for m in _links(line)] == [_link_key(m) for m in _LINK.finditer(line)]


# The argument placeholders (SKL410, SKL411, SKL414) and side-effect commands (SKL413):
# runs of what each pattern repeats, in prose, inline code and shell blocks.
ARGUMENT_LINES = [
    "$" * N,
    "$1" * N,
    "$a" * N,
    "$" + "a" * N,
    "$" + "1" * N + "x",
    "$ARGUMENTS[" * N,
    "$ARGUMENTS[" + "1" * N,
    "$1." * N,
    "`$1" * N,
    "git " * N,
    "git" + " " * N + "pushx",
    "rm -rf" * N,
    "rm -rf " + " " * N + "$",
    "DROP " * N,
    "gh release " * N,
    "never " * N + "git push",
    "git push " * N,
    "git push | " * N,
    "rm -rf x " * N,
    "rm -rf $x " * N,
]
ARGUMENT_FRONTMATTER = (
    '---\nname: my-skill\ndescription: Does a thing.\nargument-hint: "[a] [b]"\n'
    "arguments: [a, b]\n---\n"
)


@pytest.mark.parametrize("line", ARGUMENT_LINES, ids=range(len(ARGUMENT_LINES)))
def test_argument_and_command_scans_in_linear_time(line: str) -> None:
    assert {"SKL410", "SKL411", "SKL413", "SKL414"} <= RULES.keys()
    guarded(lambda: hint_count("[a] " * N + "x"))
    for text in (line, f"`{line}`", f"```bash\n{line}\n```"):
        document = ARGUMENT_FRONTMATTER + text + "\n"
        guarded(functools.partial(_check_cleanly, document))
