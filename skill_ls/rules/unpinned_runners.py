"""Safety: commands that run whatever version of a package is newest on the day the agent
runs them (SKL463). Part of the safety family, with `safety.py` (credentials, home folders).

Only commands in code (fenced blocks and inline code) of SKILL.md count. Every pattern
starts at a literal or a bounded class and repeats bounded classes a bounded number of
times, so a scan is linear in the text.
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
    if report.enabled(UNPINNED_RUNNER):
        _check_runners(doc, report)


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
