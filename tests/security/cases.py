"""The bad-documents matrix: hostile or broken SKILL.md bytes and the finding each must give.

Shared by the validator, CLI and server tests and by `benchmarks/fuzz_campaign.py`. Each case
is built lazily (some are 10 MB), and names the rule codes that must appear among the
findings: a clear diagnostic, never a crash, a hang or unbounded memory.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MB = 1024 * 1024

GOOD_HEAD = "---\nname: my-skill\ndescription: Does a thing. Use when the user asks for it.\n---\n"


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[], bytes]
    # Rule codes that must all be among the findings.
    codes: tuple[str, ...]
    # Rule codes that must be among the findings when an editor sends the document as text
    # (decoded as editors do: by BOM, else UTF-8 with U+FFFD for bad bytes); None: `codes`.
    text_codes: tuple[str, ...] | None = None
    # Documents of many megabytes (shared with the fuzz campaign, which skips them).
    big: bool = False
    # Also sent to the server as an open document (off for cases that only test a bound of
    # reading files, or repeat another case at a higher cost).
    server: bool = True
    # A bound on the number of findings, where one is the point of the case.
    max_findings: int | None = None

    @property
    def expected_text_codes(self) -> tuple[str, ...]:
        return self.codes if self.text_codes is None else self.text_codes


def editor_text(data: bytes) -> str:
    """What an editor's buffer holds for these bytes (VS Code: BOM decides, else UTF-8)."""
    if data.startswith(b"\xff\xfe"):
        return data[2:].decode("utf-16-le", errors="replace")
    if data.startswith(b"\xfe\xff"):
        return data[2:].decode("utf-16-be", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    return data.decode("utf-8", errors="replace")


def _text(text: str) -> Callable[[], bytes]:
    return lambda: text.encode("utf-8")


def _billion_laughs() -> bytes:
    lines = ["---", "name: my-skill", 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, 10):
        refs = ",".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    lines += ["description: *a9", "---", "Body.", ""]
    return "\n".join(lines).encode()


def _deep_flow(depth: int = 10_000) -> bytes:
    return (
        GOOD_HEAD[:-4] + "metadata: " + "[" * depth + "x" + "]" * depth + "\n---\nBody.\n"
    ).encode()


def _deep_flow_mappings(depth: int = 10_000) -> bytes:
    return (
        GOOD_HEAD[:-4] + "metadata: " + "{a: " * depth + "x" + "}" * depth + "\n---\nBody.\n"
    ).encode()


def _many_keys(count: int = 10_000) -> bytes:
    keys = "".join(f"key{n}: value {n}\n" for n in range(count))
    return (GOOD_HEAD[:-4] + keys + "---\nBody.\n").encode()


def _huge_numbers() -> bytes:
    digits = "9" * 20_000  # past int()'s 4,300-digit limit
    return (
        "---\n"
        f"name: {digits}\n"
        f"description: {digits}.{digits}e99999\n"
        f"compatibility: -{digits}\n"
        "license: 1e999999999\n"
        "metadata:\n"
        f"  version: 0x{'f' * 20_000}\n"
        f"  big: {digits}\n"
        "  inf: -.inf\n"
        "  nan: .nan\n"
        "  octal: 0o777777777777777777777777777\n"
        "---\nBody.\n"
    ).encode()


# Every way to write a tag: secondary (`!!`), local (`!`), verbatim (`!<...>`), named handle
# from a %TAG directive, the non-specific `!`, and language-specific tags that unsafe
# loaders turn into code execution (`!!python/object/apply`).
_TAGS = """\
name: !!str my-skill
description: !<tag:yaml.org,2002:str> Does a thing. Use when asked.
license: !local MIT
compatibility: ! plain text with the non-specific tag
metadata: !!map
  a: !!int "12"
  b: !!float "1.5"
  c: !!bool "true"
  d: !!null ""
  e: !!binary aGVsbG8=
  f: !!timestamp 2001-12-14t21:59:43.10-05:00
  g: !!python/object/apply:os.system ["touch /tmp/skill-ls-pwned"]
  h: !!python/name:os.system ""
  i: !ruby/object:Gem::Installer {}
  j: !!set {x, y}
  k: !!omap [a: 1]
  l: !!pairs [a: 1]
  m: !%F0%9F%98%80 emoji
  n: !<!> verbatim
allowed-tools: !!seq [Read, Write]
"""

_TAGS_WITH_DIRECTIVE = """\
%TAG !e! tag:example.com,2000:app/
---
name: !e!thing my-skill
description: Does a thing. Use when asked.
"""


def _emoji_description() -> bytes:
    return ("---\nname: my-skill\ndescription: " + "😀" * 100_000 + "\n---\nBody.\n").encode()


def _unclosed_then_megabytes() -> bytes:
    line = "word " * 15 + "\n"
    return ("---\nname: my-skill\ndescription: x\n" + line * (4 * MB // len(line))).encode()


def _ten_mb() -> bytes:
    line = "Some instructions with a [link](references/guide.md) and `scripts/run.py`.\n"
    return (GOOD_HEAD + line * (10 * MB // len(line) + 1)).encode()


def _over_file_bound() -> bytes:
    # Past the 16 MiB read bound: read only that far, still a clear finding.
    return (GOOD_HEAD + ("x" * 1023 + "\n") * (17 * 1024)).encode()


CASES: tuple[Case, ...] = (
    Case("empty-file", lambda: b"", ("SKL001",)),
    Case("only-dashes", lambda: b"---", ("SKL002",)),
    Case("only-dashes-newline", lambda: b"---\n", ("SKL002",)),
    Case("two-dashes-lines", lambda: b"---\n---\n", ("SKL101", "SKL111")),
    Case("whitespace-only", lambda: b" \n\t\n\r\n", ("SKL001",)),
    Case(
        "invalid-utf8",
        lambda: GOOD_HEAD.encode() + b"Body \xff\xfe\xc3(\n",
        ("SKL006",),
        text_codes=(),
    ),
    Case(
        "invalid-utf8-in-frontmatter",
        lambda: b"---\nname: my-skill\ndescription: caf\xe9 \x80\n---\nBody.\n",
        ("SKL006",),
        text_codes=(),
    ),
    Case("nul-bytes", lambda: GOOD_HEAD.encode() + b"Body\x00with\x00NULs\n", ("SKL008",)),
    Case(
        "nul-in-frontmatter",
        lambda: b"---\nname: my\x00skill\ndescription: d\n---\nB\n",
        ("SKL008",),
    ),
    Case("utf16-le-bom", lambda: b"\xff\xfe" + GOOD_HEAD.encode("utf-16-le"), ("SKL006",), ()),
    Case("utf16-be-bom", lambda: b"\xfe\xff" + GOOD_HEAD.encode("utf-16-be"), ("SKL006",), ()),
    Case(
        "utf16-odd-length",
        lambda: b"\xff\xfe" + GOOD_HEAD.encode("utf-16-le") + b"\x00",
        ("SKL006",),
        (),
    ),
    Case("ten-megabytes", _ten_mb, ("SKL401", "SKL402"), big=True),
    Case("over-read-bound-17mb", _over_file_bound, ("SKL401", "SKL402"), big=True, server=False),
    Case("100k-lines", lambda: (GOOD_HEAD + "line\n" * 100_000).encode(), ("SKL401",)),
    Case("100k-empty-lines", lambda: b"\n" * 100_000, ("SKL001",)),
    Case("100k-cr-only-lines", lambda: (GOOD_HEAD + "line\r" * 100_000).encode(), ("SKL401",)),
    Case("1mb-single-line-body", lambda: (GOOD_HEAD + "x" * MB).encode(), ("SKL402",)),
    Case("1mb-file-without-newline", lambda: b"x" * MB, ("SKL001",)),
    Case(
        "1mb-single-line-description",
        lambda: ("---\nname: my-skill\ndescription: " + "a" * MB + "\n---\nB\n").encode(),
        ("SKL007",),
    ),
    Case(
        "200kb-single-line-description",
        lambda: ("---\nname: my-skill\ndescription: " + "ab: " * 50_000 + "\n---\nB\n").encode(),
        ("SKL003", "SKL114"),
    ),
    Case("billion-laughs", _billion_laughs, ("SKL209",)),
    Case("10k-deep-flow-sequences", _deep_flow, ("SKL007",)),
    Case("10k-deep-flow-mappings", _deep_flow_mappings, ("SKL007",)),
    Case(
        "10k-deep-block-nesting",
        lambda: (
            GOOD_HEAD[:-4]
            + "metadata:\n"
            + "".join(" " * (n + 1) + f"k{n}:\n" for n in range(2_000))
            + "---\nB\n"
        ).encode(),
        ("SKL007",),
    ),
    Case(
        "10k-unclosed-flow",
        lambda: (GOOD_HEAD[:-4] + "x: " + "[" * 10_000 + "\n---\nB\n").encode(),
        ("SKL007",),
    ),
    Case("10k-keys", _many_keys, ("SKL301",)),
    Case("huge-numbers", _huge_numbers, ("SKL102", "SKL112")),
    Case("every-tag-form", _TAGS.join(("---\n", "---\nBody.\n")).encode, ("SKL210",)),
    Case("tag-directive", _TAGS_WITH_DIRECTIVE.join(("---\n", "---\nBody.\n")).encode, ("SKL003",)),
    Case("100k-emoji-description", _emoji_description, ("SKL114",)),
    Case(
        "mixed-line-endings",
        lambda: (
            b"---\r\nname: my-skill\ndescription: Does it.\rUse when asked.\r\n"
            b"---\nBody\r\nmore\rand\n"
        ),
        ("SKL202",),
    ),
    Case("unclosed-frontmatter-then-megabytes", _unclosed_then_megabytes, ("SKL002",), big=True),
    Case(
        "unclosed-frontmatter-then-1mb-line",
        lambda: ("---\nname: x\n" + "y" * MB).encode(),
        ("SKL002",),
    ),
    Case(
        "bom-then-garbage", lambda: b"\xef\xbb\xbf\x00\xff---\n", ("SKL006", "SKL008"), ("SKL008",)
    ),
    Case(
        "many-anchors-and-aliases",
        lambda: (
            GOOD_HEAD[:-4]
            + "metadata:\n"
            + "".join(f"  k{n}: &a{n} v\n  r{n}: *a{n}\n" for n in range(300))
            + "---\nB\n"
        ).encode(),
        ("SKL209",),
    ),
    Case(
        "many-references",
        # `../../`: out of the skill folder and out of the `skills/` collection it sits in.
        lambda: (GOOD_HEAD + "[a](../../x.md) `scripts/a.py` [b](/etc/passwd)\n" * 20_000).encode(),
        ("SKL404", "SKL405"),
    ),
    Case(
        "pathological-link-brackets",
        lambda: (
            GOOD_HEAD + "[" * 50_000 + "](" + "x" * 10 + ")\n" + "![[]](" * 20_000 + "\n"
        ).encode(),
        ("SKL402",),
    ),
    Case(
        "many-dashes-and-tabs",
        lambda: (
            "---\nname: my-skill\ndescription: d\n" + "k\t: --- x\n" * 3_000 + "---\nB\n"
        ).encode(),
        ("SKL208",),
    ),
    Case(
        "many-duplicate-keys",
        lambda: ("---\n" + "name: my-skill\n" * 2_000 + "description: d\n---\nB\n").encode(),
        ("SKL005",),
    ),
    Case(
        "lone-surrogate-escape",
        lambda: b'---\nname: my-skill\ndescription: "\\ud800"\n---\nB\n',
        (),
    ),
    Case(
        "lone-surrogate-name",
        lambda: b'---\nname: "my-\\ud800skill"\ndescription: "a \\udfff b"\n---\nB\n',
        ("SKL104",),
    ),
    Case(
        "many-documents",
        lambda: (
            "---\nname: my-skill\ndescription: d\n...\n" + "--- x\n" * 1000 + "---\nB\n"
        ).encode(),
        ("SKL009",),
    ),
)

# Inputs that made a pattern backtrack quadratically (or a reading step run per entry)
# before they were fixed: each took from seconds to many minutes at these sizes.
REGRESSIONS: tuple[Case, ...] = (
    Case("1mb-line-of-brackets", lambda: (GOOD_HEAD + "[" * MB + "](x)\n").encode(), ("SKL402",)),
    Case(
        "200k-spaces-inside-a-value",  # the plain-value pattern (the server parses alike)
        lambda: (
            "---\nname: my-skill\ndescription: a" + " " * 200_000 + "b\n---\nBody.\n"
        ).encode(),
        ("SKL114",),
        server=False,
    ),
    Case(
        # Each entry after a strict failure used to get a parser run and a finding of its
        # own (50,000 entries: a minute, 50,000 findings); at most 1,000 are read now.
        "5k-tiny-invalid-entries",
        lambda: ("---\nname: my-skill\ndescription: d\n" + "a: [\n" * 5_000 + "---\nB\n").encode(),
        ("SKL007",),
        max_findings=1_100,
    ),
    Case(
        "quoted-description-of-200k-spaces",
        lambda: ('---\nname: my-skill\ndescription: "a' + " " * 200_000 + 'b"\n---\nB\n').encode(),
        ("SKL114",),
    ),
)

CASES = CASES + REGRESSIONS
CASES_BY_NAME = {case.name: case for case in CASES}
