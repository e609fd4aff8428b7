"""`` !`command` `` lines in an activation, as each agent treats them (`Client.markup`).

skill-ls runs nothing. Where an agent runs a command and puts its output in its place,
the activation shows a marked placeholder naming the command instead (`run_placeholder`);
where an agent puts a notice in its place (Kilo Code CLI's untrusted skills), that notice.
"""

from __future__ import annotations

from dataclasses import replace

from skill_ls.clients.model import Client
from skill_ls.clients.shell_syntax import SHELL_SYNTAXES
from skill_ls.diagnostics import Position
from skill_ls.document import parse_document
from skill_ls.render.source import ActivationSource

RUN_PREFIX = "[skill-ls: output of `"


def run_placeholder(client: Client, command: str, approved: bool = False) -> str:
    """What stands where `client` puts the output of `command`."""
    when = "on activation, once the user approves it" if approved else "on activation"
    return f"{RUN_PREFIX}{command}`, which {client.name} runs {when}]"


def with_shell_lines(source: ActivationSource, client: Client, scope: str) -> ActivationSource:
    """`source` with the body's command spans as `client` leaves them for the model."""
    facts = client.markup
    if facts is None or facts.shell_syntax is None or facts.shell_commands == "shown":
        return source
    if "!`" not in source.text and "```!" not in source.text:
        return source
    document = parse_document(source.text, source.path)
    start = document.index.offset(Position(document.body_start_line, 0))
    body = source.text[start:]
    spans = SHELL_SYNTAXES[facts.shell_syntax](body)
    if not spans:
        return source
    runs = facts.shell_commands == "run" or scope in facts.shell_trusted_scopes
    approved = facts.shell_commands == "notice"
    parts: list[str] = []
    last = 0
    for span in spans:
        parts.append(body[last : span.start])
        if runs:
            parts.append(run_placeholder(client, span.command, approved))
        else:
            parts.append(facts.shell_notice)
        last = span.end
    parts.append(body[last:])
    return replace(source, text=source.text[:start] + "".join(parts))
