"""The `skill-ls` command line: each sub-command lives in its own module.

Exit codes: 0 clean, 1 findings at or above the threshold, 2 usage or internal error.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Sequence

from skill_ls import __version__, code_cache

# Each command's module, imported only when that command runs (or for the full help):
# `skill-ls check` never loads the renderers, the server or the protocol library.
MODULES = (
    "check_command",
    "rules_command",
    "skills_command",
    "workspace_commands",
    "clients_command",
    "serve_command",
)
COMMANDS: dict[str, str] = {
    "check": "check_command",
    "rules": "rules_command",
    "explain": "rules_command",
    "skills": "skills_command",
    "catalog": "workspace_commands",
    "activate": "workspace_commands",
    "schema": "workspace_commands",
    "clients": "clients_command",
    "serve": "serve_command",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # argparse's is NoReturn
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `command` (a known command name), only that
    command's module is imported and registered."""
    parser = _Parser(
        prog="skill-ls",
        description="Check, preview and serve Agent Skills SKILL.md files for every client.",
    )
    parser.add_argument("--version", action="version", version=f"skill-ls {__version__}")
    # Taken out of the arguments before parsing (`_take_agent_versions`), wherever it is;
    # here for the help only.
    parser.add_argument(
        AGENT_VERSION,
        action="append",
        metavar="ID=VERSION",
        help="judge by this version of an agent where its observed versions differ "
        "(repeatable; default: the newest observed; `skill-ls clients` lists them)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    names = (COMMANDS[command],) if command in COMMANDS else MODULES
    for name in names:
        importlib.import_module(f"skill_ls.cli.{name}").register(sub)
    return parser


AGENT_VERSION = "--agent-version"


def _take_agent_versions(arguments: list[str]) -> tuple[list[str], list[str]]:
    """The arguments without `--agent-version ID=VERSION` (or `--agent-version=...`, before
    any `--`), and those values."""
    rest: list[str] = []
    values: list[str] = []
    at = 0
    while at < len(arguments):
        argument = arguments[at]
        if argument == "--":
            rest.extend(arguments[at:])
            break
        if argument == AGENT_VERSION and at + 1 < len(arguments):
            values.append(arguments[at + 1])
            at += 2
            continue
        if argument.startswith(AGENT_VERSION + "="):
            values.append(argument.split("=", 1)[1])
        else:
            rest.append(argument)
        at += 1
    return rest, values


def _choose_versions(values: list[str]) -> str | None:
    """Pass the chosen versions on to the client table (and to worker processes) through
    the environment, before anything reads the table; an error message, or None."""
    from skill_ls.clients.version_choice import ENVIRONMENT, chosen_versions, encode, parse_choice

    try:
        chosen = {**chosen_versions(), **parse_choice(",".join(values))}
    except ValueError as error:
        return f"{AGENT_VERSION}: {error}"
    os.environ[ENVIRONMENT] = encode(chosen)
    from skill_ls.clients.table import NEWEST

    known = {client.id for client in NEWEST}
    unknown = sorted(set(chosen) - known)
    if unknown:
        return f"{AGENT_VERSION}: unknown agent {unknown[0]!r} (known: {', '.join(sorted(known))})"
    return None


def _command(argv: Sequence[str]) -> str | None:
    """The command named by `argv` (its first argument), if it names one; None otherwise
    (no argument, an option such as --help or --version first, or a typo)."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def _tolerant_output() -> None:
    """Never crash on text the terminal's encoding cannot hold: a YAML escape such as
    "\\ud800" puts a lone surrogate in a name or description, which UTF-8 cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    # Before the records are defined: their methods' code comes compiled from the last run.
    code_cache.install()
    arguments, versions = _take_agent_versions(list(sys.argv[1:] if argv is None else argv))
    if versions:
        problem = _choose_versions(versions)
        if problem is not None:
            print(f"skill-ls: error: {problem}", file=sys.stderr)
            return 2
    command = _command(arguments)
    if command == "check":
        # An unchanged run is answered from its record before the validator is imported.
        from skill_ls.cli.replay import run_check

        _tolerant_output()
        return run_check(arguments, lambda: _run(arguments, command))
    return _run(arguments, command)


def _run(arguments: list[str], command: str | None) -> int:
    parser = build_parser(command)
    args = parser.parse_args(arguments)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    _tolerant_output()
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception:
        # Exit 1 means "findings"; a crash must never look like one.
        traceback.print_exc()
        print("skill-ls: internal error (exit 2)", file=sys.stderr)
        return 2
    return code
