"""Safety: what a skill should not ship: credentials, the author's home folder, and commands
that run whatever version of a package is newest on the day the agent runs them.

Only SKILL.md is scanned (the document the validator gets). Every pattern starts at a literal
or a bounded class and repeats bounded classes a bounded number of times, so a scan is linear
in the text; secrets are recognised by their vendors' formats, never by entropy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from skill_ls.diagnostics import Severity
from skill_ls.document import SkillDocument
from skill_ls.document.blocks import LineKind, body_lines
from skill_ls.rules.code_spans import inline_code_spans
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
UNPINNED_RUNNER = define(
    "SKL463",
    "unpinned-runner",
    Severity.WARNING,
    "`npx`, `uvx`, `pipx run` or `bunx` of a package with no version",
    "These runners fetch the newest release of the package when the agent runs the command, "
    "so what runs changes under the skill's feet (and a hijacked release runs at once). Pin "
    "the version: `npx pkg@1.2.3`, `uvx pkg==1.2.3` (or `uvx --from 'pkg==1.2.3' cmd`), "
    "`pipx run --spec pkg==1.2.3 cmd`, `bunx pkg@1.2.3`. Only commands in code (fenced "
    "blocks and inline code) of SKILL.md count. A floating tag said explicitly (`@latest`, "
    "`@next`) is a choice the author made: reported as a hint. So is a plain `npx tool` or "
    "`bunx tool` (unscoped, no `-y` or `-p`): in a project that installs the tool, as most "
    "`npx jest`, `npx prisma`, `npx turbo` are, it runs the project's locked copy; it "
    "fetches the newest release only where the project does not. MCP server configurations "
    'in JSON (`"command": "npx"`) are not read.',
    example="npx -y @scope/inspector  ->  npx -y @scope/inspector@0.16.2",
    family=FAMILY,
)


def check(doc: SkillDocument, report: Reporter) -> None:
    if report.enabled(SECRET):
        _check_secrets(doc, report)
    if report.enabled(HOME_PATH):
        _check_home_paths(doc, report)
    if report.enabled(UNPINNED_RUNNER):
        _check_runners(doc, report)


# --- SKL461: secrets ---------------------------------------------------------------------

# Each kind: a literal prefix (shown in the message), then the vendor's format. The bodies
# are bounded repetitions, the boundaries look one character around: linear in the text.
_KINDS: dict[str, tuple[str, str]] = {
    # name: (kind in words, pattern)
    "aws": ("an AWS access key id", r"(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Za-z])"),
    "github": ("a GitHub token", r"gh[pousr]_[0-9A-Za-z]{36}(?![0-9A-Za-z_])"),
    "github_pat": (
        "a GitHub fine-grained token",
        r"github_pat_[0-9A-Za-z]{22}_[0-9A-Za-z]{59}(?![0-9A-Za-z_])",
    ),
    "slack": (
        "a Slack token",
        r"xox[abprs]-(?:[0-9]{1,16}-){1,3}[0-9A-Za-z]{20,64}(?![0-9A-Za-z-])",
    ),
    "stripe": ("a Stripe live secret key", r"[rs]k_live_[0-9A-Za-z]{24,99}(?![0-9A-Za-z])"),
    "anthropic": ("an Anthropic API key", r"sk-ant-[0-9A-Za-z_-]{32,200}(?![0-9A-Za-z_-])"),
    "openai_project": (
        "an OpenAI API key",
        r"sk-(?:proj|svcacct|admin)-[0-9A-Za-z_-]{40,200}(?![0-9A-Za-z_-])",
    ),
    "openai": ("an OpenAI API key", r"sk-[0-9A-Za-z]{48}(?![0-9A-Za-z_-])"),
    "google": ("a Google API key", r"AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
    "private_key": (
        "a private key",
        r"-----BEGIN (?:[A-Z0-9]{1,16} ){0,3}PRIVATE KEY(?: BLOCK)?-----",
    ),
}
_SECRETS = re.compile(
    r"(?<![0-9A-Za-z_-])(?:"
    + "|".join(f"(?P<{name}>{pattern})" for name, (_, pattern) in _KINDS.items())
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
            f"{words} (`{shown}`) is written in SKILL.md: everyone who gets the skill gets "
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


# --- SKL463: unpinned runners ----------------------------------------------------------------

_RUNNER = re.compile(r"(?<![\w./@-])(?P<runner>npx|bunx|uvx|pipx[ \t]+run)(?=[ \t])")
_RUNNER_WORDS = ("npx", "bunx", "uvx", "pipx")
# A registry package name as the runners take it (npm scope included), before any version.
_PACKAGE = re.compile(r"(?:@[a-z0-9][\w.-]*/)?[A-Za-z0-9][\w.-]*")
# A shell word: a run of characters other than whitespace and the shell's separators.
_WORD = re.compile(r"[^\s;&|()`]+")
# Options that take a value in the next word, per runner (unknown options are flags).
_VALUED = {
    "npx": frozenset({"-p", "--package", "-c", "--call", "-w", "--workspace"}),
    "bunx": frozenset({"-p", "--package"}),
    "uvx": frozenset(
        {
            "--from",
            "--with",
            "-w",
            "--with-requirements",
            "--with-editable",
            "--python",
            "-p",
            "--index",
            "--index-url",
            "-i",
            "--extra-index-url",
            "--default-index",
            "--find-links",
            "-f",
            "--cache-dir",
            "--directory",
            "--project",
            "--config-file",
            "--color",
            "--env-file",
            "--python-platform",
            "--constraints",
            "--overrides",
            "-c",
        }
    ),
    "pipx run": frozenset({"--spec", "--python", "--index-url", "-i", "--pip-args"}),
}
# The options whose value is the package to run (instead of the first plain word).
_PACKAGE_OPTIONS = {
    "npx": ("-p", "--package"),
    "bunx": ("-p", "--package"),
    "uvx": ("--from",),
    "pipx run": ("--spec",),
}
# Words looked at after a runner.
MAX_WORDS = 24
# Options of `npx`/`bunx` that make it fetch the package (or install it without asking).
_FETCH_OPTIONS = frozenset({"-y", "--yes", "-p", "--package"})
# Words after a runner that name no package: placeholders, and prose about the runner.
_NOT_PACKAGES = frozenset(
    {
        "package",
        "package-name",
        "package_name",
        "packagename",
        "pkg",
        "name",
        "tool",
        "your-package",
        "with",
        "without",
        "flag",
        "flags",
        "and",
        "or",
        "is",
        "the",
        "to",
        "for",
        "in",
        "on",
        "command",
        "commands",
    }
)
_FLOATING = frozenset({"latest", "next", "canary", "beta", "alpha", "rc", "nightly", "dev"})


@dataclass(frozen=True)
class _Unpinned:
    start: int  # offset of the package word in the text
    end: int
    package: str
    runner: str
    tag: str | None  # the floating tag said explicitly (`latest`), None: no version at all
    # Whether the command surely fetches from the registry: `uvx` and `pipx run` always do;
    # `npx`/`bunx` run the project's own copy of a tool when it has one, unless told to
    # fetch (`-y`, `-p pkg`) or given a scoped package (`@scope/tool`, no binary's name).
    fetches: bool = True


def _check_runners(doc: SkillDocument, report: Reporter) -> None:
    body = doc.body
    if not any(word in body for word in _RUNNER_WORDS):
        return
    index = doc.index
    for number, line, kind in body_lines(doc):
        if not any(word in line for word in _RUNNER_WORDS):
            continue
        base = index.line_starts[number]
        if kind is LineKind.CODE:
            spans = [(0, len(line))]
        elif kind is LineKind.PROSE:
            spans = inline_code_spans(line)
        else:
            continue
        for begin, finish in spans:
            for found in _unpinned(line, begin, finish):
                _report_runner(doc, report, found, base)


def _unpinned(line: str, begin: int, finish: int) -> list[_Unpinned]:
    found: list[_Unpinned] = []
    for runner_match in _RUNNER.finditer(line, begin, finish):
        runner = re.sub(r"[ \t]+", " ", runner_match.group("runner"))
        words = [
            (word.start(), word.end())
            for _, word in zip(
                range(MAX_WORDS), _WORD.finditer(line, runner_match.end(), finish), strict=False
            )
        ]
        targets, told = _targets(line, runner, words)
        for start, end in targets:
            result = _judge(line, start, end, runner)
            if result is None:
                continue
            if runner in ("npx", "bunx") and not told and not result.package.startswith("@"):
                result = replace(result, fetches=False)
            found.append(result)
    return found


def _targets(
    line: str, runner: str, words: list[tuple[int, int]]
) -> tuple[list[tuple[int, int]], bool]:
    """The words naming the packages a runner runs (the values of its package options, else
    its first word that is not an option), and whether an option tells it to fetch."""
    valued = _VALUED[runner]
    chosen = _PACKAGE_OPTIONS[runner]
    from_options: list[tuple[int, int]] = []
    told = False
    position = 0
    while position < len(words):
        start, end = words[position]
        word = line[start:end]
        if word == "--":
            position += 1
            break
        if not word.startswith("-"):
            break
        option, equals, _ = word.partition("=")
        told = told or option in _FETCH_OPTIONS
        if equals:
            if option in chosen:
                from_options.append((start + len(option) + 1, end))
            position += 1
            continue
        if word in valued and position + 1 < len(words):
            if word in chosen:
                from_options.append(words[position + 1])
            position += 2
            continue
        position += 1
    if from_options:
        return from_options, told
    if position < len(words):
        return [words[position]], told
    return [], told


def _judge(line: str, start: int, end: int, runner: str) -> _Unpinned | None:
    """The finding for one package word, or None when it is pinned or is no registry
    package (a path, a URL, a variable, a placeholder)."""
    raw = line[start:end]
    word = raw.strip("'\"")
    start += raw.find(word) if word else 0
    if not word or word[0] in "$<{[.~/\\%":
        return None
    if "://" in word or word.startswith(("git+", "file:", "http")):
        return None
    name_match = _PACKAGE.match(word)
    if name_match is None:
        return None
    name = name_match.group()
    if name.lower() in _NOT_PACKAGES:
        return None
    rest = word[name_match.end() :]
    if rest.startswith("@"):
        version = rest[1:]
        if version.lower() in _FLOATING:
            return _Unpinned(start, start + len(word), name, runner, version)
        return None if version else _Unpinned(start, start + len(word), name, runner, None)
    if rest.startswith(("==", "~=", ">=", "<=", "!=", "<", ">", "===", "[")):
        if rest.startswith("["):
            # `pkg[extra]==1.0`: the version follows the extras.
            close = rest.find("]")
            after = rest[close + 1 :] if close >= 0 else ""
            if after.startswith(("==", "~=", ">=", "<=", "!=", "<", ">", "@")):
                return None
            return _Unpinned(start, start + len(word), name, runner, None)
        return None
    if rest:
        # Something the runner does not read as a package name (`pkg:cmd`, `pkg,x`).
        return None
    return _Unpinned(start, start + len(word), name, runner, None)


def _report_runner(doc: SkillDocument, report: Reporter, found: _Unpinned, base: int) -> None:
    python = found.runner in ("uvx", "pipx run")
    pin = f"{found.package}==1.2.3" if python else f"{found.package}@1.2.3"
    rng = doc.index.range(base + found.start, base + found.end)
    if found.tag is not None:
        report.report(
            UNPINNED_RUNNER,
            rng,
            f"`{found.runner} {found.package}@{found.tag}` runs whatever release is "
            f"`{found.tag}` on the day the agent runs it; pin a version (`{pin}`) if the "
            "skill depends on how it behaves",
            severity=Severity.HINT,
        )
        return
    if not found.fetches:
        report.report(
            UNPINNED_RUNNER,
            rng,
            f"`{found.runner} {found.package}` has no version: where the project does not "
            f"install `{found.package}` itself, {found.runner} fetches the newest release on "
            f"the day the agent runs it. Pin one (`{pin}`) unless the project provides it",
            severity=Severity.HINT,
        )
        return
    report.report(
        UNPINNED_RUNNER,
        rng,
        f"`{found.runner} {found.package}` has no version: it runs the newest release on the "
        f"day the agent runs it. Pin one (`{pin}`)",
    )
