"""The order an agent lists the skills of one root in: a sort key per client
(`Client.root_order`), and the collations the observed agents use."""

from __future__ import annotations

import unicodedata

from skill_ls.clients.table import Client

# ICU's root collation (what JavaScript's `localeCompare` uses) puts these ASCII characters
# first, in this order; then digits, then letters (case-insensitive at first).
_LOCALE_PUNCTUATION = "\t\n\v\f\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"


def root_order_key(client: Client, relative: str) -> str:
    """A sort key for a skill found at `relative` below its root, in the client's order
    within one root (`Client.root_order`)."""
    if client.root_order == "name-descending":
        return descending_key(relative)
    if client.root_order == "walk":
        return relative.replace("/", "\0")  # "\0" sorts below every character of a name
    if client.root_order != "locale":
        return relative
    folder = relative.rsplit("/", 1)[0] if "/" in relative else relative
    return locale_key(folder) + "\0" + relative


def locale_key(text: str) -> str:
    """A string whose code point order approximates ICU root collation of `text`:
    punctuation, then digits, then letters ignoring case and accents; then accents; then
    lower case before upper case."""
    primary: list[str] = []
    secondary: list[str] = []
    tertiary: list[str] = []
    for char in text:
        base = unicodedata.normalize("NFD", char)
        letter, marks = base[0], base[1:]
        position = _LOCALE_PUNCTUATION.find(letter)
        if position >= 0:
            primary.append(chr(0x20 + position))
        elif letter.isdigit():
            primary.append(chr(0x100 + (unicodedata.digit(letter, 0))))
        else:
            primary.append(chr(min(0x200 + ord(letter.casefold()[0]), 0x10FFFF)))
        secondary.append(chr(0x20 + sum(ord(mark) for mark in marks) % 0xFFFF))
        tertiary.append("\x21" if letter.isupper() else "\x20")
    return "".join(primary) + "\x01" + "".join(secondary) + "\x01" + "".join(tertiary)


# Above every code point a file name can hold: ends each mirrored path part (see below).
_MIRROR_TOP = 0x10FFFF


def descending_key(relative: str) -> str:
    """A key whose ascending (code point) order is the descending byte order of the path's
    parts, as C's `strcmp` orders UTF-8 names: each code point mirrored (`0x10FFFF - c`),
    each part closed by the top code point so a name sorts after its own extensions
    ("beta-2" before "beta")."""
    return "".join(
        "".join(chr(_MIRROR_TOP - ord(char)) for char in part) + chr(_MIRROR_TOP)
        for part in relative.split("/")
    )
