"""Continue CLI's way of finding the frontmatter: the file split at every line that is
`---` and whitespace (`/^---\\s*$/m`), the block the part between the first two such lines
wherever they are (text above the first is dropped), the body the parts after the second
joined again by `---` (observed in Continue CLI 1.5.47, lab scenarios
frontmatter-after-line and frontmatter-bom-rule; `Client.reading.frontmatter_split`)."""

from __future__ import annotations

import re

from skill_ls.text import JS_WHITESPACE

# JavaScript's line terminators: where `^` and `$` match in a multiline pattern.
_LINE_BREAKS = "\n\r\u2028\u2029"
# `\s` in JavaScript is its trim's whitespace; a byte-order mark is one, so `\ufeff---`
# is not a fence line (`^` must come first).
FENCE = re.compile(
    rf"(?:^|(?<=[{_LINE_BREAKS}]))---[{re.escape(JS_WHITESPACE)}]*(?=[{_LINE_BREAKS}]|\Z)"
)


def split_parts(text: str) -> list[str]:
    """The text split at its fence lines, as `text.split(/^---\\s*$/m)` splits it."""
    return FENCE.split(text)


def as_opening_block(text: str) -> str | None:
    """The text rewritten so that the block Continue CLI finds opens it (`---`, the block,
    `---`, the body), for the usual frontmatter reading to read as Continue does; None when
    the text has fewer than two fence lines (no block)."""
    parts = split_parts(text)
    if len(parts) < 3:
        return None
    return "---" + parts[1] + "---" + "---".join(parts[2:])
