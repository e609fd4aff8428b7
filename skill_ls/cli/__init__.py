"""The `skill-ls` command line: each sub-command lives in its own module.

Exit codes: 0 clean, 1 findings at or above the threshold, 2 usage or internal error.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence

from skill_ls import __version__
from skill_ls.cli import (
    check_command,
    clients_command,
    rules_command,
    serve_command,
    workspace_commands,
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # argparse's is NoReturn
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="skill-ls",
        description="Check, preview and serve Agent Skills SKILL.md files for every client.",
    )
    parser.add_argument("--version", action="version", version=f"skill-ls {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in (
        check_command,
        rules_command,
        workspace_commands,
        clients_command,
        serve_command,
    ):
        module.register(sub)
    return parser


def _tolerant_output() -> None:
    """Never crash on text the terminal's encoding cannot hold: a YAML escape such as
    "\\ud800" puts a lone surrogate in a name or description, which UTF-8 cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
