"""What the workspace commands (`skills`, `catalog`, `activate`) share: their arguments, the
index they scan, and how they print JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path

from skill_ls.clients.table import CLIENTS_BY_ID
from skill_ls.config import Settings, load_file_settings
from skill_ls.workspace import WorkspaceIndex

CLIENT_IDS = tuple(CLIENTS_BY_ID)


def workspace_arguments(parser: argparse.ArgumentParser) -> None:
    """The folder, client, home and context window arguments of a workspace command."""
    parser.add_argument("path", nargs="?", default=".", metavar="PATH", help="workspace folder")
    parser.add_argument(
        "--client",
        "-c",
        choices=CLIENT_IDS,
        metavar="ID",
        help=f"one client: {', '.join(CLIENT_IDS)}",
    )
    parser.add_argument(
        "--home",
        metavar="DIR",
        help="search user skills under DIR instead of $HOME ($XDG_CONFIG_HOME and $CODEX_HOME "
        "then default below DIR)",
    )
    parser.add_argument(
        "--context-window",
        type=_tokens,
        metavar="TOKENS",
        help="the model's context window, for catalog budgets that scale with it (Claude "
        "Code, Codex); default: the contextWindow setting, else each agent's default model",
    )


def _tokens(text: str) -> int:
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of tokens: {text!r}") from None
    if not 1000 <= value <= 10**8:
        raise argparse.ArgumentTypeError("the context window is 1000 to 100000000 tokens")
    return value


def scanned_index(args: argparse.Namespace) -> WorkspaceIndex | None:
    """Build and scan the index for the command's workspace folder (None: usage error)."""
    folder = Path(args.path)
    if not folder.is_dir():
        print(f"skill-ls: {args.path}: not a folder", file=sys.stderr)
        return None
    settings, problems = load_file_settings(folder)
    for problem in problems:
        print(f"skill-ls: {problem.source}: {problem.message}", file=sys.stderr)
    environ = dict(os.environ)
    if args.home:
        environ["HOME"] = str(Path(args.home).resolve())
        for name in ("XDG_CONFIG_HOME", "CODEX_HOME"):
            environ.pop(name, None)
    settings = settings or Settings()
    if getattr(args, "context_window", None) is not None:
        settings = replace(settings, context_window=args.context_window)
    index = WorkspaceIndex([folder.resolve()], settings, environ=environ)
    index.scan()
    return index


def print_json(document: object) -> None:
    print(json.dumps(document, indent=2, ensure_ascii=False))
