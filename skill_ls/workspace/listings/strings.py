"""String operations several agents' renderers share, as the agents do them."""

from __future__ import annotations

from skill_ls.text import JS_WHITESPACE

__all__ = ["JS_WHITESPACE", "js_head", "js_length", "js_trim", "utf8_size"]


def js_trim(text: str) -> str:
    """`text.trim()` as JavaScript does it."""
    return text.strip(JS_WHITESPACE)


def utf8_size(text: str) -> int:
    """UTF-8 bytes (a lone surrogate, which no file read here holds, counts 3)."""
    return len(text.encode("utf-8", "surrogatepass"))


def js_length(text: str) -> int:
    """`text.length` in JavaScript: UTF-16 code units (a lone surrogate counts one)."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def js_head(text: str, units: int) -> str:
    """The longest start of `text` within `units` UTF-16 code units (a character that
    `text.slice(0, units)` would cut in half is left out whole)."""
    taken = 0
    for position, char in enumerate(text):
        taken += 2 if ord(char) > 0xFFFF else 1
        if taken > units:
            return text[:position]
    return text
