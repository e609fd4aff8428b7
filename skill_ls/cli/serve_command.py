"""`skill-ls serve`: the language server (filled in with skill_ls.server)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the serve sub-command."""
