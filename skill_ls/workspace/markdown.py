"""Repository text inside the Markdown the server shows (hovers): fenced and quoted so that
nothing in it renders as Markdown.

A fence or a code span ends at the first run of backticks as long as its own, so text from
a repository (a file's head, a catalog entry, a path, a skill's name) is wrapped in a run
longer than the longest run of backticks in it: four backticks in a referenced file cannot
close the block and turn what follows into live Markdown (remote images, links).
"""

from __future__ import annotations

import re

_BACKTICKS = re.compile(r"`+")
_LINE_BREAKS = re.compile(r"\r\n|[\r\n\u2028\u2029\x85\x0b\x0c]")


def longest_backtick_run(text: str) -> int:
    return max((len(run) for run in _BACKTICKS.findall(text)), default=0)


def fenced(text: str, language: str = "") -> str:
    """`text` as a fenced code block (at least three backticks, one more than the longest
    run in the text). The language is ours, never the repository's."""
    fence = "`" * max(3, longest_backtick_run(text) + 1)
    return f"{fence}{language}\n{text}\n{fence}"


def code(text: str) -> str:
    """`text` as an inline code span: delimited by one backtick more than its longest run,
    padded with a space where it starts or ends with a backtick (CommonMark strips one), on
    one line (a line break could end the paragraph, and the span with it)."""
    flat = _LINE_BREAKS.sub(" ", text)
    ticks = "`" * (longest_backtick_run(flat) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{ticks}{pad}{flat}{pad}{ticks}"
