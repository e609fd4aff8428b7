"""Where an agent finds the `` !`command` `` lines of a skill's body that it runs (or
replaces) on activation, as each agent's own parser finds them. Offsets are into the body
text the agent is given (the file after its frontmatter).

Every scan here is linear: plain string searches and patterns without nested quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

# The parsers observed: "claude-code" (Claude Code) and "kilo" (Kilo Code CLI).
ShellSyntax = Literal["claude-code", "kilo"]


@dataclass(frozen=True)
class ShellSpan:
    start: int  # offset of the `!` (or of the ```! fence)
    end: int  # offset after the closing backtick(s)
    command: str  # the command as the agent runs it


# Claude Code: `!` at the start of a line or after white space, then a backtick span.
_CLAUDE_INLINE = re.compile(r"(?<!\S)!`([^`]+)`")
# A one-line backtick code span; Claude Code blanks those not opened right after `!` or a
# backtick before it looks for commands, so `` `see !`x`` `` runs nothing.
_CODE_SPAN = re.compile(r"`[^`\n]+`")
_CLAUDE_FENCE = "```!"


def claude_code_spans(body: str) -> list[ShellSpan]:
    """Claude Code 2.1.332: ```` ```! ```` blocks (up to the next ```` ``` ````) and
    `` !`cmd` `` at a line start or after white space, anywhere else, fenced code
    included; a command empty once trimmed is not run."""
    spans: list[ShellSpan] = []
    at = body.find(_CLAUDE_FENCE)
    while at != -1:
        close = body.find("```", at + len(_CLAUDE_FENCE))
        if close == -1:
            break
        command = body[at + len(_CLAUDE_FENCE) : close].strip().replace("\r\n", "\n")
        if command:
            spans.append(ShellSpan(at, close + 3, command))
        at = body.find(_CLAUDE_FENCE, close + 3)
    if "!`" in body:
        masked = _CODE_SPAN.sub(lambda m: _blank(body, m), body)
        for match in _CLAUDE_INLINE.finditer(masked):
            command = match.group(1).strip().replace("\r\n", "\n")
            if command:
                spans.append(ShellSpan(match.start(), match.end(), command))
    return sorted(spans, key=lambda span: span.start)


def _blank(body: str, match: re.Match[str]) -> str:
    before = body[match.start() - 1] if match.start() > 0 else ""
    text = match.group(0)
    return text if before in ("!", "`") else "`" + " " * (len(text) - 2) + "`"


_KILO_COMMAND = re.compile(r"!`([^`]+)`")
_FENCE_LINE = re.compile(r"^[ \t]*(`{3,}|~{3,})[^\n]*$", re.MULTILINE)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_BACKTICKS = re.compile(r"`+")


def kilo_spans(body: str) -> list[ShellSpan]:
    """Kilo Code CLI 7.7.9: from any `!` followed by a backtick to the next backtick, over
    line ends (so `` `#REF!` and `#N/A` `` holds one), except inside fenced code (``` or
    ~~~, an unclosed fence running to the end) and inside code spans of two or more
    backticks (matched within a paragraph)."""
    fences = _fenced(body)
    code: list[tuple[int, int]] = list(fences)
    for start, text in _paragraphs(body, fences):
        code += _double_backtick_spans(start, text)
    spans: list[ShellSpan] = []
    for match in _KILO_COMMAND.finditer(body):
        if not any(low <= match.start() < high for low, high in code):
            spans.append(ShellSpan(match.start(), match.end(), match.group(1)))
    return spans


def _fenced(body: str) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    opened: tuple[int, str] | None = None
    for match in _FENCE_LINE.finditer(body):
        marker = match.group(1)
        if opened is None:
            opened = (match.start(), marker)
        elif marker[0] == opened[1][0] and len(marker) >= len(opened[1]):
            found.append((opened[0], match.end()))
            opened = None
    if opened is not None:
        found.append((opened[0], len(body)))
    return found


def _paragraphs(body: str, fences: list[tuple[int, int]]) -> list[tuple[int, str]]:
    """The text between fences, cut at blank lines: (offset, text)."""
    pieces: list[tuple[int, str]] = []

    def cut(low: int, high: int) -> None:
        text = body[low:high]
        last = 0
        for gap in _PARAGRAPH_BREAK.finditer(text):
            pieces.append((low + last, text[last : gap.start()]))
            last = gap.end()
        pieces.append((low + last, text[last:]))

    position = 0
    for low, high in fences:
        if low > position:
            cut(position, low)
        position = high
    if position < len(body):
        cut(position, len(body))
    return pieces


def _double_backtick_spans(offset: int, text: str) -> list[tuple[int, int]]:
    """Code spans opened by two or more backticks: each run closes at the next run of the
    same length."""
    runs = [(m.start(), len(m.group(0))) for m in _BACKTICKS.finditer(text)]
    following: list[int] = [-1] * len(runs)
    seen: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        following[index] = seen.get(runs[index][1], -1)
        seen[runs[index][1]] = index
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        closing = following[index]
        if runs[index][1] < 2 or closing < 0:
            index += 1
            continue
        spans.append((offset + runs[index][0], offset + runs[closing][0] + runs[closing][1]))
        index = closing + 1
    return spans


# Which spans count, in words (docs/clients.md, findings).
SYNTAX_WORDS: dict[str, str] = {
    "claude-code": "`!` at a line start or after white space, fenced code included, "
    "but not inside a one-backtick code span; and ```` ```! ```` blocks",
    "kilo": "from any `!` and a backtick to the next backtick, over line ends, but not in "
    "fenced code or in a code span of two or more backticks",
}

SHELL_SYNTAXES: dict[str, Callable[[str], list[ShellSpan]]] = {
    "claude-code": claude_code_spans,
    "kilo": kilo_spans,
}
