"""`` !`command` `` lines in the body: what each target agent does with them on
activation (`Client.markup`: runs them, puts a notice in their place, or shows them)."""

from __future__ import annotations

from skill_ls.clients.model import Client
from skill_ls.clients.shell_syntax import SHELL_SYNTAXES, ShellSpan
from skill_ls.clients.table import CLIENTS
from skill_ls.diagnostics import Position, Range, Severity
from skill_ls.document import SkillDocument
from skill_ls.rules.helpers import names
from skill_ls.rules.registry import define
from skill_ls.rules.reporter import Reporter

FAMILY = "body"

INLINE_COMMAND = define(
    "SKL412",
    "inline-command",
    Severity.INFO,
    "a `` !`command` `` line runs in a shell, or is replaced, when some agents activate the skill",
    "Claude Code runs each `` !`command` `` span of the body (and each ```` ```! ```` block) "
    "in a shell when it activates the skill and puts the command's output in its place; "
    "Kilo Code CLI puts a notice there instead; the other agents show the text as written. "
    "Not wrong, but the author must know which agents run what, and that the others show "
    "the model a command it may run itself. The spans are found as each agent's own parser "
    "finds them (its client row), and the finding names the target agents of each kind.",
    example="Today's branch: !`git branch --show-current`",
    family=FAMILY,
)


def check(doc: SkillDocument, report: Reporter) -> None:
    if not report.enabled(INLINE_COMMAND) or not doc.has_frontmatter:
        return
    start = doc.index.offset(Position(doc.body_start_line, 0))
    body = doc.text[start:]
    if "!`" not in body and "```!" not in body:
        return
    audience = [c for c in report.context.audience if c.markup is not None]
    acting = [c for c in audience if _acts(c)]
    # Where no target acts on them, the spans the known agents act on: the targets then
    # show the model a command that another agent would run.
    judged_by = acting or [c for c in CLIENTS if _acts(c)]
    spans: dict[tuple[int, int], tuple[ShellSpan, list[Client]]] = {}
    for client in judged_by:
        assert client.markup is not None and client.markup.shell_syntax is not None
        for span in SHELL_SYNTAXES[client.markup.shell_syntax](body):
            spans.setdefault((span.start, span.end), (span, []))[1].append(client)
    for (low, high), (span, clients) in sorted(spans.items()):
        range_ = Range(doc.index.position(start + low), doc.index.position(start + high))
        showing = [c for c in audience if c not in clients]
        report.report(INLINE_COMMAND, range_, _message(span.command, clients, showing, acting))


def _acts(client: Client) -> bool:
    markup = client.markup
    return (
        markup is not None and markup.shell_syntax is not None and markup.shell_commands != "shown"
    )


def _label(command: str) -> str:
    """The command on one line, cut to a readable length, as inline code."""
    text = " ".join(command.split())
    if len(text) > _LABEL_LENGTH:
        text = text[: _LABEL_LENGTH - 3].rstrip() + "..."
    return f"`` {text} ``" if "`" in text else f"`{text}`"


_LABEL_LENGTH = 60


def _message(
    command: str, clients: list[Client], showing: list[Client], acting: list[Client]
) -> str:
    label = _label(command)
    shown = f"{names(showing)} show{'s' if len(showing) == 1 else ''} it to the model as written"
    if not acting:
        would = [f"{c.name} would {_verb(c)} it" for c in clients]
        return f"{label}: {shown}, running nothing ({', '.join(would)})"
    parts: list[str] = []
    runners = [c for c in clients if c.markup is not None and c.markup.shell_commands == "run"]
    if runners:
        parts.append(
            f"{label} runs in a shell when {names(runners)} activates the skill, and "
            "its output replaces this text"
        )
    for client in clients:
        markup = client.markup
        if markup is None or markup.shell_commands != "notice":
            continue
        trusted = ""
        if markup.shell_trusted_scopes:
            scopes = " or ".join(sorted(markup.shell_trusted_scopes))
            trusted = f" (for a {scopes} skill it runs the command once the user approves)"
        if runners:
            parts.append(f"{client.name} puts `{markup.shell_notice}` in its place{trusted}")
        else:
            parts.append(
                f"{client.name} reads {label} as a command and puts `{markup.shell_notice}` "
                f"in place of this text{trusted}"
            )
    if showing:
        parts.append(shown)
    return "; ".join(parts)


def _verb(client: Client) -> str:
    return "run" if client.markup and client.markup.shell_commands == "run" else "replace"
