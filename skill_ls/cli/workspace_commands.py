"""`skill-ls skills | catalog | activate | schema` (filled in with the workspace index)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the workspace sub-commands."""
