"""The order an agent lists skills in: a sort key per client within one root
(`Client.discovery.root_order`), the collations the observed agents use, and where a clash winner
or a skill listed by source goes in the client's whole list."""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from skill_ls.clients.table import Client
from skill_ls.workspace.index_records import Status
from skill_ls.workspace.precedence import Candidate, Outcome
from skill_ls.workspace.root_walk import SKILL_FILE

# ICU's root collation (what JavaScript's `localeCompare` uses) puts these ASCII characters
# first, in this order; then digits, then letters (case-insensitive at first).
_LOCALE_PUNCTUATION = "\t\n\v\f\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"


def root_order_key(client: Client, relative: str, root: str | None = None) -> str:
    """A sort key for a skill found at `relative` below its root (the folder `root`, where
    known), in the client's order within one root (`Client.discovery.root_order`). A
    SKILL.md directly in the root comes first, whatever the order: every observed walk
    reads the root's own files before its folders (lab scenario root-skill-md)."""
    if relative == SKILL_FILE:
        return ""
    if client.discovery.root_order == "directory" and root is not None:
        return directory_key(root, relative)
    if client.discovery.root_order == "name-descending":
        return descending_key(relative)
    if client.discovery.root_order == "walk":
        return relative.replace("/", "\0")  # "\0" sorts below every character of a name
    if client.discovery.root_order == "folders-files-nested":
        group = "1" if "/" not in relative else "0" if relative.count("/") == 1 else "2"
        return group + relative
    if client.discovery.root_order != "locale":
        return relative
    folder = relative.rsplit("/", 1)[0] if "/" in relative else relative
    return locale_key(folder) + "\0" + relative


def directory_key(root: str, relative: str) -> str:
    """Where the entry holding `relative` (its first part) comes in the file system's
    listing of `root`, as a key (entries the listing lacks come last, by path)."""
    first = relative.split("/", 1)[0]
    try:
        stamp = os.stat(root).st_mtime_ns
    except OSError:
        return "~" + relative
    position = _listing(root, stamp).get(first)
    return f"{position:09d}" if position is not None else "~" + relative


@lru_cache(maxsize=256)
def _listing(root: str, stamp: int) -> dict[str, int]:
    """The entries of `root` in the order the file system lists them (`stamp`: the folder's
    modification time, so a changed folder is listed again)."""
    try:
        with os.scandir(root) as entries:
            return {entry.name: at for at, entry in enumerate(entries)}
    except OSError:
        return {}


def locale_key(text: str) -> str:
    """A string whose code point order approximates ICU root collation of `text`:
    punctuation, then digits, then letters ignoring case and accents; then accents; then
    lower case before upper case. Each character adds one character to each of the three
    parts (`char_weights`), so the parts are translations of `text`."""
    return (
        text.translate(_PRIMARY)
        + "\x01"
        + text.translate(_SECONDARY)
        + "\x01"
        + text.translate(_TERTIARY)
    )


def char_weights(char: str) -> tuple[str, str, str]:
    """What one character adds to each part of its `locale_key`: its letter (punctuation
    first, then digits, then letters case folded), its accents, its case."""
    base = unicodedata.normalize("NFD", char)
    letter, marks = base[0], base[1:]
    position = _LOCALE_PUNCTUATION.find(letter)
    if position >= 0:
        primary = chr(0x20 + position)
    elif letter.isdigit():
        primary = chr(0x100 + (unicodedata.digit(letter, 0)))
    else:
        primary = chr(min(0x200 + ord(letter.casefold()[0]), 0x10FFFF))
    secondary = chr(0x20 + sum(ord(mark) for mark in marks) % 0xFFFF)
    return primary, secondary, "\x21" if letter.isupper() else "\x20"


# Characters whose translations a table keeps (a hostile tree of names could hold every
# code point).
_KEPT = 8192


class _Table(dict[int, str]):
    """A `str.translate` table filled as characters are met: each code point's translation
    is `translate(point)` (a 10,000-skill index keys every folder name; character by
    character it took a tenth of the cross-skill pass)."""

    def __init__(self, translate: Callable[[int], str]) -> None:
        super().__init__()
        self._translate = translate

    def __missing__(self, point: int) -> str:
        found = self._translate(point)
        if len(self) < _KEPT:
            self[point] = found
        return found


def _weight(part: int) -> Callable[[int], str]:
    return lambda point: char_weights(chr(point))[part]


_PRIMARY, _SECONDARY, _TERTIARY = (_Table(_weight(part)) for part in range(3))


# Above every code point a file name can hold: ends each mirrored path part (see below).
_MIRROR_TOP = 0x10FFFF


def descending_key(relative: str) -> str:
    """A key whose ascending (code point) order is the descending byte order of the path's
    parts, as C's `strcmp` orders UTF-8 names: each code point mirrored (`0x10FFFF - c`),
    each part closed by the top code point so a name sorts after its own extensions
    ("beta-2" before "beta")."""
    return relative.translate(_MIRRORED) + chr(_MIRROR_TOP)


# Each code point mirrored, and "/" (between parts) the top code point.
_MIRRORED = _Table(
    lambda point: chr(_MIRROR_TOP) if point == ord("/") else chr(_MIRROR_TOP - point)
)


def first_place(
    client: Client,
    reals: Iterable[str],
    candidates: Mapping[str, Candidate],
    outcomes: Mapping[str, Outcome],
) -> tuple[int, str] | None:
    """Where the winner of a name clash is listed when it keeps the place of the first copy
    loaded (`Client.clashes.clash_keeps_place`): the earliest copy the client did not skip."""
    if not client.clashes.clash_keeps_place:
        return None
    places = [
        candidates[real].order
        for real in reals
        if real in outcomes and outcomes[real].status is not Status.SKIPPED
    ]
    return min(places, default=None)


def source_order(candidate: Candidate, name: str) -> tuple[int, str]:
    """Where a skill is listed by `Client.clashes.list_order == "name-by-source"`: by name within
    its source, the project's roots together being one source (listed first, as they load
    first), every other root one of its own (in load order)."""
    source = -1 if candidate.root.scope == "project" else candidate.order[0]
    return (source, name)


def name_order(name: str) -> tuple[int, str]:
    """Where a skill is listed by `Client.clashes.list_order == "name"`: by its name lower-cased,
    then as written ("\0" ends each, so a name sorts before its own extensions)."""
    return (0, f"{name.lower()}\0{name}")
