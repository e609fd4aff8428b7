"""How alike two listed skills read: the distinctive words their listings share (SKL509).

A model picks a skill from its listing, the name and description the agent shows. Two
entries that say the same thing in the same words cannot be told apart. The measure:

- the listed text (the name the agent keys the skill by, its description as the agent
  takes it, `when_to_use` where the agent honours it, cut at its entry cap; the name alone
  where the agent's budget drops the description, see `competing.py`) is lower-cased
  and split into words of letters and digits; numbers alone and stop words (English
  function words and the boilerplate every description has: "use", "when", "skill",
  "user", "asked", ...) are dropped; plurals and -ing/-ed endings are folded (`stem`);
- a word that many skills of the workspace share (`common_cutoff`) is not distinctive: it
  tells no two skills apart;
- two entries compete when they share at least `MIN_SHARED` distinctive words and these
  are at least a share (`WARNING_SHARE`, `INFO_SHARE`) of the distinctive words of the
  shorter entry: "sharing 9 of 11 distinctive words".

`OverlapIndex` keeps each skill's words and an inverted index (word -> skills), patched when
a skill changes, so finding one skill's competitors reads only the skills that share one of
its distinctive words, and each word's list is bounded by the cutoff.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from skill_ls.clients.table import CLIENTS_BY_ID, Client
from skill_ls.rules.workspace import (
    COMMON_AT_LEAST,
    COMMON_AT_MOST,
    COMMON_SHARE,
    INFO_SHARE,
    MIN_SHARED,
    WARNING_SHARE,
)
from skill_ls.workspace.index_records import SkillFacts
from skill_ls.workspace.precedence import Candidate
from skill_ls.workspace.skill_reading import as_found, description_of

# Letters and digits (a single character class: linear).
_WORD = re.compile(r"[^\W_]+")
_DIGITS = re.compile(r"[0-9]+")


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOP_WORDS: frozenset[str] = _word_set(
    # English function words
    "a about above after again against all also an and any are as at be because been "
    "before being below between both but by can could do does doing down during each "
    "either etc even every few for from further had has have having he her here how i "
    "if in into is it its itself just may me might more most must my no nor not now of "
    "off on once one only or other our out over own per same she should so some such "
    "than that the their them then there these they this those through to too under "
    "until up upon us very via vs was we were what whatever whenever where whether "
    "which while who whom why will with within without would yet you your e g eg ie "
    # the boilerplate of descriptions: how they say when to pick a skill
    "use uses used using usage when whenever skill skills user users ask asks asked "
    "asking request requests requested want wants need needs needed help helps trigger "
    "triggers triggered invoke invoked like including include includes provide provides "
    "based task tasks work working mention mentions mentioned specific specifically "
    "something anything related relevant example examples e.g i.e please new get make "
    "makes let lets able well way ways"
)


@functools.lru_cache(maxsize=1 << 16)  # a workspace's vocabulary is small; words repeat
def stem(word: str) -> str:
    """Fold plurals and -ing/-ed endings to one stem ("merge", "merges", "merging",
    "merged" → "merg"; "libraries" → "library"); words of three letters stay."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif (word.endswith("ed") and len(word) > 4) or (
        word.endswith("es") and len(word) > 4 and word[-3] in "sxz"
    ):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]  # "mapping" → "mapp" → "map"
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


# Name words that say nothing of what sets a skill apart (as stems).
GENERIC_NAME_WORDS: frozenset[str] = frozenset(
    stem(word)
    for word in _word_set(
        "tool helper util utility kit toolkit manager assistant expert pro plus old legacy "
        "copy backup draft main core"
    )
)


@dataclass(frozen=True, slots=True)
class Words:
    """The content words of one listed entry: stems, each with the form first written;
    which of them the name holds, and which the description."""

    shown: Mapping[str, str]  # stem -> the word as the entry first writes it
    name: frozenset[str]
    description: Mapping[str, int]  # stem -> how many times the description uses it


def content_words(name: str, description: str) -> Words:
    shown: dict[str, str] = {}
    counts: list[dict[str, int]] = []
    for text in (name, description):
        uses: dict[str, int] = {}
        for word in _WORD.findall(text.lower()):
            if len(word) < 2 or word in STOP_WORDS or _DIGITS.fullmatch(word):
                continue
            stemmed = stem(word)
            uses[stemmed] = uses.get(stemmed, 0) + 1
            shown.setdefault(stemmed, word)
        counts.append(uses)
    return Words(shown, frozenset(counts[0]), counts[1])


def listed_text(client: Client, facts: SkillFacts) -> str:
    """What `client` lists for the skill, as words go: its name, its description (with
    `when_to_use` where the client honours the field), cut at the client's entry cap."""
    description = description_of(client, facts) or ""
    if facts.when_to_use and "when_to_use" in client.fields.honoured:
        description = f"{description} - {facts.when_to_use}"
    if client.listing.entry_cap is not None:
        description = description[: client.listing.entry_cap]
    return description


def listed_texts(
    facts: SkillFacts | None,
    real: str,
    audience: Iterable[str],
    names: Mapping[str, Mapping[str, str]],
    candidates: Mapping[str, Mapping[str, Candidate]],
) -> dict[str, tuple[str, str]]:
    """client id -> (name, description) as each `audience` client finding the skill at
    `real` lists it (`names`: client id -> real path -> the name it gives; `candidates`:
    where it finds the file, for a root-level `*.md` read otherwise)."""
    if facts is None:
        return {}
    texts: dict[str, tuple[str, str]] = {}
    for client_id in audience:
        name = names.get(client_id, {}).get(real)
        if name is not None:
            client = CLIENTS_BY_ID[client_id]
            found = candidates[client_id][real].found
            texts[client_id] = (name, listed_text(client, as_found(client, facts, found)))
    return texts


@dataclass(frozen=True)
class Overlap:
    """What two entries share: the shared distinctive words (as the first entry writes
    them, in its order) and how many distinctive words the shorter entry has."""

    shared: tuple[str, ...]
    smaller: int
    # Both names have the same words (`zoho-books` and `zoho_books`): a copy, likely.
    same_name_words: bool = False

    @property
    def share(self) -> float:
        return len(self.shared) / self.smaller if self.smaller else 0.0

    @property
    def band(self) -> str | None:
        """ "warning", "info", or None (the two can be told apart)."""
        if len(self.shared) < MIN_SHARED:
            return None
        if self.share >= (INFO_SHARE if self.same_name_words else WARNING_SHARE):
            return "warning"
        return "info" if self.share >= INFO_SHARE else None


def compare(
    mine: Words, other: Words, common: Callable[[str], bool], names_count: bool = True
) -> Overlap:
    """The distinctive words two entries share, relative to the shorter one; nothing
    when either one's name says what sets it apart (`sets_apart`; unless `names_count`
    is False)."""
    if names_count and (sets_apart(mine, other) or sets_apart(other, mine)):
        return Overlap((), 0)
    ours = [s for s in mine.shown if not common(s)]
    theirs = {s for s in other.shown if not common(s)}
    shared = tuple(mine.shown[s] for s in ours if s in theirs)
    alike = bool(mine.name) and mine.name == other.name
    return Overlap(shared, min(len(ours), len(theirs)), alike)


def sets_apart(mine: Words, other: Words) -> bool:
    """`mine`'s name has a word the other's name lacks, that its own description uses more
    often than the other's does (`aws-review` beside `azure-review`, `create-plan` beside
    `update-plan`, `convert-pdf` beside a `convert-word` that mentions PDF once): the
    entry says what it is for, and the other is not about that."""
    return any(
        mine.description.get(word, 0) > other.description.get(word, 0)
        for word in mine.name - other.name
        if word not in GENERIC_NAME_WORDS
    )


def common_cutoff(skills: int) -> int:
    """How many skills may share a word before it stops being distinctive."""
    return min(max(COMMON_AT_LEAST, int(skills * COMMON_SHARE)), COMMON_AT_MOST)


class OverlapIndex:
    """Each skill's listed words per client (skills by real path), and which skills use each
    word. Filled on demand through `texts` (real path -> client id -> the name and the
    description it lists); a
    changed skill is `forget`-ten and read again when next asked for."""

    def __init__(self, texts: Callable[[str], Mapping[str, tuple[str, str]]]) -> None:
        self._texts = texts
        self._words: dict[str, dict[str, Words]] = {}  # real -> client id -> words
        self._postings: dict[str, set[str]] = {}  # stem -> reals
        self._pending: set[str] = set()  # reals to (re-)read
        self._all_known = False

    def forget(self, reals: Iterable[str]) -> None:
        for real in reals:
            self._drop(real)
            self._pending.add(real)

    def clear(self) -> None:
        self._words.clear()
        self._postings.clear()
        self._pending.clear()
        self._all_known = False

    def words(self, real: str, client_id: str) -> Words | None:
        by_client = self._words.get(real)
        return by_client.get(client_id) if by_client is not None else None

    def common(self) -> Callable[[str], bool]:
        """Whether a stem is shared by too many skills to tell any two apart."""
        cutoff = common_cutoff(len(self._words))
        postings = self._postings
        return lambda word: len(postings.get(word, ())) > cutoff

    def candidates(self, real: str) -> list[str]:
        """Skills that share at least `MIN_SHARED` distinctive words with `real` in the
        listing of some client (read from the word lists, never the whole index)."""
        by_client = self._words.get(real)
        if not by_client:
            return []
        cutoff = common_cutoff(len(self._words))
        stems: set[str] = set()
        for words in by_client.values():
            stems.update(words.shown)
        counts: dict[str, int] = {}
        for word in stems:
            users = self._postings.get(word, ())
            if len(users) > cutoff:
                continue
            for other in users:
                counts[other] = counts.get(other, 0) + 1
        counts.pop(real, None)
        return sorted(other for other, count in counts.items() if count >= MIN_SHARED)

    def refresh(self, reals: Iterable[str], limit: int | None = None) -> bool:
        """Read the skills not read yet (at most `limit` of them): `reals` is every skill of
        the index, walked once after a scan; afterwards only the skills forgotten since are
        read. Whether none is left to read."""
        if not self._all_known:
            self._pending.update(reals)
            self._all_known = True
        count = len(self._pending) if limit is None else min(limit, len(self._pending))
        for _ in range(count):
            self._read(self._pending.pop())
        return not self._pending

    def _read(self, real: str) -> None:
        self._drop(real)
        texts = self._texts(real)
        if not texts:
            return
        memo: dict[tuple[str, str], Words] = {}
        by_client: dict[str, Words] = {}
        for client_id, text in texts.items():
            words = memo.get(text)
            if words is None:
                words = memo[text] = content_words(*text)
            by_client[client_id] = words
        self._words[real] = by_client
        for words in memo.values():
            for word in words.shown:
                self._postings.setdefault(word, set()).add(real)

    def _drop(self, real: str) -> None:
        by_client = self._words.pop(real, None)
        if by_client is None:
            return
        for words in by_client.values():
            for word in words.shown:
                users = self._postings.get(word)
                if users is not None:
                    users.discard(real)
                    if not users:
                        del self._postings[word]
