"""Safety: what a skill should not ship: credentials and the author's home folder. Commands
that run whatever version of a package is newest (SKL463, the same family) are in
`unpinned_runners.py`.

Only SKILL.md is scanned (the document the validator gets). Every pattern starts at a literal
or a bounded class and repeats bounded classes a bounded number of times, so a scan is linear
in the text; secrets are recognised by their vendors' formats, never by entropy.
"""

from __future__ import annotations

import re

from skill_ls.diagnostics import Severity
from skill_ls.document import SkillDocument
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter

FAMILY = "safety"

SECRET = define(
    "SKL461",
    "secret",
    Severity.ERROR,
    "a credential in SKILL.md",
    "A skill is copied, shared and published as it is: a key in it is a key given to everyone "
    "who installs the skill, and to the model's context. Recognised by the vendors' formats "
    "(AWS access key ids, GitHub, Slack, Stripe live, OpenAI, Anthropic and Google API keys, "
    "private key blocks), never by guessing from randomness; documentation placeholders "
    "(`AKIAIOSFODNN7EXAMPLE`, `xxxx`, runs of one character, `...` in a key block) are "
    "skipped. Read the key from the environment instead, and revoke the one that was "
    "committed. The message names the kind of key and its public prefix only.",
    example="export GITHUB_TOKEN=ghp_...  # a real token here is SKL461; use $GITHUB_TOKEN",
    family=FAMILY,
)
HOME_PATH = define(
    "SKL462",
    "home-path",
    Severity.WARNING,
    "a hard-coded home folder (`/Users/<name>/`, `/home/<name>/`, `C:\\Users\\<name>\\`)",
    "The path exists on the author's machine only; on anyone else's the agent finds nothing "
    "or writes somewhere unexpected. Use `~`, `$HOME` (`%USERPROFILE%`), or a path relative "
    "to the skill. Generic names (`you`, `user`, `username`, `me`, `runner`, `Shared`, "
    "`<name>`, all-capitals names such as `USER`, ...) are placeholders and not reported.",
    example="python /Users/alice/tools/run.py  ->  python ~/tools/run.py",
    family=FAMILY,
)


def check(doc: SkillDocument, report: Reporter) -> None:
    if report.enabled(SECRET):
        _check_secrets(doc, report)
    if report.enabled(HOME_PATH):
        _check_home_paths(doc, report)


# --- SKL461: secrets ---------------------------------------------------------------------

# Each kind: a literal prefix (shown in the message), then the vendor's format. The bodies
# are bounded repetitions, the boundaries look one character around: linear in the text.
# Last, the literal text every key of the kind holds: a document holding none of them is
# not searched (the search tries every kind at every position, 0.13 ms of a 5 KB SKILL.md).
_KINDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # name: (kind in words, pattern, literal text each match holds)
    "aws": (
        "an AWS access key id",
        r"(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Za-z])",
        ("AKIA", "ASIA"),
    ),
    "github": (
        "a GitHub token",
        r"gh[pousr]_[0-9A-Za-z]{36}(?![0-9A-Za-z_])",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    ),
    "github_pat": (
        "a GitHub fine-grained token",
        r"github_pat_[0-9A-Za-z]{22}_[0-9A-Za-z]{59}(?![0-9A-Za-z_])",
        ("github_pat_",),
    ),
    "slack": (
        "a Slack token",
        r"xox[abprs]-(?:[0-9]{1,16}-){1,3}[0-9A-Za-z]{20,64}(?![0-9A-Za-z-])",
        ("xox",),
    ),
    "stripe": (
        "a Stripe live secret key",
        r"[rs]k_live_[0-9A-Za-z]{24,99}(?![0-9A-Za-z])",
        ("k_live_",),
    ),
    "anthropic": (
        "an Anthropic API key",
        r"sk-ant-[0-9A-Za-z_-]{32,200}(?![0-9A-Za-z_-])",
        ("sk-ant-",),
    ),
    "openai_project": (
        "an OpenAI API key",
        r"sk-(?:proj|svcacct|admin)-[0-9A-Za-z_-]{40,200}(?![0-9A-Za-z_-])",
        ("sk-",),
    ),
    "openai": ("an OpenAI API key", r"sk-[0-9A-Za-z]{48}(?![0-9A-Za-z_-])", ("sk-",)),
    "google": ("a Google API key", r"AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])", ("AIza",)),
    "private_key": (
        "a private key",
        r"-----BEGIN (?:[A-Z0-9]{1,16} ){0,3}PRIVATE KEY(?: BLOCK)?-----",
        ("-----BEGIN ",),
    ),
}
_SECRET_ANCHORS = tuple(dict.fromkeys(a for _, _, anchors in _KINDS.values() for a in anchors))
_SECRETS = re.compile(
    r"(?<![0-9A-Za-z_-])(?:"
    + "|".join(f"(?P<{name}>{pattern})" for name, (_, pattern, _) in _KINDS.items())
    + ")"
)
# The public part of each kind shown in messages (never more of the key).
_PREFIX = re.compile(r"-----BEGIN [A-Z0-9 ]{0,60}-----|[A-Za-z]{2,6}(?:_pat)?[_-](?:ant-|proj-)?")
# Words that documentation puts in a fake key (matched in the lower-cased key).
_PLACEHOLDER_WORDS = re.compile(
    r"example|sample|xxxx|your|dummy|fake|placeholder|redacted|changeme|replace|insert"
    r"|0123456789|123456789|abcdefgh|qwerty"
)
# Key-shaped strings looked at per document (each costs up to a key block's bounded look
# ahead; a file of thousands of BEGIN lines must not cost thousands of look aheads).
MAX_CANDIDATES = 200
# How far past `-----BEGIN ... PRIVATE KEY-----` its END line is looked for.
MAX_KEY_BLOCK = 16_384
_END_KEY = re.compile(r"-----END (?:[A-Z0-9]{1,16} ){0,3}PRIVATE KEY(?: BLOCK)?-----")
MIN_KEY_CHARACTERS = 8


def _check_secrets(doc: SkillDocument, report: Reporter) -> None:
    text = doc.text
    if not any(anchor in text for anchor in _SECRET_ANCHORS):
        return
    for seen, match in enumerate(_SECRETS.finditer(text)):
        if seen >= MAX_CANDIDATES:
            break
        kind = match.lastgroup or ""
        words = _KINDS[kind][0]
        start, end = match.span()
        if kind == "private_key":
            span = _key_block(text, end)
            if span is None:
                continue
            end = span
            shown = match.group()
        else:
            secret = match.group()
            if _is_placeholder(secret):
                continue
            prefix = _PREFIX.match(secret)
            shown = (prefix.group() if prefix else secret[:4]) + "…"
        report.report(
            SECRET,
            doc.index.range(start, end),
            f"{words} (`{shown}`) is written in {report.context.file_name or 'SKILL.md'}: "
            "everyone who gets the skill gets "
            "it. Read it from the environment instead, and revoke this one",
        )


def _is_placeholder(secret: str) -> bool:
    """Whether a key-shaped string is a documentation placeholder: a placeholder word, a
    counting run (`A1B2C3...`), or too few distinct characters to be random."""
    if _PLACEHOLDER_WORDS.search(secret.lower()):
        return True
    body = _KEY_PREFIX.sub("", secret, count=1)
    return len(set(body)) < MIN_KEY_CHARACTERS or _counting(body)


_KEY_PREFIX = re.compile(r"^[A-Za-z]{2,6}(?:_pat)?[_-](?:ant-|proj-)?")
# A key whose characters mostly follow their neighbour one or two places back in order
# (`abcd...`, `A1B2C3...`) was typed, not generated (random keys: a few percent).
COUNTING_SHARE = 0.4


def _counting(body: str) -> bool:
    if len(body) < 8:
        return False
    codes = [ord(char) for char in body]
    steps = sum(
        1
        for i in range(2, len(codes))
        if codes[i] - codes[i - 1] == 1 or codes[i] - codes[i - 2] == 1
    )
    return steps >= COUNTING_SHARE * (len(codes) - 2)


def _key_block(text: str, after: int) -> int | None:
    """Where a private key block that starts before `after` ends (its END line's end, or
    `after` when none follows within bounds), or None when the block holds no key (`...`,
    a placeholder): a real key is lines of base64, in the text or in a string with `\\n`
    escapes."""
    window = text[after : after + MAX_KEY_BLOCK]
    end = _END_KEY.search(window)
    inside = window[: end.start()] if end else window[:2048]
    words = _KEY_WORD_BREAK.split(inside, maxsplit=64)[:64]
    if end is None:
        # No END line: only the words right after the BEGIN line count.
        words = [word for word in words if word][:2]
    if not any(_BASE64_LINE.fullmatch(word) and not _is_placeholder(word) for word in words):
        return None
    return after + end.end() if end else after


_KEY_WORD_BREAK = re.compile(r"\s+|\\n")
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/]{40,}={0,2}")


# --- SKL462: home paths ----------------------------------------------------------------------

_HOME = re.compile(
    r"(?<![\w.~$%-])(?P<home>/(?:Users|home)/|[A-Za-z]:(?:\\{1,2}|/)Users(?:\\{1,2}|/))"
    r"(?P<name>[A-Za-z0-9_][\w.@-]{0,63})(?:\\{1,2}|/)"
)
# Every home path holds one of these: a document holding neither is not searched.
_HOME_ANCHORS = ("/home/", "Users")
# Names documentation uses for "some user" (compared lower-cased, without `-_.`).
_PLACEHOLDER_NAMES = frozenset(
    {
        "you",
        "your",
        "yours",
        "user",
        "users",
        "username",
        "yourname",
        "yourusername",
        "youruser",
        "name",
        "myname",
        "me",
        "my",
        "myuser",
        "someone",
        "somebody",
        "example",
        "exampleuser",
        "foo",
        "bar",
        "john",
        "jane",
        "johndoe",
        "janedoe",
        "alice",
        "bob",
        "dev",
        "developer",
        "shared",
        "public",
        "default",
        "defaultuser",
        "allusers",
        "runner",
        "ubuntu",
        "ec2user",
        "vscode",
        "node",
        "coder",
        "jovyan",
        "root",
        "app",
        "x",
        "xxx",
        "agent",
        "sandbox",
        "container",
        "docker",
        "codespace",
        "jdoe",
        "jsmith",
        "test",
        "testuser",
        "demo",
        "guest",
    }
)


def _placeholder_name(name: str) -> bool:
    squeezed = name.lower().replace("-", "").replace("_", "").replace(".", "")
    if squeezed in _PLACEHOLDER_NAMES or len(squeezed) < 2:
        return True
    if name.isupper() and len(name) > 1:  # `USER`, `YOUR_NAME`: an environment-variable style
        return True
    return squeezed.startswith(("your", "my", "example")) or squeezed.endswith("name")


def _check_home_paths(doc: SkillDocument, report: Reporter) -> None:
    text = doc.text
    if not any(anchor in text for anchor in _HOME_ANCHORS):
        return
    for match in _HOME.finditer(text):
        name = match.group("name")
        if _placeholder_name(name):
            continue
        path = match.group()
        report.report(
            HOME_PATH,
            doc.index.range(match.start(), match.end()),
            f"`{path}` is a home folder on one machine: it does not exist for others. Use "
            "`~`, `$HOME` or a path relative to the skill",
        )
