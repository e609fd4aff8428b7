"""Where a Markdown text calls a skill by name: `/name`, `$name`, `/skill:name` and
`/plugin:name`, with exact positions. Pure: text in, mentions out; which forms an agent
honours is the client rows' (`clients.mention_forms`), what a mention should resolve to
the validator's.

What counts as a mention (a form as a user types it into the prompt, written in prose):
- the sigil (`/` or `$`) starts the text, or follows a space or one of `( [ { " ' * _ >`,
  so `src/x`, `a/b`, `https://x`, `~/x` and `\\$x` are not mentions, nor a Markdown link's
  destination (`[text](/x)`);
- the name is of skill-name characters (lower-case letters, digits, `-`), starts with a
  letter and does not end with `-`, so `$HOME`, `$5` and `/-x` are not;
- after the name comes the end of the line, a space or punctuation that ends a word
  (`. , ; : ! ? ) ] } " ' * _`), never `/`, `(`, `=` or a `.`, `:` or `_` followed by a
  name character: `/usr/bin`, `/etc/hosts`, `/file.txt`, `$x=1` are not mentions;
- `/skill:name` is the skill-prefix form, `/other:name` the plugin form;
- nothing inside a fenced code block (`` ``` `` or `~~~`), an indented code block, or the
  file's leading YAML frontmatter counts;
- an inline code span counts only when it opens with the mention (`` `/deploy` ``,
  `` `/deploy staging` ``): that is how a command to type is commonly written, on purpose;
  a mention further into a span (`` `cd $dir && make` ``) is code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from skill_ls.diagnostics import Position, Range

# "slash": `/name` | "dollar": `$name` | "skill-prefix": `/skill:name` |
# "plugin": `/plugin:name` for a skill of a plugin (bundle) named `plugin`.
MentionForm = Literal["slash", "dollar", "skill-prefix", "plugin"]

_NAME = r"[a-z](?:[a-z0-9-]*[a-z0-9])?"
_BEFORE = frozenset(" \t([{\"'*_>")
_ENDS_WORD = frozenset(".,;:!?)]}\"'*_")
_MENTION = re.compile(rf"(?P<sigil>[/$])(?:(?P<prefix>{_NAME}):)?(?P<name>{_NAME})")
_WHOLE_NAME = re.compile(_NAME)
_FENCE = re.compile(r" {0,3}(?P<fence>`{3,}|~{3,})(?P<info>.*)")
_BACKTICKS = re.compile(r"`+")
# Where a mention could start at all: a sigil and a name's first letter, at the text's or a
# line's start (every break `str.splitlines` knows), after one of `_BEFORE` or a backtick
# (an inline code span's opening). Most files have none, and need no walk of their lines.
# The sigil comes first, so that the engine skips ahead to the next `/` or `$` (three times
# faster than a pattern opening with the look behind).
_MAY_START = re.compile(
    "[/$](?<![^ \t([{\"'*_>`\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029][/$])[a-z]"
)


@dataclass(frozen=True)
class Mention:
    form: MentionForm
    name: str
    # The plugin of a `/plugin:name` mention (None for the other forms).
    plugin: str | None
    # The whole mention, sigil to the end of the name, and the name alone.
    range: Range
    name_range: Range

    @property
    def written(self) -> str:
        """The mention as written: what an agent would be asked to resolve."""
        return _written(self.form, self.name, self.plugin or "")

    @property
    def key(self) -> str:
        """The name an agent's listing holds for it (`plugin:name` for the plugin form)."""
        return f"{self.plugin}:{self.name}" if self.form == "plugin" else self.name


def _written(form: MentionForm, name: str, plugin: str) -> str:
    if form == "dollar":
        return f"${name}"
    if form == "skill-prefix":
        return f"/skill:{name}"
    if form == "plugin":
        return f"/{plugin}:{name}"
    return f"/{name}"


def mention_text(form: MentionForm, key: str) -> str | None:
    """How a mention of the listed `key` is written in `form` (`plugin:name` in the plugin
    form, a plain name in the others); None when no mention in that form could name it."""
    plugin, _, name = key.rpartition(":")
    if (form == "plugin") != bool(plugin) or not _WHOLE_NAME.fullmatch(name):
        return None
    if plugin and not _WHOLE_NAME.fullmatch(plugin):
        return None
    return _written(form, name, plugin)


def find_mentions(text: str, first_line: int = 0) -> list[Mention]:
    """Every mention in `text` (a Markdown file, or a SKILL.md body starting on line
    `first_line` of its file), in order."""
    return list(_mentions(text, first_line))


def _mentions(text: str, first_line: int) -> Iterator[Mention]:
    if _MAY_START.search(text) is None:
        return
    for at, line in _prose_lines(text.splitlines(), first_line):
        yield from _in_line(line, at)


def _prose_lines(lines: list[str], first_line: int) -> Iterator[tuple[int, str]]:
    """(line number in the file, line) for each line of prose: not blank, and not in the
    leading frontmatter (of a whole file), a fenced or an indented code block."""
    number = _after_frontmatter(lines) if first_line == 0 else 0
    fence: str | None = None
    after_blank = True
    indented_code = False
    while number < len(lines):
        line = lines[number]
        at = first_line + number
        number += 1
        if fence is not None:
            stripped = line.strip()
            if stripped.startswith(fence) and set(stripped) == {fence[0]}:
                fence = None
            continue
        # Only a line starting (after at most three spaces) with ``` or ~~~ can open a fence.
        head = line.lstrip(" ")[:3]
        opened = _FENCE.fullmatch(line) if head in ("```", "~~~") else None
        if opened is not None and not (opened["fence"][0] == "`" and "`" in opened["info"]):
            fence = opened["fence"]
            continue
        blank = not line.strip()
        indented_code = not blank and _indented(line) and (after_blank or indented_code)
        after_blank = blank
        if indented_code or blank:
            continue
        yield at, line


def _after_frontmatter(lines: list[str]) -> int:
    """The first line after a leading `---` frontmatter (0 when there is none)."""
    if not lines or lines[0].strip() != "---":
        return 0
    for number in range(1, len(lines)):
        if lines[number].strip() in ("---", "..."):
            return number + 1
    return 0


def _indented(line: str) -> bool:
    return line.startswith(("    ", "\t"))


def _in_line(line: str, at: int) -> Iterator[Mention]:
    if "/" not in line and "$" not in line:
        return  # most lines of prose: no sigil, nothing to match
    spans: list[tuple[int, int]] | None = None
    for match in _MENTION.finditer(line):
        if spans is None:
            spans = _code_spans(line)
        start, end = match.span()
        span = _span_at(spans, start)
        if not _may_start(line, start, span) or not _ends(line, end, span):
            continue
        prefix = match["prefix"]
        if match["sigil"] == "$":
            if prefix is not None:
                continue
            form: MentionForm = "dollar"
        elif prefix is None:
            form = "slash"
        else:
            form = "skill-prefix" if prefix == "skill" else "plugin"
        name_start = match.start("name")
        yield Mention(
            form=form,
            name=match["name"],
            plugin=prefix if form == "plugin" else None,
            range=Range.of(at, start, at, end),
            name_range=Range.of(at, name_start, at, end),
        )


def _span_at(spans: list[tuple[int, int]], start: int) -> tuple[int, int] | None:
    """The inline code span holding `start`, if any."""
    return next((s for s in spans if s[0] <= start < s[1]), None)


def _may_start(line: str, start: int, span: tuple[int, int] | None) -> bool:
    """Whether a mention may start at `start`: it opens its inline code span, or, outside
    code, starts the line or follows a space or one of `( [ { " ' * _ >`, and is not a
    link's destination (`](`)."""
    if span is not None:
        return start == span[0]
    before = line[start - 1] if start > 0 else " "
    if before not in _BEFORE:
        return False
    return not (before == "(" and start >= 2 and line[start - 2] == "]")


def _ends(line: str, end: int, span: tuple[int, int] | None) -> bool:
    """Whether the name ends at `end`: the line's (or the code span's) end, a space, or
    punctuation that ends a word and is not followed by more of a path or name."""
    if span is not None and end == span[1]:
        return True
    if end >= len(line):
        return True
    after = line[end]
    if after in " \t":
        return True
    if after not in _ENDS_WORD:
        return False
    following = line[end + 1] if end + 1 < len(line) else " "
    return not (after in ".:_" and (following.isalnum() or following in "/_-"))


def _code_spans(line: str) -> list[tuple[int, int]]:
    """(start, end) of the content of each inline code span of `line`: between backtick
    runs of the same length (CommonMark), unmatched runs being literal text."""
    runs = list(_BACKTICKS.finditer(line))
    spans: list[tuple[int, int]] = []
    used = -1
    for index, opening in enumerate(runs):
        if opening.start() <= used:
            continue
        for closing in runs[index + 1 :]:
            if len(closing.group()) == len(opening.group()):
                spans.append((opening.end(), closing.start()))
                used = closing.start()
                break
    # A span's content that starts with a space is read without it, as CommonMark strips
    # one space from each side of a padded span.
    return [(s + 1 if line[s : s + 1] == " " and e - s > 1 else s, e) for s, e in spans]


def mention_at(text: str, position: Position) -> Mention | None:
    """The mention whose range holds `position` (its end included), if any."""
    for mention in find_mentions(text):
        if mention.range.contains(position):
            return mention
    return None


@dataclass(frozen=True)
class TypedMention:
    """A mention being typed: from its sigil to the cursor (`range`), and what is there
    (`typed`: `/`, `/co`, `$`, `/skill:`, `/plugin:na`), where a finished one would count."""

    range: Range
    typed: str


_TYPING = re.compile(r"[/$](?:[a-z0-9-]*:)?[a-z0-9-]*\Z")


def typed_mention(text: str, position: Position) -> TypedMention | None:
    """The mention being typed at `position`: its sigil starts the prose line, follows a
    space or one of `( [ { " ' * _ >` (not a link's destination), or opens an inline code
    span, as for a finished mention; None anywhere else (code, frontmatter, a path)."""
    lines = text.splitlines()
    if text.endswith(("\n", "\r")) or not lines:
        lines.append("")  # the cursor may be on the empty last line
    line = next((line for at, line in _prose_lines(lines, 0) if at == position.line), None)
    if line is None:
        if position.line >= len(lines) or lines[position.line].strip():
            return None
        line = lines[position.line]  # a blank line of prose: typing starts it
    before = line[: position.column]
    start = max(before.rfind("/"), before.rfind("$"))
    if start < 0 or not _TYPING.match(before, start):
        return None
    # A span being typed has no closing backticks yet.
    if not _may_start(line, start, _span_at(_code_spans(line + "`"), start)):
        return None
    return TypedMention(
        Range.of(position.line, start, position.line, position.column), before[start:]
    )
