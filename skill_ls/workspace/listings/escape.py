"""Escaping user-controlled text for each format, so that a description cannot close the
catalog it sits in or open a skill or instruction of its own.

XML formats escape markup. Markdown and line formats keep each entry on one line (no new
list item, heading or fence can start) and defuse anything that looks like a tag, since
those listings are themselves wrapped in tags.
"""

from __future__ import annotations

import re

# C0 controls other than tab and line breaks are not allowed in XML 1.0 text, nor are lone
# surrogates (a YAML escape such as "\\ud800" makes one; UTF-8 cannot encode it either).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Whitespace runs are matched whole (`\s+` never backtracks into a failed match), then those
# holding a line break become one space: `\s*(?:\n|...)\s*` is quadratic on a long run of
# spaces without a break (20,000 spaces took 8 s).
_WHITESPACE = re.compile(r"\s+")
# Unicode's line breaks that survive `_CONTROL` (NEL, U+0085, is one; so are U+2028/9).
_BREAK_CHARS = frozenset("\r\n\x85\u2028\u2029")
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")


def xml_text(text: str) -> str:
    """Text content or attribute value in an XML format."""
    return xml_entities(_CONTROL.sub("\ufffd", text))


def html_escape(text: str) -> str:
    """The common JavaScript HTML escape (lodash's `escape` and its copies): `&`, `<`, `>`,
    `"`, and `'` as `&#39;`; used by OpenCode for a location and Factory Droid in a tag."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def xml_entities(text: str) -> str:
    """The five XML entities (`&apos;` for `'`), and nothing else replaced."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )


def one_line(text: str) -> str:
    """Text for a one-line entry in a Markdown or plain listing.

    Line breaks become spaces, so nothing the author wrote starts a line of its own; a `<`
    that would open or close a tag becomes `&lt;`, which a model reads the same way.
    """
    text = _CONTROL.sub("\ufffd", text)
    text = _WHITESPACE.sub(_join_lines, text)
    return _TAG_START.sub("&lt;", text)


def _join_lines(match: re.Match[str]) -> str:
    run = match.group()
    return " " if any(char in _BREAK_CHARS for char in run) else run


def guard_closing_tags(body: str, tags: tuple[str, ...]) -> str:
    """A body placed inside wrapper tags, with the wrappers' own closing tags defused.

    The body is the skill's instructions and stays Markdown; only a literal `</tag>` of the
    wrapper itself (which would end the wrapper early) is written as `&lt;/tag>`.
    """
    for tag in tags:
        body = re.sub(rf"</(?={re.escape(tag)}\s*>)", "&lt;/", body, flags=re.IGNORECASE)
    return body
