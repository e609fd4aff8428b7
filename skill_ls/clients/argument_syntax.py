"""Claude Code's argument placeholders: which `$...` it fills on activation, with what, and
when it appends the arguments instead (Claude Code 2.1.332, observed in the client lab:
`arguments`, `arguments-none`, `arguments-indexed`, `arguments-unfilled`,
`arguments-only-index`). The activation renderer fills a body with `substitute`; the
argument rules judge a body against the same grammar.

- `$name`, for a name `arguments` declares, unless a word character or `[` follows
  (`$target-x` and `$target.` are filled, `$target_x`, `$targets`, `$target[0]` and
  `${target}` are not); a declared name past the last word becomes empty.
- `$ARGUMENTS[N]` and `$N` (no word character after the digits): word N, counted from 0;
  past the last word they stay as written.
- `$ARGUMENTS`, also as the start of a longer word: the whole argument text as typed.
- A single backslash before any of these keeps it as written, minus the backslash.
- From Claude Code 2.1.337 (`Activation.awk_fields_kept`; observed in `arguments-indexed`,
  the pattern read in its bundle): the `$N` of an awk print program, `awk '{print $1}'`,
  `gawk -F, '{print $2, $3}'`, are kept as written wherever it stands; before, they were
  filled like any other `$N`.
- Textual: fenced and inline code are filled too. What was filled in is not read again.
- Nothing filled and arguments given: a last `ARGUMENTS: <text>` paragraph is appended.
- Each value put in (a word, the whole text, the appended text) has `${CLAUDE_SKILL_DIR}`
  filled and every `!` that could open a command defused (`inserted_value`).

Every pattern here is linear: literals, bounded runs and single-character lookarounds.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence

from skill_ls.text import JS_WHITESPACE
from skill_ls.yamltree import YNode, YScalar, YSequence

# JavaScript's `\d` and `\w` are ASCII; so are these.
DIGITS = r"[0-9]"
WORD_CHAR = r"[A-Za-z0-9_]"
# What ends a declared `$name`: neither a word character nor `[` follows.
NAME_END = r"(?![\[A-Za-z0-9_])"
# Names longer than this, and names past the first MAX_NAMES, are not filled.
MAX_NAME_LENGTH = 64
MAX_NAMES = 64

_BRACKET = re.compile(r"\$ARGUMENTS\[([0-9]+)\]")
_INDEX = re.compile(r"\$([0-9]+)(?![A-Za-z0-9_])")
_ALL = "$ARGUMENTS"
# Claude Code's private markers: a `$` kept as written, and the edges of a filled-in value.
_DOLLAR = "\uffff"
_EDGE = "\ufffe"
_REPLACEMENT = "\ufffd"
# An awk print program whose `$N`s Claude Code 2.1.337 keeps: `awk`, `gawk`, `mawk` or
# `nawk` as a word (JavaScript's ASCII `\b`), an optional `-F` separator without a `$`,
# then `'{print $N ...}'` printing fields only.
AWK_PRINT = re.compile(
    r"(?<![A-Za-z0-9_])[gmn]?awk"
    r"(?: +-F *(?:'[^'$\n]*'|\"[^\"$\n]*\"|[^" + re.escape(JS_WHITESPACE) + r"'\"$]+))?"
    r" +'\{ *print *\$[0-9]+(?:[ ,]*\$[0-9]+)* *\}'"
)
# A `!` at a line start or after white space, which Claude Code writes `\!` in a value.
_BANG_OPENING = re.compile(r"(^|\s)!", re.MULTILINE)


def declared_names(value: YNode | None) -> list[str]:
    """The names `arguments` declares, in order: a list's string items, or the words of a
    string; blank and all-digit names are dropped (the next name takes their place)."""
    if isinstance(value, YSequence):
        candidates = [
            item.value
            for item in value.items
            if isinstance(item, YScalar) and item.kind == "string"
        ]
    elif isinstance(value, YScalar) and value.kind == "string":
        candidates = value.value.split()
    else:
        return []
    return [name for name in candidates if name.strip() and not name.isdigit()]


def fillable_names(names: Sequence[str]) -> list[tuple[str, int]]:
    """(name, word index) for the names Claude Code fills, longest first (so `$target`
    does not take the start of `$targets` when both are declared)."""
    kept = [(name, i) for i, name in enumerate(names) if name and len(name) <= MAX_NAME_LENGTH]
    return sorted(kept[:MAX_NAMES], key=lambda pair: -len(pair[0]))


def placeholder_pattern(names: Sequence[str] = ()) -> re.Pattern[str]:
    """Every placeholder shape, for a scan: a `declared` name (tried first, longest first,
    as Claude Code fills names before the rest), `$ARGUMENTS` (also starting a longer word)
    with an optional `[bracket]` index, `digits`, or any other `name` (what an undeclared
    name would look like). Indexes are cut at 9 digits."""
    declared = "|".join(re.escape(name) + NAME_END for name, _ in fillable_names(names))
    return re.compile(
        r"\$(?:"
        + (f"(?P<declared>{declared})|" if declared else "(?P<declared>(?!))|")
        + r"ARGUMENTS(?:\[(?P<bracket>[0-9]{1,9})\])?|(?P<digits>[0-9]{1,9})(?![A-Za-z0-9_])|"
        + r"(?P<name>[A-Za-z_][A-Za-z0-9_]{0,63})"
        + NAME_END
        + ")"
    )


def argument_words(arguments: str) -> list[str]:
    """The words `$N` counts: shell-style (quotes group words), else split on white space."""
    if not arguments.strip():
        return []
    try:
        words = shlex.split(arguments)
    except ValueError:
        words = []
    return words or arguments.split()


def is_escaped(text: str, dollar: int) -> bool:
    """Whether the `$` at `dollar` has one backslash before it (not two)."""
    before = text[max(0, dollar - 2) : dollar]
    return before.endswith("\\") and before != "\\\\"


def inserted_value(value: str, skill_dir: str) -> str:
    """An argument value as Claude Code puts it in: `${CLAUDE_SKILL_DIR}` filled, and no
    `!` left where it could open a `` !`command` `` (observed: `!bang` becomes `\\!bang`)."""
    value = value.replace("${CLAUDE_SKILL_DIR}", skill_dir)
    value = value.replace("`!", "` !").replace("!`", "! `")
    return _BANG_OPENING.sub(r"\1\\!", value)


def substitute(
    body: str,
    arguments: str,
    names: Sequence[str] = (),
    variables: Callable[[str, Callable[[str], str]], str] | None = None,
    value: Callable[[str], str] | None = None,
    awk_fields_kept: bool = False,
) -> str:
    """The body as Claude Code shows it once filled from `arguments` (as typed) with the
    names `arguments` declares. `variables(text, protect)` fills `${CLAUDE_SKILL_DIR}` and
    the like first, passing each value through `protect` so that it is not read again;
    `value` rewrites each argument value before it is put in; `awk_fields_kept`: the `$N`
    of awk print programs are kept as written."""
    text = body.replace(_DOLLAR, _REPLACEMENT).replace(_EDGE, _REPLACEMENT)
    if variables is not None:
        text = variables(text, _protect)
    words = argument_words(arguments)
    fillable = fillable_names(names)
    filled = False

    def put(text: str) -> str:
        return _protect(value(text) if value is not None else text)

    def word(index: int) -> str:
        nonlocal filled
        filled = True
        return put(words[index] if index < len(words) else "")

    alternatives = [DIGITS, "ARGUMENTS", *(re.escape(n) + NAME_END for n, _ in fillable)]
    escape = re.compile(r"(?<!\\)\\\$(?=" + "|".join(alternatives) + ")")
    text = escape.sub(_DOLLAR, text)
    if awk_fields_kept:
        text = AWK_PRINT.sub(lambda match: match.group().replace("$", _DOLLAR), text)
    for name, index in fillable:
        pattern = re.compile(r"\$" + re.escape(name) + NAME_END)
        text = pattern.sub(_filler(word, index), text)

    def indexed(match: re.Match[str], kept: str) -> str:
        index = int(match.group(1))
        return word(index) if index < len(words) else kept

    text = _BRACKET.sub(lambda m: indexed(m, _DOLLAR + m.group()[1:]), text)
    text = _INDEX.sub(lambda m: indexed(m, m.group()), text)
    if _ALL in text:
        filled = True
        text = text.replace(_ALL, put(arguments))
    if not filled and arguments:
        text += "\n\nARGUMENTS: " + put(arguments)
    return text.replace(_DOLLAR, "$").replace(_EDGE, "")


def _filler(word: Callable[[int], str], index: int) -> Callable[[re.Match[str]], str]:
    return lambda _: word(index)


def _protect(value: str) -> str:
    """A filled-in value, marked so that no later pattern reads its `$`s."""
    inner = value.replace(_DOLLAR, _REPLACEMENT).replace(_EDGE, _REPLACEMENT)
    return _EDGE + inner.replace("$", _DOLLAR) + _EDGE
