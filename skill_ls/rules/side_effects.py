"""Commands with effects outside the workspace (publish, deploy, push, delete) in a skill the
model may activate on its own.

Only code counts: fenced blocks in a shell or SQL language (or none) and inline code. The
commands are a short explicit list, each matched as whole words.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from skill_ls.clients.table import Client
from skill_ls.diagnostics import Fix, Range, Severity
from skill_ls.document import SkillDocument
from skill_ls.document.blocks import LineKind, body_lines, fenced_code, prose_lines_holding
from skill_ls.rules.code_spans import inline_code_spans
from skill_ls.rules.helpers import insert_after_open, names
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter

FAMILY = "body"
FLAG = "disable-model-invocation"

SIDE_EFFECTS = define(
    "SKL413",
    "side-effects-without-dmi",
    Severity.INFO,
    "the skill runs a command that publishes, deploys, pushes or deletes, and the model may "
    "activate it on its own",
    "Without `disable-model-invocation: true` the model decides from the description alone "
    "when to activate a skill, and then follows its body: a `git push`, `npm publish`, "
    "`terraform apply` or `rm -rf` in it may run without the user having asked for this "
    "skill. The field leaves activation to the user (the slash command) in the agents that "
    "honour it; the message names them, and those that ignore it. Commands are looked for "
    "in code only (fenced shell or SQL blocks, inline code), not on a line that forbids, "
    'contrasts or rehearses them ("never", "instead", `--dry-run`) nor in a table; an '
    "`rm -rf` of a variable, a temporary folder or build output is cleanup. A "
    "`disable-model-invocation` already set, to any value, is the author's choice. The "
    "quick fix changes behaviour: the model no longer activates the skill, and Copilot CLI "
    "does not load it at all.",
    example="git push origin main   # in a skill's shell block: add disable-model-invocation: true",
    fixable=True,
    family=FAMILY,
)

# Each command as whole words; `[ \t]+` between words, one option at most where the
# command takes one first (`git -C dir push` is not matched: the list stays explicit).
_COMMANDS = re.compile(
    r"(?<![\w./-])(?:"
    r"git[ \t]+push|"
    r"(?:npm|yarn|pnpm|cargo|poetry)[ \t]+publish|twine[ \t]+upload|gem[ \t]+push|"
    r"docker[ \t]+push|kubectl[ \t]+(?:apply|delete|create)|"
    r"helm[ \t]+(?:install|upgrade|uninstall)|terraform[ \t]+(?:apply|destroy)|"
    r"gh[ \t]+release[ \t]+create|gh[ \t]+pr[ \t]+merge|"
    r"(?:vercel|netlify|firebase|flyctl|fly|wrangler)[ \t]+deploy|vercel[ \t]+--prod|"
    r"gcloud[ \t]+(?:app|run|functions)[ \t]+deploy|"
    r"aws[ \t]+s3[ \t]+(?:rm|rb)|aws[ \t]+cloudformation[ \t]+(?:deploy|delete-stack)|"
    r"rm[ \t]+-(?:rf|fr|Rf|fR)|"
    r"(?:DROP|drop)[ \t]+(?:TABLE|DATABASE|SCHEMA|table|database|schema)|"
    r"(?:TRUNCATE|truncate)[ \t]+(?:TABLE|table)"
    r")(?![\w-])"
)
# Fence languages whose lines are commands (an unlabelled fence counts too).
_SHELL_LANGUAGES = frozenset(
    {"", "sh", "bash", "shell", "zsh", "console", "terminal", "shell-session", "sql", "psql"}
    | {"powershell", "pwsh", "ps1", "cmd", "bat", "fish", "mysql", "postgresql", "sqlite"}
)
# Words that make a line forbid, contrast or rehearse a command rather than ask for it.
_FORBIDDING = re.compile(
    r"(?i)\b(?:never|don't|do not|must not|should not|shouldn't|avoid|without|instead|"
    r"prefer|denied|deny|blocked)\b|--dry-run"
)
# What follows `rm -rf` when it cleans up after the skill itself: a variable, a temporary
# folder, an environment or build output.
_SCRATCH = re.compile(
    r"[ \t]+[\"']?(?:\$|/tmp/|\.venv|venv|node_modules|dist|build|__pycache__|\.cache)"
)
_LISTED = 3
_BACKTICK = re.compile("`")


@dataclass(frozen=True)
class Command:
    text: str  # as written, runs of blanks made one space
    range: Range


def _fence_language(line: str) -> str:
    info = line.strip().lstrip("`~").strip().split()
    return info[0].lower().strip("{}.") if info else ""


def _lines_to_search(doc: SkillDocument) -> list[tuple[int, str, bool]]:
    """(line number, text, whether it is shell code) of the body lines that may hold a
    listed command: each line of a shell block, and each prose line holding inline code, in
    order."""
    code = fenced_code(doc)
    if code is None:  # other line breaks than `\n`: line by line
        lines: list[tuple[int, str, bool]] = []
        language = ""
        for number, line, kind in body_lines(doc):
            if kind is LineKind.FENCE_OPEN:
                language = _fence_language(line)
            elif kind is LineKind.CODE and language in _SHELL_LANGUAGES:
                lines.append((number, line, True))
            elif kind is LineKind.PROSE and "`" in line:
                lines.append((number, line, False))
        return lines
    # Searching each block whole and the prose for backticks keeps the lines visited by
    # Python to those that may hold one (visiting every line was this rule's cost).
    index = doc.index
    text, starts, ends = index.text, index.line_starts, index.line_ends
    found = [(number, line, False) for number, line in prose_lines_holding(doc, _BACKTICK) or ()]
    for opened, last in code:
        if opened == last or _fence_language(index.line(opened)) not in _SHELL_LANGUAGES:
            continue
        # A command never spans lines, and a closing fence line holds none.
        previous = -1
        for match in _COMMANDS.finditer(text, starts[opened + 1], ends[last]):
            number = bisect.bisect_right(starts, match.start()) - 1
            if number != previous:
                found.append((number, index.line(number), True))
                previous = number
    return sorted(found)


def commands(doc: SkillDocument) -> list[Command]:
    """The listed commands in the body's shell blocks and inline code, in order."""
    found: list[Command] = []
    index = doc.index
    for number, line, shell in _lines_to_search(doc):
        spans = [(0, len(line))] if shell else inline_code_spans(line)
        matches = [match for begin, end in spans for match in _COMMANDS.finditer(line, begin, end)]
        if not matches or _FORBIDDING.search(line) or line.lstrip().startswith("|"):
            continue  # none, or a prohibition, a contrast, a dry run, a table of examples
        base = index.line_starts[number]
        for match in matches:
            if match.group().startswith("rm") and _SCRATCH.match(line, match.end()):
                continue
            text = " ".join(match.group().split())
            found.append(Command(text, index.range(base + match.start(), base + match.end())))
    return found


def honouring(audience: tuple[Client, ...]) -> tuple[list[Client], list[Client]]:
    """The audience split by whether `disable-model-invocation: true` keeps the model from
    activating the skill (it hides or drops it) or is ignored."""
    stops: list[Client] = []
    ignores: list[Client] = []
    for client in audience:
        hides = (FLAG, True) in client.listing.hidden_when or (
            FLAG,
            True,
        ) in client.reading.dropped_when
        (stops if hides else ignores).append(client)
    return stops, ignores


def check(doc: SkillDocument, report: Reporter) -> None:
    if not report.enabled(SIDE_EFFECTS) or not doc.has_frontmatter or FLAG in doc.fields:
        return
    stops, ignores = honouring(report.context.audience)
    if not stops:
        return
    found = commands(doc)
    if not found:
        return
    shown: list[str] = []
    for command in found:
        if command.text not in shown:
            shown.append(command.text)
    listed = ", ".join(f"`{text}`" for text in shown[:_LISTED])
    if len(shown) > _LISTED:
        listed += f" and {len(shown) - _LISTED} more"
    message = (
        f"the body runs {listed}, yet {names(stops)} may activate this skill on the model's "
        f"own decision: set `{FLAG}: true` to leave it to the user"
    )
    dropping = [client for client in stops if (FLAG, True) in client.reading.dropped_when]
    if dropping:
        message += f" ({names(dropping)} then does not load the skill at all)"
    if ignores:
        message += f"; {names(ignores)} {'ignores' if len(ignores) == 1 else 'ignore'} the field"
    fix = Fix(f"Add `{FLAG}: true`", (insert_after_open(doc, f"{FLAG}: true\n"),), safe=False)
    report.report(SIDE_EFFECTS, found[0].range, message, fixes=[fix])
